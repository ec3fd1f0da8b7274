import { createHash } from 'node:crypto';
import { SPORTS_ESPORTS, type SportsBetRequest } from '@sorte/contracts';
import {
  type BetLeg,
  combinedFactor,
  parseSystem,
  returnOf,
  type SystemSpec,
  systemLines,
  systemReturn,
} from '@sorte/money';
import { type Selectable, sql } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { memberKey, type StakeSlip, slipPath } from '../bets/index.ts';
import { memberAccountId } from '../ledger/index.ts';
import { recordBets } from '../records/index.ts';
import { type LiabilityBook, lockLiability, takeLiability } from './sportsbook.liability.ts';
import { marginsOf, offeredOddsOf, type SportMargins } from './sportsbook.margins.ts';
import { outcomeKey } from './sportsbook.outcome.ts';
import { relatedSelections } from './sportsbook.rules.ts';
import {
  refuseSuspended,
  refuseTradingLimits,
  type TradingGuard,
  tradingGuardOf,
} from './sportsbook.trading-guard.ts';
import type {
  SbBetKind,
  SbBetLegsTable,
  SbBetsTable,
  SbOddsPolicy,
  SbOutcomesTable,
} from './sportsbook.tables.ts';

export type SbBetRow = Selectable<SbBetsTable>;
export const SPORTSBOOK_SOURCE = 'sportsbook';
/** The betting records' vendor of our own sportsbook (the records name it; 'SORTE' is the in-house games). */
const VENDOR = 'SORTE_SPORTS';

/**
 * A bet's bonus slip (modules/bonuses): placed with the bet, found by this ref whenever settlement or a
 * cash-out moves its money — the bet's member and key (`key:i`), its identity before it has an id (its
 * stake's key without `:stake`).
 */
export const bonusRefOf = (bet: { member_id: string; idempotency_key: string }) =>
  `sportsbook:${bet.member_id}:${bet.idempotency_key}`;

/**
 * A merchant's limits when it has no `sb_limits` row: stakes 1.00 to 10,000.00 and payouts up to
 * 100,000.00 (minor units); a live bet held 5 s; cash-out offered at a 5 % margin.
 */
export const DEFAULT_SB_LIMITS = {
  minStakeMinor: 100n,
  maxStakeMinor: 1_000_000n,
  maxPayoutMinor: 10_000_000n,
  betDelayMs: 5_000,
  cashoutEnabled: true,
  cashoutMarginBps: 500,
};
type Limits = typeof DEFAULT_SB_LIMITS;

type Selection = SportsBetRequest['selections'][number];

export interface SportsBettor {
  memberId: string;
  merchantId: string;
  currency: string;
}

/** One bet as the bet path carries it: a stake-only slip with its legs. */
interface SbSlip extends StakeSlip {
  kind: SbBetKind;
  system: string | null;
  spec: SystemSpec | null;
  lines: number;
  unitStakeMinor: bigint;
  selections: Selection[];
  oddsPolicy: SbOddsPolicy;
  at: Date;
}

/** An outcome as a batch locks it, with its market's and fixture's status. */
type OutcomeRow = Pick<
  SbOutcomesTable,
  'fixture_id' | 'market_key' | 'specifiers' | 'outcome_id' | 'odds' | 'active'
> & {
  market_status: string;
  fixture_status: string;
  sport: string;
};

interface Locked {
  outcomes: Map<string, OutcomeRow>;
  limits: Limits;
  /** Back-office trading: operator suspensions, per-sport, per-market and per-player limits. */
  trading: TradingGuard;
  /** The liability caps of the batch's outcomes, their rows locked (sportsbook.liability.ts). */
  liability: LiabilityBook;
  /** The merchant's margins per sport: a leg takes the feed's odds less its sport's margin. */
  margins: SportMargins;
}

interface Decided {
  odds: number[];
  potential: bigint;
  category: 'SPORTS' | 'ESPORTS';
  /** The legs' outcomes as locked, for the liability they take. */
  legs: OutcomeRow[];
}

