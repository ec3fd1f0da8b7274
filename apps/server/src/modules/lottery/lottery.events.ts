import type { LotteryDrawMessage } from '@sorte/contracts';
import type { AppContext } from '../../platform/context.ts';
import { MERCHANT_BROADCAST_CHANNEL } from '../realtime/index.ts';
import { drawView } from './lottery.views.ts';
import type { DrawRow } from './lottery.views.ts';

/**
 * After a commit, off the money path: a draw's new state (drawn with its result, settled, or
 * cancelled) goes out on the event bus and every instance hands it to its sockets of the merchant.
 * A lost push costs a frame, never money — clients refetch the game on (re)connection.
 */
export function broadcastDraw(ctx: AppContext, draw: DrawRow & { game_code: string }): void {
  const message: LotteryDrawMessage = { type: 'lottery.draw', draw: drawView(draw, draw.game_code) };
  ctx.bus
    .publish(MERCHANT_BROADCAST_CHANNEL, JSON.stringify({ merchantId: draw.merchant_id, message }))
    .catch((error) => ctx.log.warn({ err: String(error) }, 'lottery push failed'));
}
