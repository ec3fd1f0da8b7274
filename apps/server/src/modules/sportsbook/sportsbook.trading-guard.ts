import type { SportsMarket } from '@sorte/contracts';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';

/**
 * What back-office trading adds to bet placement (read inside the bet batch's transaction, after
 * the fixtures are share-locked, so a suspension committed before the batch is seen and one being
 * written waits for the batch: `suspend` locks the fixture's row for update first, as feed messages do):
 * the merchant's operator suspensions of the selections' events and markets, its per-sport limits
 * and the bettors' own max stakes.
 */
export interface TradingGuard {
  /** `fixture\0market\0specifiers`, and `fixture\0\0` for a whole event. */
  suspended: Set<string>;
  sports: Map<string, { maxStakeMinor: bigint | null; maxPayoutMinor: bigint | null }>;
  players: Map<string, bigint>;
  /** Per market type (`1x2`, `correct_score`, …). */
  markets: Map<string, { maxStakeMinor: bigint | null; maxPayoutMinor: bigint | null }>;
}

interface Picked {
  eventId: string;
  market: string;
  specifiers: string;
}

const suspensionKey = (fixtureId: string, market: string, specifiers: string) =>
  `${fixtureId}\u0000${market}\u0000${specifiers}`;

export async function tradingGuardOf(
  trx: Db,
  merchantId: string,
  memberIds: string[],
  selections: Picked[],
): Promise<TradingGuard> {
  const fixtureIds = [...new Set(selections.map((s) => s.eventId))];
  // One after another: they share the batch's connection.
  const suspensions =
    fixtureIds.length === 0
      ? []
      : await trx
          .selectFrom('sb_suspensions')
          .select(['fixture_id', 'market_key', 'specifiers'])
          .where('merchant_id', '=', merchantId)
          .where('fixture_id', 'in', fixtureIds)
          .execute();
  const sports = await trx
    .selectFrom('sb_sport_limits')
    .select(['sport', 'max_stake_minor', 'max_payout_minor'])
    .where('merchant_id', '=', merchantId)
    .execute();
  const players =
    memberIds.length === 0
      ? []
      : await trx
          .selectFrom('sb_player_limits')
          .select(['member_id', 'max_stake_minor'])
          .where('member_id', 'in', [...new Set(memberIds)])
          .execute();
  const markets = await trx
    .selectFrom('sb_market_limits')
    .select(['market_key', 'max_stake_minor', 'max_payout_minor'])
    .where('merchant_id', '=', merchantId)
    .execute();
  return {
    markets: new Map(
      markets.map((m) => [
        m.market_key,
        { maxStakeMinor: m.max_stake_minor, maxPayoutMinor: m.max_payout_minor },
      ]),
    ),
    suspended: new Set(suspensions.map((s) => suspensionKey(s.fixture_id, s.market_key, s.specifiers))),
    sports: new Map(
      sports.map((s) => [s.sport, { maxStakeMinor: s.max_stake_minor, maxPayoutMinor: s.max_payout_minor }]),
    ),
    players: new Map(players.map((p) => [p.member_id, p.max_stake_minor])),
  };
}

/** A selection on an event or market an operator suspended is closed, like one the feed suspended. */
export function refuseSuspended(guard: TradingGuard, selections: Picked[]): void {
  selections.forEach((s, index) => {
    if (
      guard.suspended.has(suspensionKey(s.eventId, '', '')) ||
      guard.suspended.has(suspensionKey(s.eventId, s.market, s.specifiers))
    )
      throw new AppError('SPORTS_SELECTION_CLOSED', { index, suspended: true });
  });
}

type StakeAndPayout = { maxStakeMinor: bigint | null; maxPayoutMinor: bigint | null };
/** Where a limit comes from, as the refusal names it: `{ sport }` or `{ market }`. */
type LimitSource = { sport: string } | { market: string };

/** The smallest of these limits' `field`, with its source, or null when none sets it. */
function strictest(limits: Array<[LimitSource, StakeAndPayout | undefined]>, field: keyof StakeAndPayout) {
  let found: { source: LimitSource; max: bigint } | null = null;
  for (const [source, limit] of limits) {
    const max = limit?.[field];
    if (max != null && (found === null || max < found.max)) found = { source, max };
  }
  return found;
}

/**
 * The per-sport limits of every sport the bet touches and the per-market limits of every market
 * type it touches (of all these, the strictest applies), and the bettor's own max stake, on the
 * bet's total stake and its potential return: refused, not capped, with the same codes as the
 * merchant's limits and the limit that refused it (with its sport or market).
 */
export function refuseTradingLimits(
  guard: TradingGuard,
  bet: { memberId: string; stakeMinor: bigint; potentialMinor: bigint; sports: string[]; markets: string[] },
): void {
  const player = guard.players.get(bet.memberId);
  if (player !== undefined && bet.stakeMinor > player)
    throw new AppError('SPORTS_STAKE_TOO_LARGE', { maxStakeMinor: Number(player) });
  const limits: Array<[LimitSource, StakeAndPayout | undefined]> = [
    ...[...new Set(bet.sports)].map((sport): [LimitSource, StakeAndPayout | undefined] => [
      { sport },
      guard.sports.get(sport),
    ]),
    ...[...new Set(bet.markets)].map((market): [LimitSource, StakeAndPayout | undefined] => [
      { market },
      guard.markets.get(market),
    ]),
  ];
  const stake = strictest(limits, 'maxStakeMinor');
  if (stake && bet.stakeMinor > stake.max)
    throw new AppError('SPORTS_STAKE_TOO_LARGE', { maxStakeMinor: Number(stake.max), ...stake.source });
  const payout = strictest(limits, 'maxPayoutMinor');
  if (payout && bet.potentialMinor > payout.max)
    throw new AppError('SPORTS_PAYOUT_TOO_LARGE', { maxPayoutMinor: Number(payout.max), ...payout.source });
}

/** Marks the markets of these events that the merchant's operators suspended (the players' event API). */
export async function showSuspensions(
  db: Db,
  merchantId: string,
  markets: Map<string, SportsMarket[]>,
): Promise<void> {
  const fixtureIds = [...markets.keys()];
  if (fixtureIds.length === 0) return;
  const rows = await db
    .selectFrom('sb_suspensions')
    .select(['fixture_id', 'market_key', 'specifiers'])
    .where('merchant_id', '=', merchantId)
    .where('fixture_id', 'in', fixtureIds)
    .execute();
  if (rows.length === 0) return;
  const suspended = new Set(rows.map((s) => suspensionKey(s.fixture_id, s.market_key, s.specifiers)));
  for (const [fixtureId, list] of markets)
    for (const market of list)
      if (
        suspended.has(suspensionKey(fixtureId, '', '')) ||
        suspended.has(suspensionKey(fixtureId, market.key, market.specifiers))
      ) {
        market.status = 'suspended';
        for (const outcome of market.outcomes) outcome.open = false;
      }
}
