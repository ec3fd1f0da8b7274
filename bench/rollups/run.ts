/**
 * The bet stream and its rollups at volume: 1,000,000 settled bets over 10,000 members and 30 days
 * are written as betting records (each settlement emits its fact through the trigger, as a game's
 * does), then 1 % are resettled and 0.5 % voided (correcting facts), while the rollup consumer runs
 * beside the writers as the server's job does: its lag after the last commit is timed and the
 * rollups are compared with a full recount from the records (they must agree exactly). Then the
 * whole backlog is caught up again from an empty checkpoint, timed and recounted; and a member's
 * 30-day profit and loss is read through the service 500 times (after 20 unmeasured), timed. The
 * read limit is checked on the median: on a shared machine the tail is the scheduler's. Run on PostgreSQL:
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/stream_bench npm run bench:rollups
 * It creates and drops its own database beside the one named. BETS, MEMBERS, DAYS override the sizes.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  ROLLUP_BATCH,
  rollupBatch,
  rollupsHoldCommitted,
} from '../../apps/server/src/modules/records/records.rollups.ts';
import { personalProfit } from '../../apps/server/src/modules/records/records.service.ts';
import { createTestDatabase } from '../../apps/server/test/harness.ts';
import { adminUrl } from '../lib/report.ts';

const BETS = Number(process.env.BETS ?? 1_000_000);
const MEMBERS = Number(process.env.MEMBERS ?? 10_000);
const DAYS = Number(process.env.DAYS ?? 30);
const CHUNK = 50_000;
const CATCH_UP_LIMIT_S = 60;
const READ_LIMIT_MS = 20;

// The PostgreSQL server (DATABASE_URL) or a hint, as for the HTTP benches; the database is the harness's.
adminUrl('bench/rollups');

const database = await createTestDatabase();
const db = database.handle.db;
const merchantId = randomUUID();
const memberIds = Array.from({ length: MEMBERS }, () => randomUUID());
const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;

/** The rollups, member and merchant, against a recount from the records: every key and figure, both ways. */
async function recountAgrees(): Promise<boolean> {
  const { rows: diff } = await sql<{ member: bigint; merchant: bigint }>`
    with recount as (
      select merchant_id, member_id, (placed_at at time zone 'UTC')::date as day, category, vendor, currency,
        count(*)::bigint as bets, sum(stake_minor)::bigint as stake, sum(stake_minor)::bigint as valid,
        sum(payout_minor)::bigint as payout
      from bet_records where status = 'settled' and currency !~ '^X[A-Z]{3,4}$' group by 1, 2, 3, 4, 5, 6),
    stored as (
      select merchant_id, member_id, day, category, vendor, currency, bets, stake_minor as stake,
        valid_stake_minor as valid, payout_minor as payout
      from bet_rollups_daily where bets <> 0 or stake_minor <> 0 or payout_minor <> 0),
    recount_m as (
      select merchant_id, day, category, vendor, currency, sum(bets)::bigint as bets, sum(stake)::bigint as stake,
        sum(valid)::bigint as valid, sum(payout)::bigint as payout from recount group by 1, 2, 3, 4, 5),
    stored_m as (
      select merchant_id, day, category, vendor, currency, bets, stake_minor as stake, valid_stake_minor as valid,
        payout_minor as payout
      from bet_rollups_merchant_daily where bets <> 0 or stake_minor <> 0 or payout_minor <> 0)
    select
      (select count(*) from ((select * from recount except all select * from stored)
                             union all (select * from stored except all select * from recount)) d)::bigint as member,
      (select count(*) from ((select * from recount_m except all select * from stored_m)
                             union all (select * from stored_m except all select * from recount_m)) d)::bigint as merchant`.execute(
    db,
  );
  return diff[0]!.member === 0n && diff[0]!.merchant === 0n;
}

