import type { SportsBetsMessage } from '@sorte/contracts';
import type { Logger } from '../../platform/logging/logger.ts';
import type { EventBus } from '../../platform/realtime/event-bus.ts';
import type { SettledBet } from './sportsbook.settle.ts';

/**
 * Bus channel of bets that settlement decided or reopened, one message per batch:
 * {"members":[{"merchantId","memberId","message":SportsBetsMessage}]}. The realtime module forwards
 * each member's message to the sockets it holds, on whichever instance holds them.
 */
export const SPORTS_BETS_CHANNEL = 'sports.bets';

/** At most this many bets are named per member and batch; the rest are counted (`more`). */
const LISTED_PER_MEMBER = 20;

export interface MemberSportsBets {
  merchantId: string;
  memberId: string;
  message: SportsBetsMessage;
}

/** The batch's bets grouped into one message per member. */
export function memberMessages(bets: SettledBet[]): MemberSportsBets[] {
  const byMember = new Map<string, MemberSportsBets>();
  for (const bet of bets) {
    const key = `${bet.merchantId}\u0000${bet.memberId}`;
    const entry = byMember.get(key) ?? {
      merchantId: bet.merchantId,
      memberId: bet.memberId,
      message: { type: 'sports.bets', bets: [], more: 0 },
    };
    if (entry.message.bets.length < LISTED_PER_MEMBER)
      entry.message.bets.push({
        id: bet.id,
        status: bet.status,
        payoutMinor: Number(bet.payoutMinor),
        currency: bet.currency,
      });
    else entry.message.more++;
    byMember.set(key, entry);
  }
  return [...byMember.values()];
}

/**
 * After a settlement batch commits: one bus message for all its members. A push, never the money:
 * a bus outage costs the players the message (My bets shows the result at its next read).
 */
export function publishSettledBets(
  ctx: { bus: EventBus; log: Pick<Logger, 'warn'> },
  bets: SettledBet[],
): void {
  if (!bets.length) return;
  ctx.bus
    .publish(SPORTS_BETS_CHANNEL, JSON.stringify({ members: memberMessages(bets) }))
    .catch((error) => ctx.log.warn({ err: String(error) }, 'sports bets publish failed'));
}
