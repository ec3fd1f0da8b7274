import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import {
  consumerHoldsCommitted,
  catchUpConsumer,
  inRange,
  pollConsumer,
  type StreamCursor,
} from '../records/index.ts';

/**
 * Points earned on valid bets: a consumer of the settled-bet stream (modules/records) with its own
 * checkpoint (`points`), so each fact is counted exactly once, in stream order, and a crash resumes
 * from the last committed batch.
 *
 * Rounding (never a fraction of a point): per member × category the consumer keeps the valid stake
 * not yet turned into points (`points_progress.remainder_minor`). A batch adds its valid-stake delta,
 * awards ⌊remainder / unit⌋ × points-per-unit whole points and keeps the rest (0 ≤ rest < unit). A
 * void or a resettlement arrives as a negative delta: the remainder goes below zero and the floor
 * takes whole units back (a negative award), so a member's points always equal
 * ⌊(valid stake) / unit⌋ × rate while the rate is unchanged. A rate change applies to the stake
 * still to come; the remainder carries over in minor units. Categories without a rate, and merchants
 * with the mall switched off, earn nothing (their facts are passed over, not kept for later).
 */
export const POINTS_CONSUMER = 'points';
export const POINTS_BATCH = 5_000;

interface Earning {
  merchant_id: string;
  member_id: string;
  category: string;
  delta: bigint;
  unit: bigint;
  per: bigint;
  remainder: bigint | null;
}

/** ⌊a / b⌋ for b > 0 (bigint division truncates toward zero). */
export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n ? q - 1n : q;
}

/** One member × category step: the whole points earned (may be negative) and the new remainder. */
export function earn(remainder: bigint, delta: bigint, unit: bigint, per: bigint) {
  const total = remainder + delta;
  const units = floorDiv(total, unit);
  return { points: units * per, remainder: total - units * unit };
}

async function applyEarning(trx: Db, from: StreamCursor, to: StreamCursor): Promise<void> {
  const { rows } = await sql<Earning>`
    with batch as (
      select merchant_id, member_id, category, sum(valid_stake_minor)::bigint as delta
        from bet_stream where ${inRange(from, to)} group by 1, 2, 3)
    select b.merchant_id, b.member_id, b.category, b.delta, r.stake_unit_minor as unit,
      r.points_per_unit as per, p.remainder_minor as remainder
      from batch b
      join points_settings s on s.merchant_id = b.merchant_id and s.enabled
      join points_rates r on r.merchant_id = b.merchant_id and r.category = b.category
      left join points_progress p on p.member_id = b.member_id and p.category = b.category
     where b.delta <> 0
     order by b.member_id, b.category`.execute(trx);
  if (rows.length === 0) return;
  const perMember = new Map<string, { merchantId: string; points: bigint }>();
  const progress = {
    merchant: [] as string[],
    member: [] as string[],
    category: [] as string[],
    rem: [] as string[],
  };
  for (const row of rows) {
    const step = earn(row.remainder ?? 0n, row.delta, row.unit, row.per);
    progress.merchant.push(row.merchant_id);
    progress.member.push(row.member_id);
    progress.category.push(row.category);
    progress.rem.push(step.remainder.toString());
    const m = perMember.get(row.member_id) ?? { merchantId: row.merchant_id, points: 0n };
    m.points += step.points;
    perMember.set(row.member_id, m);
  }
  // Only this consumer writes the progress rows, and its checkpoint lock makes batches take turns.
  await sql`
    insert into points_progress as p (merchant_id, member_id, category, remainder_minor)
    select * from unnest(${progress.merchant}::uuid[], ${progress.member}::uuid[], ${progress.category}::text[],
      ${progress.rem}::bigint[])
    on conflict (member_id, category) do update set remainder_minor = excluded.remainder_minor`.execute(trx);
  const awarded = [...perMember].filter(([, m]) => m.points !== 0n);
  if (awarded.length === 0) return;
  const members = awarded.map(([id]) => id);
  const merchants = awarded.map(([, m]) => m.merchantId);
  const points = awarded.map(([, m]) => m.points.toString());
  const batchKey = `earn:${to.tx}:${to.position}:`;
  // Accounts in member order (the rows above are sorted), the same order a redemption locks one in.
  await sql`
    with awarded as (
      select * from unnest(${merchants}::uuid[], ${members}::uuid[], ${points}::bigint[]) as a(merchant_id, member_id, points)),
    journal as (
      insert into points_entries (merchant_id, member_id, delta, kind, idempotency_key)
      select merchant_id, member_id, points, 'earn', ${batchKey} || member_id::text from awarded)
    insert into points_accounts as a (merchant_id, member_id, balance, earned)
    select merchant_id, member_id, points, points from awarded order by member_id
    on conflict (member_id) do update set balance = a.balance + excluded.balance,
      earned = a.earned + excluded.earned, updated_at = now()`.execute(trx);
}

/** Batches until the consumer holds every decided fact; the facts read. */
export function catchUpPoints(db: Db, limit = POINTS_BATCH): Promise<number> {
  return catchUpConsumer(db, POINTS_CONSUMER, limit, applyEarning);
}

/** Catches up until every fact committed before the call is counted (tests read their own writes). */
export function pointsHoldCommitted(db: Db, timeoutMs = 30_000): Promise<void> {
  return consumerHoldsCommitted(db, POINTS_CONSUMER, catchUpPoints, timeoutMs);
}

/** The job's step: an index probe when idle, else catch up. */
export function pollPoints(db: Db): Promise<number> {
  return pollConsumer(db, POINTS_CONSUMER, POINTS_BATCH, applyEarning);
}