try {
  // ---- the consumer runs beside the writers, as the server's job does (a 200 ms poll when idle)
  let writing = true;
  const live = (async () => {
    for (;;) {
      const batch = await rollupBatch(db);
      if (batch > 0) continue;
      if (!writing) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // Caught up means every committed fact folded in: a transaction of another database on the same
    // server may hold the stream's horizon back for a moment (records.stream.ts).
    await rollupsHoldCommitted(db, 600_000);
  })();

  // ---- the bets: settled rounds of every category, written in chunks (the trigger emits each fact)
  let started = process.hrtime.bigint();
  for (let from = 0; from < BETS; from += CHUNK) {
    const to = Math.min(BETS, from + CHUNK);
    await sql`
      insert into bet_records (merchant_id, member_id, source, source_ref, category, vendor, game_code, currency,
                               stake_minor, payout_minor, status, placed_at, settled_at)
      select ${merchantId}::uuid, (${memberIds}::uuid[])[1 + floor(random() * ${MEMBERS})::int], 'bench', i::text,
        (array['INHOUSE', 'RNG', 'LIVE', 'LOTT', 'ELOTT'])[c], (array['SORTE', 'pg', 'evo', 'SORTE_LOTTO', 'TCG_LOTTO_VN'])[c],
        'g' || (i % 40), 'BRL', 100 + (i * 31) % 10000, case when i % 3 = 0 then ((i * 31) % 10000) * 2 else 0 end,
        'settled',
        p, p + interval '3 seconds'
      from generate_series(${from + 1}::int, ${to}::int) as i,
        lateral (select timestamptz '2026-05-01 00:00Z' + floor(random() * ${DAYS} + i * 0) * interval '1 day'
                        + floor(random() * 86400) * interval '1 second' as p, 1 + floor(random() * 5 + i * 0)::int as c) t`.execute(
      db,
    );
  }
  const loadMs = ms(started);
  // ---- corrections: 1 % resettled (payout changed), 0.5 % voided
  await sql`update bet_records set payout_minor = payout_minor + 50 where merchant_id = ${merchantId}::uuid
              and source_ref::bigint % 100 = 1`.execute(db);
  await sql`update bet_records set status = 'cancelled' where merchant_id = ${merchantId}::uuid
              and source_ref::bigint % 200 = 2`.execute(db);
  const wroteAt = process.hrtime.bigint();
  writing = false;
  await live;
  const lagS = ms(wroteAt) / 1000;
  const { rows: kinds } = await sql<{ kind: string; n: bigint }>`
    select kind, count(*)::bigint as n from bet_stream group by kind order by kind`.execute(db);
  const facts = kinds.reduce((sum, k) => sum + Number(k.n), 0);
  console.log(
    `stream: ${BETS.toLocaleString('en')} settled bets over ${MEMBERS.toLocaleString('en')} members and ${DAYS} days written in ${(loadMs / 1000).toFixed(1)} s; ${facts.toLocaleString('en')} facts (${kinds.map((k) => `${k.n} ${k.kind}`).join(', ')})`,
  );

  console.log(
    `live: the consumer, polling beside the writers, held every fact ${lagS.toFixed(1)} s after the last commit`,
  );
  const liveAgree = await recountAgrees();
  console.log(`recount after the live run: ${liveAgree ? 'rollups agree exactly' : 'MISMATCH'}`);

  // ---- catch-up of the whole backlog from an empty checkpoint, in the consumer's batches
  await sql`truncate bet_rollups_daily, bet_rollups_merchant_daily`.execute(db);
  await sql`update stream_checkpoints set tx = '0', position = 0 where consumer = 'rollups'`.execute(db);
  started = process.hrtime.bigint();
  let batches = 0;
  let folded = 0;
  for (;;) {
    const n = await rollupBatch(db);
    folded += n;
    if (n === 0) break;
    batches += 1;
    if (n < ROLLUP_BATCH) break;
  }
  await rollupsHoldCommitted(db, 600_000);
  const catchUpS = ms(started) / 1000;
  const { rows: sizes } = await sql<{ member: bigint; merchant: bigint }>`
    select (select count(*) from bet_rollups_daily)::bigint as member,
           (select count(*) from bet_rollups_merchant_daily)::bigint as merchant`.execute(db);
  console.log(
    `catch-up: ${folded.toLocaleString('en')} facts in ${batches} batches of ≤ ${ROLLUP_BATCH.toLocaleString('en')} in ${catchUpS.toFixed(1)} s (${Math.round(folded / catchUpS).toLocaleString('en')} facts/s); rollup rows: ${Number(sizes[0]!.member).toLocaleString('en')} member, ${Number(sizes[0]!.merchant).toLocaleString('en')} merchant`,
  );

  // ---- the recount: every key and figure, both ways, member and merchant rollups
  started = process.hrtime.bigint();
  const agree = (await recountAgrees()) && liveAgree;
  console.log(
    `recount: ${agree ? 'rollups agree exactly' : 'MISMATCH'} (${(ms(started) / 1000).toFixed(1)} s)`,
  );

  // ---- a member's 30-day profit and loss, through the service the route calls
  const now = new Date(Date.parse('2026-05-01T00:00:00Z') + (DAYS - 1) * 86_400_000 + 3_600_000);
  const dateTo = now.toISOString().slice(0, 10);
  const dateFrom = '2026-05-01';
  const times: number[] = [];
  for (let i = -20; i < 500; i++) {
    const memberId = memberIds[(i * 7) % MEMBERS]!;
    const caller = { memberId, merchantId, timeZone: 'UTC' };
    const t0 = process.hrtime.bigint();
    const pl = await personalProfit(
      db,
      caller,
      { dateFrom, dateTo, groupBy: i % 2 ? 'day' : 'category' },
      now,
    );
    if (i >= 0) times.push(ms(t0));
    if (i === 0 && pl.totals.count === 0) throw new Error('a member with no P&L: the bench wrote nothing');
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  console.log(
    `P&L read (30 days, by day or category, 500 members): p50 ${at(0.5).toFixed(2)} ms, p99 ${at(0.99).toFixed(2)} ms, max ${times.at(-1)!.toFixed(2)} ms`,
  );
  const ok = agree && lagS < CATCH_UP_LIMIT_S && catchUpS < CATCH_UP_LIMIT_S && at(0.5) < READ_LIMIT_MS;
  console.log(
    `rollups: ${facts.toLocaleString('en')} facts, caught up ${lagS.toFixed(1)} s after the last bet (live) and ${catchUpS.toFixed(1)} s from an empty checkpoint (each < ${CATCH_UP_LIMIT_S} s), recount ${agree ? 'equal' : 'DIFFERENT'}, 30-day P&L p50 ${at(0.5).toFixed(2)} ms p99 ${at(0.99).toFixed(2)} ms (< ${READ_LIMIT_MS} ms): ${ok ? 'ok' : 'FAILED'}`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  await database.close();
}
