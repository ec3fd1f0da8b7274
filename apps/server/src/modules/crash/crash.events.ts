import { isPlayCurrency } from '@sorte/money';
import type { CrashMessage } from '@sorte/contracts';
import type { AppContext } from '../../platform/context.ts';
import { MERCHANT_BROADCAST_CHANNEL } from '../realtime/index.ts';
import * as repo from './crash.repository.ts';
import { publicBet, roundView } from './crash.views.ts';

/**
 * After a commit, off the money path: the message goes out on the event bus and every instance
 * hands it to its sockets of the merchant. A lost push costs a frame, never a bet — clients refetch
 * GET /wps/crash/round on (re)connection.
 */
export function broadcast(ctx: AppContext, merchantId: string, message: CrashMessage): void {
  ctx.bus
    .publish(MERCHANT_BROADCAST_CHANNEL, JSON.stringify({ merchantId, message }))
    .catch((error) => ctx.log.warn({ err: String(error) }, 'crash push failed'));
}

export async function broadcastRound(
  ctx: AppContext,
  merchantId: string,
  roundId: bigint,
  growthPerMs: number,
): Promise<void> {
  const round = await repo.roundById(ctx.db, merchantId, roundId);
  if (!round) return;
  const bets = await repo.betsOf(ctx.db, roundId);
  broadcast(ctx, merchantId, {
    type: 'crash.round',
    round: roundView(round, bets, growthPerMs, ctx.clock.now()),
  });
}

export function broadcastBet(ctx: AppContext, bet: repo.BetRow): void {
  // Play money (free play) is not shown to the room: the public list is real bets only.
  if (isPlayCurrency(bet.currency)) return;
  broadcast(ctx, bet.merchant_id, { type: 'crash.bet', roundId: String(bet.round_id), bet: publicBet(bet) });
}
