import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import { type BetFact, consumeBatch, readRange } from '../records/index.ts';
import type { RealtimeBets } from './contracts.math.ts';
import { type Period, REALTIME_PERIOD_MS } from './contracts.periods.ts';

/**
 * The single bets real-time salaries are settled on (migration 0065, docs/agents.md): a consumer of
 * the bet stream of its own (checkpoint 'agent_realtime') adds each fact's deltas to the row of its
 * round in `agent_realtime_rounds`, keyed by the 5-minute bucket the round was placed in — in the
 * batch's transaction, so a crash loses the whole batch or none of it (records.stream.ts). A round is
 * kept whole because a real-time salary pays per bet: its tier is met by the bet's own valid stake
 * and its rate depends on whether the player lost it (a void brings the round to zero, a resettlement
 * changes its payout). Only merchants that have given a real-time contract are folded in; a bucket's
 * rows are deleted by the run that settles its period.
 */
export const REALTIME_CONSUMER = 'agent_realtime';
const REALTIME_BATCH = 5_000;

async function applyRealtime(trx: Db, facts: BetFact[]): Promise<void> {
  if (!facts.length) return;
  const { rows: merchants } = await sql<{ merchant_id: string }>`
    select distinct merchant_id from agent_contracts where type = 'realtime' and accepted_at is not null
      and merchant_id = any(${[...new Set(facts.map((f) => f.merchant_id))]}::uuid[])`.execute(trx);
  const wanted = new Set(merchants.map((m) => m.merchant_id));
  const rounds = new Map<
    string,
    { m: string; b: string; r: string; u: string; c: string; s: bigint; v: bigint; p: bigint }
  >();
  for (const f of facts) {
    if (!wanted.has(f.merchant_id)) continue;
    const placed = new Date(f.placed_at).getTime();
    const bucket = new Date(Math.floor(placed / REALTIME_PERIOD_MS) * REALTIME_PERIOD_MS).toISOString();
    const key = `${f.merchant_id}|${f.record_id}`;
    const row = rounds.get(key) ?? {
      m: f.merchant_id,
      b: bucket,
      r: String(f.record_id),
      u: f.member_id,
      c: f.currency,
      s: 0n,
      v: 0n,
      p: 0n,
    };
    row.s += BigInt(f.stake_minor);
    row.v += BigInt(f.valid_stake_minor);
    row.p += BigInt(f.payout_minor);
    rounds.set(key, row);
  }
  if (!rounds.size) return;
  const rows = [...rounds.values()].map((r) => ({
    ...r,
    s: r.s.toString(),
    v: r.v.toString(),
    p: r.p.toString(),
  }));
  await sql`
    insert into agent_realtime_rounds as r (merchant_id, bucket, record_id, member_id, currency, stake_minor,
      valid_stake_minor, payout_minor)
    select x.m, x.b, x.r, x.u, x.c, x.s, x.v, x.p
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as x(m uuid, b timestamptz, r bigint, u uuid, c text, s bigint, v bigint, p bigint)
    on conflict (merchant_id, bucket, record_id) do update set
      stake_minor = r.stake_minor + excluded.stake_minor,
      valid_stake_minor = r.valid_stake_minor + excluded.valid_stake_minor,
      payout_minor = r.payout_minor + excluded.payout_minor`.execute(trx);
}

/** Batches until the real-time rounds hold every decided fact; the facts read. */
export async function catchUpRealtime(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await consumeBatch(db, REALTIME_CONSUMER, REALTIME_BATCH, async (trx, from, to) =>
      applyRealtime(trx, await readRange(trx, from, to)),
    );
    total += n;
    if (n < REALTIME_BATCH) return total;
  }
}

/**
 * The period's bets of the contracted agents' teams (an agent itself, or an ancestry naming one), in
 * the member's own currency and with a valid stake, grouped by member, valid stake and outcome: one
 * grouped read of the period's bucket.
 */
export async function realtimeBets(
  trx: Db,
  merchantId: string,
  period: Period,
  agents: string[],
): Promise<RealtimeBets[]> {
  const { rows } = await sql<{
    member_id: string;
    ancestry: string;
    valid: bigint;
    lost: boolean;
    n: bigint;
    profit: bigint;
  }>`
    select m.id as member_id, m.ancestry, r.valid_stake_minor as valid, r.payout_minor < r.stake_minor as lost,
      count(*)::bigint as n, sum(r.payout_minor - r.stake_minor)::bigint as profit
    from agent_realtime_rounds r join members m on m.id = r.member_id
    where r.merchant_id = ${merchantId} and r.bucket >= ${period.start} and r.bucket < ${period.end}
      and r.currency = m.currency and r.valid_stake_minor > 0
      and (m.id = any(${agents}::uuid[])
           or string_to_array(trim(both '/' from m.ancestry), '/') && ${agents}::text[])
    group by m.id, m.ancestry, r.valid_stake_minor, r.payout_minor < r.stake_minor`.execute(trx);
  return rows.map((r) => ({
    memberId: r.member_id,
    ancestry: r.ancestry,
    validStakeMinor: BigInt(r.valid),
    lost: r.lost,
    count: BigInt(r.n),
    profitMinor: BigInt(r.profit),
  }));
}

/** The rounds a settled period no longer needs (called in the run that settled it). */
export async function pruneRealtime(trx: Db, merchantId: string, period: Period): Promise<void> {
  await sql`delete from agent_realtime_rounds where merchant_id = ${merchantId} and bucket < ${period.end}`.execute(
    trx,
  );
}