const selectionKey = (s: Selection) =>
  outcomeKey({
    fixture_id: s.eventId,
    market_key: s.market,
    specifiers: s.specifiers,
    outcome_id: s.outcome,
  });

export async function limitsOf(db: Db, merchantId: string): Promise<Limits> {
  const row = await db
    .selectFrom('sb_limits')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  if (!row) return DEFAULT_SB_LIMITS;
  return {
    minStakeMinor: row.min_stake_minor,
    maxStakeMinor: row.max_stake_minor,
    maxPayoutMinor: row.max_payout_minor,
    betDelayMs: row.bet_delay_ms,
    cashoutEnabled: row.cashout_enabled,
    cashoutMarginBps: row.cashout_margin_bps,
  };
}

/**
 * The outcomes the batch's selections name, with their market's and fixture's status, the outcome
 * and market rows share-locked in key order: the feed's odds changes wait for the batch, so the odds
 * read here are the odds taken.
 */
async function lockOutcomes(trx: Db, selections: Selection[]): Promise<Map<string, OutcomeRow>> {
  const unique = [...new Map(selections.map((s) => [selectionKey(s), s])).values()];
  if (unique.length === 0) return new Map();
  // The fixtures first, in id order: the feed's writers lock a fixture's row before its markets and
  // outcomes (sportsbook.ingest.ts lockFixtures), so a batch and a message queue on the fixture row
  // instead of deadlocking on the rows below it.
  await sql`select id from sb_fixtures where id = any(${[...new Set(unique.map((s) => s.eventId))]}::text[])
     order by id for share`.execute(trx);
  const { rows } = await sql<OutcomeRow>`
    select o.fixture_id, o.market_key, o.specifiers, o.outcome_id, o.odds, o.active,
           m.status as market_status, f.status as fixture_status, f.sport
      from sb_outcomes o
      join sb_markets m on m.fixture_id = o.fixture_id and m.market_key = o.market_key
                       and m.specifiers = o.specifiers
      join sb_fixtures f on f.id = o.fixture_id
     where (o.fixture_id, o.market_key, o.specifiers, o.outcome_id) in (${sql.join(
       unique.map((s) => sql`(${s.eventId}, ${s.market}, ${s.specifiers}, ${s.outcome})`),
     )})
     order by o.fixture_id, o.market_key, o.specifiers, o.outcome_id
       for share of o, m`.execute(trx);
  return new Map(rows.map((r) => [outcomeKey(r), r]));
}

const OPEN_FIXTURES = ['not_started', 'live'];

/**
 * The odds each leg takes under the slip's policy, or the refusal: the merchant's offered odds (the
 * locked feed odds less its margin for the sport) against the odds the player saw, which were offered
 * odds too; the bet stores and settles at the offered odds.
 */
function takeOdds(slip: SbSlip, locked: Locked): { odds: number[]; rows: OutcomeRow[] } {
  const rows = slip.selections.map((s, index) => {
    const row = locked.outcomes.get(selectionKey(s));
    if (!row) throw new AppError('SPORTS_EVENT_NOT_FOUND', { index });
    if (
      !OPEN_FIXTURES.includes(row.fixture_status) ||
      row.market_status !== 'active' ||
      !row.active ||
      row.odds === null
    )
      throw new AppError('SPORTS_SELECTION_CLOSED', { index });
    return row;
  });
  const moved: Array<{ index: number; odds: number }> = [];
  const odds = rows.map((row, index) => {
    const current = offeredOddsOf(row.odds!, row.sport, locked.margins);
    const seen = slip.selections[index]!.odds;
    const refused =
      current !== seen && (slip.oddsPolicy === 'none' || (slip.oddsPolicy === 'higher' && current < seen));
    if (refused) moved.push({ index, odds: current });
    return current;
  });
  if (moved.length > 0) throw new AppError('SPORTS_ODDS_CHANGED', { selections: moved });
  return { odds, rows };
}

