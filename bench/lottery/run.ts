/**
 * Settlement rate of the fast-draw lottery: one draw with 100,000 pending tickets over 1,000 funded
 * members, settled by the engine's settleDrawn in its default batches. Run on PostgreSQL:
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:lottery
 * It creates and drops its own database. The tickets are written set-based (one order of 100
 * tickets and one stake transfer per member, through the ledger), so the ledger's invariants hold
 * before and after; the last line reports the rate and the ledger check.
 */
import { sql } from 'kysely';
import { createTestApp } from '../../apps/server/test/harness.ts';
import {
  houseAccountFor,
  MAX_BATCH,
  memberAccountId,
  type TransferRequest,
  transferBatch,
  verifyLedger,
} from '../../apps/server/src/modules/ledger/index.ts';
import { fixture, newMember } from '../../apps/server/src/modules/ledger/ledger.test-helpers.ts';
import { drawDue, settleDrawn } from '../../apps/server/src/modules/lottery/lottery.engine.ts';
import {
  createTestGame,
  openTestDraw,
  passDraw,
} from '../../apps/server/src/modules/lottery/lottery.test-helpers.ts';
import { DEFAULT_ENGINE_TIMINGS } from '../../apps/server/src/modules/lottery/lottery.timing.ts';
import { fundMembers } from '../lib/setup.ts';

const MEMBERS = Number(process.env.MEMBERS ?? 1_000);
const PER_MEMBER = Number(process.env.PER_MEMBER ?? 100);
const BATCH = Number(process.env.BATCH ?? DEFAULT_ENGINE_TIMINGS.settleBatchSize);
const WORKERS = process.env.WORKERS ? Number(process.env.WORKERS) : undefined;
const UNIT = 10n;

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('bench:lottery runs on PostgreSQL: set DATABASE_URL');
  const t = await createTestApp();
  try {
    const f = await fixture(t);
    const db = f.db;
    const t0 = performance.now();
    const members: string[] = [];
    for (let i = 0; i < MEMBERS; i++) members.push((await newMember(f, 'lotbench')).memberId);
    await fundMembers(db, f.merchantId, f.currency, members, 1_000_000n);
    const game = await createTestGame(db, f.merchantId);
    const draw = await openTestDraw(db, game, t.clock);

    // One stake per member for its slip of PER_MEMBER tickets, through the ledger.
    const stake = UNIT * BigInt(PER_MEMBER);
    const requests: TransferRequest[] = [];
    for (const memberId of members)
      requests.push({
        merchantId: f.merchantId,
        currency: f.currency,
        idempotencyKey: `lottery:${memberId}:bench:stake`,
        code: 'bet',
        debitAccountId: await memberAccountId(db, memberId, f.merchantId, 'main', f.currency),
        creditAccountId: await houseAccountFor(db, f.merchantId, f.currency, memberId),
        amountMinor: stake,
      });
    const transferIds: string[] = [];
    for (let i = 0; i < requests.length; i += MAX_BATCH)
      for (const result of await transferBatch(db, requests.slice(i, i + MAX_BATCH))) {
        if (!result.ok) throw new Error(`stake refused: ${result.code}`);
        transferIds.push(String(result.transfer.id));
      }

    // The orders, their tickets (one digit at the first position, spread so a tenth win; a slip's
    // tickets consecutive, as placing writes them) and the tickets' open betting records, set-based.
    const orders = await sql<{ id: string; member_id: string }>`
      insert into lottery_orders (merchant_id, member_id, game_id, idempotency_key, request_hash, first_draw_id,
                                  chase_draws, stop_on_win, currency, stake_minor, stake_transfer_id)
      select ${f.merchantId}::uuid, m, ${game.id}::bigint, 'bench', 'bench', ${draw.id}::bigint, 1, false,
             ${f.currency}, ${String(stake)}::bigint, tr
        from unnest(${members}::uuid[], ${transferIds}::bigint[]) as x(m, tr)
      returning id, member_id`.execute(db);
    await sql`
      insert into lottery_tickets (order_id, merchant_id, member_id, game_id, draw_id, play_type, selection,
                                   unit_stake_minor, multiple, units, stake_minor, series, currency)
      select o.id, ${f.merchantId}::uuid, o.member_id, ${game.id}::bigint, ${draw.id}::bigint, '5D_POSITION',
             jsonb_build_array(jsonb_build_array((o.id + n) % 10), '[]'::jsonb, '[]'::jsonb, '[]'::jsonb, '[]'::jsonb),
             ${String(UNIT)}::bigint, 1, 1, ${String(UNIT)}::bigint, 1960, ${f.currency}
        from lottery_orders o cross join generate_series(1, ${PER_MEMBER}) as n
       where o.game_id = ${game.id}::bigint
       order by o.id, n`.execute(db);
    await sql`
      insert into bet_records (merchant_id, member_id, source, source_ref, category, vendor, game_code, currency,
                               stake_minor, placed_at)
      select merchant_id, member_id, 'lottery', id::text, 'ELOTT', 'SORTE_LOTTO', ${game.code}, currency,
             stake_minor, created_at
        from lottery_tickets where draw_id = ${draw.id}::bigint`.execute(db);
    await sql`analyze lottery_tickets`.execute(db);
    await sql`analyze bet_records`.execute(db);
    const tickets = MEMBERS * PER_MEMBER;
    console.log(
      `setup: ${MEMBERS} members, ${orders.rows.length} orders, ${tickets} tickets in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    passDraw(t.clock, draw);
    await drawDue(db, t.clock.now());
    const started = performance.now();
    const counts = await settleDrawn(db, t.clock.now(), BATCH, { workers: WORKERS });
    const seconds = (performance.now() - started) / 1000;

    const left = await sql<{ n: number }>`select count(*)::int as n from lottery_tickets
      where draw_id = ${draw.id}::bigint and status = 'pending'`.execute(db);
    const report = await verifyLedger(db);
    const ok = report.ok && left.rows[0]!.n === 0 && counts.tickets === tickets && counts.draws >= 1;
    console.log(`batches of ${BATCH}, ${WORKERS ?? 'default'} worker loops: ${counts.winners} winners paid`);
    console.log(
      `lottery: settled ${counts.tickets} tickets in ${seconds.toFixed(1)} s (${Math.round(counts.tickets / seconds)} tickets/s), invariants ${ok ? 'ok' : 'FAILED'}`,
    );
    if (!ok) process.exitCode = 1;
  } finally {
    await t.close();
  }
}

await main();
