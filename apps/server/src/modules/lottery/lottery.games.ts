import { checkSchedule, type DrawSchedule } from '@sorte/lottery';
import type { Selectable } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import { prizeModeOf } from './lottery.queries.ts';
import type { LotteryGamesTable, PlayLimits } from './lottery.tables.ts';

/**
 * The game reads the money paths share: a game by code (enabled only), its draw schedule, its
 * stake limits for a play type, and a member's prize series.
 */

export type LotteryGame = Selectable<LotteryGamesTable>;

/** The enabled game `code` of the merchant; a switched-off game is as absent as an unknown one. */
export function gameByCode(db: Db, merchantId: string, code: string): Promise<LotteryGame | undefined> {
  return db
    .selectFrom('lottery_games')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('code', '=', code)
    .where('enabled', '=', true)
    .executeTakeFirst();
}

export function scheduleOf(
  game: Pick<LotteryGame, 'interval_minutes' | 'close_seconds' | 'utc_offset_minutes'>,
): DrawSchedule {
  return checkSchedule({
    intervalMinutes: game.interval_minutes,
    closeSeconds: game.close_seconds,
    utcOffsetMinutes: game.utc_offset_minutes,
  });
}

export interface StakeLimits {
  minUnitStakeMinor: bigint;
  maxTicketStakeMinor: bigint;
}

/** The game's stake limits, each overridden by the play type's own when the operator set one. */
export function limitsFor(game: LotteryGame, playType: string): StakeLimits {
  const limits = (game.play_limits as unknown as PlayLimits | null) ?? {};
  const own = limits[playType] ?? {};
  return {
    minUnitStakeMinor: BigInt(own.minUnitStakeMinor ?? game.min_unit_stake_minor),
    maxTicketStakeMinor: BigInt(own.maxTicketStakeMinor ?? game.max_ticket_stake_minor),
  };
}

/**
 * The series a member's tickets are sold at: the lowest series stored (lottery_series) for the
 * member or anyone above them in the agent tree, capped by the top series of the merchant's prize
 * mode (prizeModeOf). The lowest, not the nearest: an agent's series bounds their whole team, so a
 * downline given a series before their agent's was lowered never prices above that agent (the
 * rebate, agent − downline, is never negative), and a new member inherits their upline's series.
 */
export async function seriesOf(db: Db, merchantId: string, memberId: string): Promise<number> {
  const [member, mode] = await Promise.all([
    db
      .selectFrom('members')
      .select('ancestry')
      .where('id', '=', memberId)
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst(),
    prizeModeOf(db, merchantId),
  ]);
  // ancestry reads '/<root id>/…/<parent id>/'.
  const chain = [memberId, ...(member?.ancestry.split('/').filter(Boolean) ?? [])];
  const stored = await db
    .selectFrom('lottery_series')
    .select((eb) => eb.fn.min('series').as('series'))
    .where('merchant_id', '=', merchantId)
    .where('member_id', 'in', chain)
    .executeTakeFirst();
  return Math.min(mode.maxSeries, stored?.series ?? mode.maxSeries);
}