/** What the bet returns if every leg wins at the odds taken: stake × factor, rounded down once. */
function potentialOf(slip: SbSlip, odds: number[]): bigint {
  const legs: BetLeg[] = odds.map((o) => ({ odds: o }));
  return slip.spec
    ? systemReturn(slip.unitStakeMinor, slip.spec, legs).returnMinor
    : returnOf(slip.stakeMinor, combinedFactor(legs));
}

/**
 * Sportsbook bets on the bet path's stake-only skeleton (`slipPath`, modules/bets): per batch the
 * merchant's limits read and the selections' outcomes and markets share-locked in key order, the
 * accounts locked in id order, the twins by (member, key); each bet decided in order (the selections
 * open, the odds policy on the locked odds, the stake limits, the potential return under the max
 * payout, funds on the running balance, the liability caps of its outcomes), the stakes as one `transferBatch`, the `sb_bets` and
 * `sb_bet_legs` rows and their open betting records set-based. A member with an active bonus stakes cash
 * first, then bonus (the bet path's bonus side, after the outcomes and liability rows, before the
 * accounts; max bet, funds past cash + bonus refused before any liability is taken); the slip stays open
 * under `bonusRefOf` until settlement or a full cash-out settles it (sportsbook.settle.ts), its
 * contribution rate the category of the bet's records (SPORTS or ESPORTS).
 */
const sportsBets = slipPath<SbSlip, Locked, Decided, SbBetRow>({
  async lock(trx, slips, batch) {
    const outcomes = await lockOutcomes(
      trx,
      slips.flatMap((s) => s.selections),
    );
    return {
      outcomes,
      liability: await lockLiability(trx, batch.merchantId, [...outcomes.values()]),
      limits: await limitsOf(trx, batch.merchantId),
      margins: await marginsOf(trx, batch.merchantId),
      trading: await tradingGuardOf(
        trx,
        batch.merchantId,
        slips.map((s) => s.memberId),
        slips.flatMap((s) => s.selections),
      ),
    };
  },
  async twins(trx, slips) {
    const stored = await trx
      .selectFrom('sb_bets')
      .selectAll()
      .where('member_id', 'in', [...new Set(slips.map((s) => s.memberId))])
      .where('idempotency_key', 'in', [...new Set(slips.map((s) => s.idempotencyKey))])
      .execute();
    return new Map(stored.map((bet) => [memberKey(bet.member_id, bet.idempotency_key), bet]));
  },
  hashOf: (bet) => bet.request_hash,
  check(slip, locked) {
    refuseSuspended(locked.trading, slip.selections);
    const { odds, rows } = takeOdds(slip, locked);
    const { limits } = locked;
    if (slip.unitStakeMinor < limits.minStakeMinor)
      throw new AppError('SPORTS_STAKE_TOO_SMALL', { minStakeMinor: Number(limits.minStakeMinor) });
    if (slip.stakeMinor > limits.maxStakeMinor)
      throw new AppError('SPORTS_STAKE_TOO_LARGE', { maxStakeMinor: Number(limits.maxStakeMinor) });
    const potential = potentialOf(slip, odds);
    if (potential > limits.maxPayoutMinor)
      throw new AppError('SPORTS_PAYOUT_TOO_LARGE', { maxPayoutMinor: Number(limits.maxPayoutMinor) });
    refuseTradingLimits(locked.trading, {
      memberId: slip.memberId,
      stakeMinor: slip.stakeMinor,
      potentialMinor: potential,
      sports: rows.map((r) => r.sport),
      markets: rows.map((r) => r.market_key),
    });
    const esports = rows.every((r) => (SPORTS_ESPORTS as readonly string[]).includes(r.sport));
    return { odds, potential, category: esports ? 'ESPORTS' : 'SPORTS', legs: rows };
  },
  // Taken only once its funds pass too, so only a bet that goes ahead adds to the running totals.
  take: (_, locked, decided) => takeLiability(locked.liability, decided.legs, decided.potential),
  bonus: {
    category: (_, decided) => decided.category,
    settleRef: (slip) => bonusRefOf({ member_id: slip.memberId, idempotency_key: slip.idempotencyKey }),
  },
  async write(trx, accepted, _, batch) {
    if (accepted.length === 0) return [];
    const bets = await trx
      .insertInto('sb_bets')
      .values(
        accepted.map(({ slip, decided, stakeTransferId }) => ({
          merchant_id: batch.merchantId,
          member_id: slip.memberId,
          currency: slip.currency,
          kind: slip.kind,
          system: slip.system,
          lines: slip.lines,
          unit_stake_minor: slip.unitStakeMinor,
          stake_minor: slip.stakeMinor,
          potential_return_minor: decided.potential,
          odds_policy: slip.oddsPolicy,
          idempotency_key: slip.idempotencyKey,
          request_hash: slip.requestHash,
          stake_transfer_id: stakeTransferId,
          placed_at: slip.at,
          settled_at: null,
        })),
      )
      .returningAll()
      .execute();
    await trx
      .insertInto('sb_bet_legs')
      .values(
        accepted.flatMap(({ slip, decided }, n) =>
          slip.selections.map((s, leg) => ({
            bet_id: bets[n]!.id,
            leg,
            fixture_id: s.eventId,
            market_key: s.market,
            specifiers: s.specifiers,
            outcome_id: s.outcome,
            odds: decided.odds[leg]!,
          })),
        ),
      )
      .execute();
    await recordBets(
      trx,
      bets.map((bet, n) => ({
        merchantId: bet.merchant_id,
        memberId: bet.member_id,
        source: SPORTSBOOK_SOURCE,
        sourceRef: String(bet.id),
        category: accepted[n]!.decided.category,
        vendor: VENDOR,
        gameCode: bet.kind,
        currency: bet.currency,
        stakeMinor: bet.stake_minor,
        at: bet.placed_at,
      })),
    );
    return bets;
  },
});

