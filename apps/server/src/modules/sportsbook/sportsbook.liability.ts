import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { outcomeKey } from './sportsbook.outcome.ts';

/**
 * Liability caps per outcome (issue 16 item 3). An outcome's liability is what the house pays if it
 * wins: the sum of the potential returns of the merchant's open bets with an open leg on it — a
 * multiple's or a system's WHOLE potential return counts against each of its open legs' outcomes
 * (the worst case, the rule of the back office's liability view, sportsbook.trading.ts). It is read
 * from the bets, never kept as a counter, so a bet settled, voided or cashed out (in part: its
 * potential return shrinks) stops counting with no bookkeeping of its own.
 *
 * Concurrency: a bet batch locks the outcome's `sb_liability_locks` row for update (made on first
 * use), in key order, BEFORE it reads the liability, and holds it until it commits its bets; so the
 * next batch on that outcome reads a liability that includes them. Inside a batch each accepted bet
 * adds its potential return to the running totals (`takeLiability`: checked before its funds, taken after them). Only outcomes
 * under a cap are locked: a merchant without caps pays nothing for them.
 */

export interface LiabilityCap {
  sport: string;
  market: string;
  maxLiabilityMinor: bigint;
}

/** The outcome a leg backs, with the sport of its fixture. */
export interface CappedOutcome {
  fixture_id: string;
  market_key: string;
  specifiers: string;
  outcome_id: string;
  sport: string;
}

export interface LiabilityBook {
  /** outcomeKey → the cap that holds and the liability so far (running inside the batch). */
  outcomes: Map<string, { capMinor: bigint; liabilityMinor: bigint }>;
}

/** The strictest of the caps matching this sport and market type ('' matches any), or null. */
export function capOf(caps: LiabilityCap[], sport: string, market: string): bigint | null {
  let cap: bigint | null = null;
  for (const c of caps)
    if ((c.sport === '' || c.sport === sport) && (c.market === '' || c.market === market))
      if (cap === null || c.maxLiabilityMinor < cap) cap = c.maxLiabilityMinor;
  return cap;
}

export async function liabilityCapsOf(db: Db, merchantId: string): Promise<LiabilityCap[]> {
  const rows = await db
    .selectFrom('sb_liability_caps')
    .select(['sport', 'market_key', 'max_liability_minor'])
    .where('merchant_id', '=', merchantId)
    .execute();
  return rows.map((r) => ({
    sport: r.sport,
    market: r.market_key,
    maxLiabilityMinor: r.max_liability_minor,
  }));
}

/**
 * Locks the capped outcomes among these (in key order) and reads their liability; call inside the
 * bet batch's transaction, after the fixtures are share-locked.
 */
export async function lockLiability(
  trx: Db,
  merchantId: string,
  outcomes: CappedOutcome[],
): Promise<LiabilityBook> {
  const book: LiabilityBook = { outcomes: new Map() };
  if (outcomes.length === 0) return book;
  const caps = await liabilityCapsOf(trx, merchantId);
  if (caps.length === 0) return book;
  const capped = new Map<string, CappedOutcome & { cap: bigint }>();
  for (const o of outcomes) {
    const cap = capOf(caps, o.sport, o.market_key);
    if (cap !== null) capped.set(outcomeKey(o), { ...o, cap });
  }
  if (capped.size === 0) return book;
  const keys = [...capped.keys()].sort();
  const rows = keys.map((k) => capped.get(k)!);
  const tuple = (o: CappedOutcome) =>
    sql`(${merchantId}::uuid, ${o.fixture_id}, ${o.market_key}, ${o.specifiers}, ${o.outcome_id})`;
  await sql`insert into sb_liability_locks (merchant_id, fixture_id, market_key, specifiers, outcome_id)
    values ${sql.join(rows.map(tuple))} on conflict do nothing`.execute(trx);
  await sql`select 1 from sb_liability_locks
     where (merchant_id, fixture_id, market_key, specifiers, outcome_id) in (${sql.join(rows.map(tuple))})
     order by fixture_id, market_key, specifiers, outcome_id for update`.execute(trx);
  const { rows: sums } = await sql<{
    fixture_id: string;
    market_key: string;
    specifiers: string;
    outcome_id: string;
    liability: string;
  }>`
    select l.fixture_id, l.market_key, l.specifiers, l.outcome_id, sum(b.potential_return_minor) as liability
      from sb_bet_legs l join sb_bets b on b.id = l.bet_id
     where (l.fixture_id, l.market_key, l.specifiers, l.outcome_id) in (${sql.join(
       rows.map((o) => sql`(${o.fixture_id}, ${o.market_key}, ${o.specifiers}, ${o.outcome_id})`),
     )})
       and b.merchant_id = ${merchantId} and b.status = 'open' and l.status = 'open'
     group by l.fixture_id, l.market_key, l.specifiers, l.outcome_id`.execute(trx);
  const liability = new Map(sums.map((s) => [outcomeKey(s), BigInt(s.liability)]));
  for (const [key, o] of capped)
    book.outcomes.set(key, { capMinor: o.cap, liabilityMinor: liability.get(key) ?? 0n });
  return book;
}

/**
 * Checks a bet's potential return against every capped outcome it backs, refusing it (422
 * SPORTS_LIABILITY_EXCEEDED with the leg, the cap and what was still open under it), and answers the
 * step that takes it from the running totals — run once the bet's funds have passed too.
 */
export function takeLiability(
  book: LiabilityBook,
  legs: CappedOutcome[],
  potentialMinor: bigint,
): () => void {
  const hit = legs.map((leg) => book.outcomes.get(outcomeKey(leg)));
  hit.forEach((o, index) => {
    if (o && o.liabilityMinor + potentialMinor > o.capMinor)
      throw new AppError('SPORTS_LIABILITY_EXCEEDED', {
        index,
        maxLiabilityMinor: Number(o.capMinor),
        availableMinor: Number(o.capMinor > o.liabilityMinor ? o.capMinor - o.liabilityMinor : 0n),
      });
  });
  return () => {
    for (const o of hit) if (o) o.liabilityMinor += potentialMinor;
  };
}
