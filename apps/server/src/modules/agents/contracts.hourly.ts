import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import { type BetFact, consumeBatch, readRange } from '../records/index.ts';

/**
 * The hourly figures hourly salaries are settled on (migration 0063): a consumer of the bet stream of
 * its own (checkpoint 'agent_hourly') folds each batch of facts into `bet_rollups_hourly`, per member,
 * hour the round was placed in and currency, in the batch's transaction — the same exactly-once
 * reading as the daily rollups (records.stream.ts).
 */
export const HOURLY_CONSUMER = 'agent_hourly';
const HOURLY_BATCH = 5_000;
const HOUR_MS = 3_600_000;

async function applyHourly(trx: Db, facts: BetFact[]): Promise<void> {
  const sums = new Map<
    string,
    { m: string; u: string; h: string; c: string; b: number; s: bigint; v: bigint; p: bigint }
  >();
  for (const f of facts) {
    const hour = new Date(Math.floor(new Date(f.placed_at).getTime() / HOUR_MS) * HOUR_MS).toISOString();
    const key = `${f.merchant_id}|${f.member_id}|${hour}|${f.currency}`;
    const row = sums.get(key) ?? {
      m: f.merchant_id,
      u: f.member_id,
      h: hour,
      c: f.currency,
      b: 0,
      s: 0n,
      v: 0n,
      p: 0n,
    };
    row.b += Number(f.bets);
    row.s += BigInt(f.stake_minor);
    row.v += BigInt(f.valid_stake_minor);
    row.p += BigInt(f.payout_minor);
    sums.set(key, row);
  }
  if (!sums.size) return;
  const rows = [...sums.values()].map((r) => ({
    ...r,
    s: r.s.toString(),
    v: r.v.toString(),
    p: r.p.toString(),
  }));
  await sql`
    insert into bet_rollups_hourly as r (merchant_id, member_id, hour, currency, bets, stake_minor, valid_stake_minor,
      payout_minor)
    select x.m, x.u, x.h, x.c, x.b, x.s, x.v, x.p
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as x(m uuid, u uuid, h timestamptz, c text, b bigint, s bigint, v bigint, p bigint)
    on conflict (merchant_id, hour, member_id, currency) do update set
      bets = r.bets + excluded.bets,
      stake_minor = r.stake_minor + excluded.stake_minor,
      valid_stake_minor = r.valid_stake_minor + excluded.valid_stake_minor,
      payout_minor = r.payout_minor + excluded.payout_minor`.execute(trx);
}

/** Batches until the hourly figures hold every decided fact; the facts folded in. */
export async function catchUpHourly(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await consumeBatch(db, HOURLY_CONSUMER, HOURLY_BATCH, async (trx, from, to) =>
      applyHourly(trx, await readRange(trx, from, to)),
    );
    total += n;
    if (n < HOURLY_BATCH) return total;
  }
}