/** The slip's shape checks, before any lock: the type against the selections, related selections. */
function shapeOf(input: SportsBetRequest): SystemSpec | null {
  const n = input.selections.length;
  if (input.type === 'single') {
    if (input.system !== undefined) throw new AppError('SPORTS_BET_INVALID', { field: 'system' });
    return null;
  }
  let spec: SystemSpec | null = null;
  if (input.type === 'system') {
    try {
      spec = parseSystem(input.system ?? '');
    } catch {
      throw new AppError('SPORTS_BET_INVALID', { field: 'system' });
    }
    if (spec.selections !== n) throw new AppError('SPORTS_BET_INVALID', { field: 'selections' });
  } else if (input.system !== undefined || n < 2)
    throw new AppError('SPORTS_BET_INVALID', { field: input.system === undefined ? 'selections' : 'system' });
  const related = relatedSelections(input.selections.map((s) => ({ fixtureId: s.eventId })));
  if (related.length > 0) throw new AppError('SPORTS_RELATED_SELECTIONS', { pairs: related });
  return spec;
}

/**
 * The live bet delay: when one of these fixtures is live, the merchant's delay passes on the app's
 * clock before the bet (or the cash-out) goes ahead, which then checks the odds as they stand at
 * its end.
 */
export async function holdIfLive(
  db: Db,
  merchantId: string,
  fixtureIds: string[],
  clock: Clock,
): Promise<void> {
  if (fixtureIds.length === 0) return;
  const live = await db
    .selectFrom('sb_fixtures')
    .select('id')
    .where('id', 'in', [...new Set(fixtureIds)])
    .where('status', '=', 'live')
    .executeTakeFirst();
  if (!live) return;
  const until = clock.now().getTime() + (await limitsOf(db, merchantId)).betDelayMs;
  for (let left = until - clock.now().getTime(); left > 0; left = until - clock.now().getTime())
    await new Promise((resolve) => setTimeout(resolve, Math.min(left, 50)));
}

