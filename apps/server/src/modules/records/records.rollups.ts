import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import {
  type ConsumeHooks,
  consumeBatch,
  consumerHoldsCommitted,
  hasPending,
  inRange,
  type StreamCursor,
} from './records.stream.ts';

/**
 * The daily rollups (migration 0059), kept by one consumer of the bet stream: per member × day ×
 * category × vendor × currency (`bet_rollups_daily`, the member's profit and loss) and per merchant ×
 * day × category × vendor × currency (`bet_rollups_merchant_daily`, the back office's GGR report).
 * Each batch adds its facts' sums to the rows of its keys (`x = x + excluded.x`), one upsert per table,
 * and moves the checkpoint in the same transaction. Nothing reads the bets to answer a report.
 */
export const ROLLUPS_CONSUMER = 'rollups';

/**
 * The zone a rollup's day is counted in: the merchant's. Merchants carry no zone yet, so it is the
 * records' zone (UTC) for all; when they do, the consumer takes the zone per merchant here.
 */
export const ROLLUPS_TIME_ZONE = 'UTC';

export const ROLLUP_BATCH = 20_000;

async function applyRollups(trx: Db, from: StreamCursor, to: StreamCursor): Promise<void> {
  // A batch's sums are grouped in memory (the default 4 MB spills a 20,000-fact batch to disk).
  await sql`set local work_mem = '64MB'`.execute(trx);
  // One pass over the batch's facts: summed per member key, then those sums per merchant key.
  await sql`
    with batch as (
      select merchant_id, member_id, (placed_at at time zone ${ROLLUPS_TIME_ZONE}::text)::date as day, category,
        vendor, currency, sum(bets) as bets, sum(stake_minor) as stake, sum(valid_stake_minor) as valid,
        sum(payout_minor) as payout
      from bet_stream where ${inRange(from, to)}
      group by 1, 2, 3, 4, 5, 6),
    members as (
      insert into bet_rollups_daily as r
        (merchant_id, member_id, day, category, vendor, currency, bets, stake_minor, valid_stake_minor, payout_minor)
      select merchant_id, member_id, day, category, vendor, currency, bets, stake, valid, payout from batch
      on conflict (merchant_id, member_id, day, category, vendor, currency) do update set
        bets = r.bets + excluded.bets,
        stake_minor = r.stake_minor + excluded.stake_minor,
        valid_stake_minor = r.valid_stake_minor + excluded.valid_stake_minor,
        payout_minor = r.payout_minor + excluded.payout_minor)
    insert into bet_rollups_merchant_daily as r
      (merchant_id, day, category, vendor, currency, bets, stake_minor, valid_stake_minor, payout_minor)
    select merchant_id, day, category, vendor, currency, sum(bets), sum(stake), sum(valid), sum(payout)
      from batch group by 1, 2, 3, 4, 5
    on conflict (merchant_id, day, category, vendor, currency) do update set
      bets = r.bets + excluded.bets,
      stake_minor = r.stake_minor + excluded.stake_minor,
      valid_stake_minor = r.valid_stake_minor + excluded.valid_stake_minor,
      payout_minor = r.payout_minor + excluded.payout_minor`.execute(trx);
}

/** One batch of the rollup consumer; the number of facts it folded in (0: caught up). */
export function rollupBatch(db: Db, limit = ROLLUP_BATCH, hooks: ConsumeHooks = {}): Promise<number> {
  return consumeBatch(db, ROLLUPS_CONSUMER, limit, applyRollups, hooks);
}

/** Batches until the rollups hold every decided fact; the facts folded in. */
export async function catchUpRollups(db: Db, limit = ROLLUP_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await rollupBatch(db, limit);
    total += n;
    if (n < limit) return total;
  }
}

/**
 * Catches up until the rollups hold every fact committed before the call — also the facts a
 * transaction still running elsewhere holds behind the horizon (records.stream.ts) — so a test reads
 * its own writes. Fails after `timeoutMs`.
 */
export function rollupsHoldCommitted(db: Db, timeoutMs = 30_000): Promise<void> {
  return consumerHoldsCommitted(db, ROLLUPS_CONSUMER, catchUpRollups, timeoutMs);
}

/** The job's step: an index probe when idle, else catch up. */
export async function pollRollups(db: Db): Promise<number> {
  if (!(await hasPending(db, ROLLUPS_CONSUMER))) return 0;
  return catchUpRollups(db);
}

export interface RollupRow {
  merchant_id: string;
  member_id: string;
  day: string;
  category: string;
  vendor: string;
  currency: string;
  bets: bigint;
  stake_minor: bigint;
  valid_stake_minor: bigint;
  payout_minor: bigint;
}

const KEY_ORDER = sql`order by merchant_id, member_id, day, category, vendor, currency`;

/** The member rollups as stored (rows a void brought back to zero left out), in key order. */
export async function storedRollups(db: Db): Promise<RollupRow[]> {
  const { rows } = await sql<RollupRow>`
    select merchant_id, member_id, to_char(day, 'YYYY-MM-DD') as day, category, vendor, currency,
      bets, stake_minor, valid_stake_minor, payout_minor
    from bet_rollups_daily
    where bets <> 0 or stake_minor <> 0 or payout_minor <> 0
    ${KEY_ORDER}`.execute(db);
  return rows;
}

/** The same figures counted from the betting records themselves (real money, settled): the check. */
export async function recountRollups(db: Db): Promise<RollupRow[]> {
  const { rows } = await sql<RollupRow>`
    select merchant_id, member_id,
      to_char(placed_at at time zone ${ROLLUPS_TIME_ZONE}::text, 'YYYY-MM-DD') as day, category, vendor, currency,
      count(*)::bigint as bets, sum(stake_minor)::bigint as stake_minor,
      sum(stake_minor)::bigint as valid_stake_minor, sum(payout_minor)::bigint as payout_minor
    from bet_records
    where status = 'settled' and currency !~ '^X[A-Z]{3,4}$'
    group by 1, 2, 3, 4, 5, 6
    ${KEY_ORDER}`.execute(db);
  return rows;
}