/** The request's body as its key compares it. */
function hashOfRequest(input: SportsBetRequest): string {
  const body = [
    input.type,
    input.system ?? '',
    input.stakeMinor,
    input.oddsPolicy,
    input.selections.map((s) => [s.eventId, s.market, s.specifiers, s.outcome, s.odds]),
  ];
  return createHash('sha256').update(JSON.stringify(body)).digest('base64url');
}

export interface PlacedBets {
  bets: SbBetRow[];
  refused: Array<{ index: number; code: string }>;
}

/**
 * Places a bet slip through the bet path: a multiple or a system is one bet, singles one bet per
 * selection (each its own stake transfer, under the key `key:i`; refused singles are listed and the
 * others stand; when every bet is refused, the first refusal is the answer). A bet on a live fixture
 * is held for the merchant's bet delay first (`holdIfLive`). Idempotent: the same key
 * and body answers the stored bets and moves nothing; another body is LEDGER_IDEMPOTENCY_CONFLICT.
 */
export async function placeSportsBets(
  db: Db,
  bettor: SportsBettor,
  input: SportsBetRequest,
  clock: Clock,
): Promise<PlacedBets> {
  const spec = shapeOf(input);
  await holdIfLive(
    db,
    bettor.merchantId,
    input.selections.map((s) => s.eventId),
    clock,
  );
  const stake = BigInt(input.stakeMinor);
  const lines = spec ? systemLines(spec).length : 1;
  const groups = input.type === 'single' ? input.selections.map((s) => [s]) : [input.selections];
  const mainAccountId = await memberAccountId(
    db,
    bettor.memberId,
    bettor.merchantId,
    'main',
    bettor.currency,
  );
  const requestHash = hashOfRequest(input);
  const at = clock.now();
  const settled = await Promise.allSettled(
    groups.map((selections, i) => {
      const key = `${input.idempotencyKey}:${i}`;
      return sportsBets.submit(db, {
        merchantId: bettor.merchantId,
        memberId: bettor.memberId,
        currency: bettor.currency,
        mainAccountId,
        idempotencyKey: key,
        requestHash,
        stakeMinor: stake * BigInt(lines),
        transfer: {
          idempotencyKey: `${bonusRefOf({ member_id: bettor.memberId, idempotency_key: key })}:stake`,
          metadata: { game: SPORTSBOOK_SOURCE, kind: input.type },
        },
        kind: input.type,
        system: spec ? input.system!.trim().toLowerCase() : null,
        spec,
        lines,
        unitStakeMinor: stake,
        selections,
        oddsPolicy: input.oddsPolicy,
        at,
      });
    }),
  );
  const bets: SbBetRow[] = [];
  const refused: PlacedBets['refused'] = [];
  settled.forEach((s, index) => {
    if (s.status === 'fulfilled') bets.push(s.value);
    else if (s.reason instanceof AppError) refused.push({ index, code: s.reason.code });
    else throw s.reason;
  });
  if (bets.length === 0) throw (settled[0] as PromiseRejectedResult).reason;
  return { bets, refused };
}

/** Legs of these bets, by bet id, in leg order. */
export async function legsOf(db: Db, betIds: bigint[]) {
  const byBet = new Map<bigint, Array<Selectable<SbBetLegsTable>>>();
  if (betIds.length === 0) return byBet;
  const rows = await db
    .selectFrom('sb_bet_legs')
    .selectAll()
    .where('bet_id', 'in', betIds)
    .orderBy('bet_id')
    .orderBy('leg')
    .execute();
  for (const row of rows) {
    const list = byBet.get(row.bet_id) ?? [];
    list.push(row);
    byBet.set(row.bet_id, list);
  }
  return byBet;
}
