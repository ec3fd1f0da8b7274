import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { stalledChild } from '../../../test/stalled-child.ts';
import { createAuthTestApp } from '../auth/auth.test-helpers.ts';
import { expectVerified, type Fixture, fixture, fund, newMember } from '../ledger/ledger.test-helpers.ts';
import { drawDue, settleDrawn } from './lottery.engine.ts';
import type { LotteryGame } from './lottery.games.ts';
import { createTestGame, openTestDraw, passDraw, placeTestBet } from './lottery.test-helpers.ts';
import type { DrawRow } from './lottery.views.ts';

/**
 * A settlement worker that dies half-way: what it committed stays settled, the batch it was in the
 * middle of leaves no trace, and the next worker settles the rest — each ticket paid exactly once.
 * The real kill -9 of a child process runs on PostgreSQL only (PGlite lives inside this process);
 * on both databases a worker interrupted between batches resumes the same way.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

let t: TestApp;
let f: Fixture;
beforeAll(async () => {
  t = await createAuthTestApp({});
  f = await fixture(t);
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => expectVerified(t.ctx.db));

const db = () => t.ctx.db;

/** A drawn draw with 3 members × 2 slips × 20 tickets (picks spread so about a tenth win). */
async function drawnDrawWithTickets(): Promise<{ game: LotteryGame; draw: DrawRow }> {
  const game = await createTestGame(db(), f.merchantId);
  const draw = await openTestDraw(db(), game, t.clock);
  let n = 0;
  for (let m = 0; m < 3; m++) {
    const { memberId, mainId } = await newMember(f, 'lotkill');
    await fund(f, mainId, 100_000n);
    const p = { memberId, merchantId: f.merchantId, currency: f.currency };
    for (let slip = 0; slip < 2; slip++)
      await placeTestBet(db(), p, game, t.clock, {
        tickets: Array.from({ length: 20 }, () => {
          n++;
          return {
            playType: '5D_POSITION',
            selection: [[n % 10], [], [], [], []],
            unitStakeMinor: 10,
            multiple: 1,
          };
        }),
      });
  }
  passDraw(t.clock, draw);
  await drawDue(db(), t.clock.now());
  return { game, draw };
}

/** Every ticket of the draw settled, each winner paid by exactly one transfer of its payout. */
async function expectSettledOnce(draw: DrawRow): Promise<void> {
  const tickets = await db()
    .selectFrom('lottery_tickets')
    .selectAll()
    .where('draw_id', '=', draw.id)
    .execute();
  expect(tickets).toHaveLength(120);
  expect(tickets.every((x) => x.status === 'won' || x.status === 'lost')).toBe(true);
  const winners = tickets.filter((x) => x.payout_minor > 0n);
  expect(winners.length).toBe(12);
  const transfers = await db()
    .selectFrom('ledger_transfers')
    .select(['idempotency_key', 'amount_minor', 'id'])
    .where(
      'idempotency_key',
      'in',
      tickets.map((x) => `lottery:ticket:${x.id}:win`),
    )
    .execute();
  expect(transfers).toHaveLength(winners.length);
  const byKey = new Map(transfers.map((tr) => [tr.idempotency_key, tr]));
  for (const w of winners) {
    const paid = byKey.get(`lottery:ticket:${w.id}:win`);
    expect(paid?.amount_minor).toBe(w.payout_minor);
    expect(paid?.id).toBe(w.payout_transfer_id);
  }
  const records = await db()
    .selectFrom('bet_records')
    .select(['status', 'payout_minor'])
    .where('source', '=', 'lottery')
    .where(
      'source_ref',
      'in',
      tickets.map((x) => String(x.id)),
    )
    .execute();
  expect(records.every((r) => r.status === 'settled')).toBe(true);
  expect(records.reduce((s, r) => s + r.payout_minor, 0n)).toBe(
    winners.reduce((s, w) => s + w.payout_minor, 0n),
  );
  const row = await db()
    .selectFrom('lottery_draws')
    .select('status')
    .where('id', '=', draw.id)
    .executeTakeFirst();
  expect(row?.status).toBe('settled');
}

describe('a worker stopped mid-settlement', () => {
  it('interrupted after its first batch, the next pass settles the rest once', async () => {
    const { draw } = await drawnDrawWithTickets();
    await expect(
      settleDrawn(db(), t.clock.now(), 25, {
        workers: 1,
        afterBatch: () => {
          throw new Error('worker stops');
        },
      }),
    ).rejects.toThrow('worker stops');
    const done = await db()
      .selectFrom('lottery_tickets')
      .select('id')
      .where('draw_id', '=', draw.id)
      .where('status', '<>', 'pending')
      .execute();
    expect(done).toHaveLength(25);
    // A batch failing inside its transaction (after its transfers were posted) leaves no trace.
    await expect(
      settleDrawn(db(), t.clock.now(), 25, {
        workers: 1,
        inBatch: () => {
          throw new Error('died inside the batch');
        },
      }),
    ).rejects.toThrow('died inside the batch');
    expect(
      await db()
        .selectFrom('lottery_tickets')
        .select('id')
        .where('draw_id', '=', draw.id)
        .where('status', '<>', 'pending')
        .execute(),
    ).toHaveLength(25);
    const counts = await settleDrawn(db(), t.clock.now(), 25);
    expect(counts.tickets).toBe(95);
    await expectSettledOnce(draw);
  });

  it.skipIf(!onPostgres)(
    'killed with SIGKILL inside a batch, a restarted worker settles the rest once',
    async () => {
      const { draw } = await drawnDrawWithTickets();
      const child = await stalledChild(
        'apps/server/src/modules/lottery/lottery.restart.child.ts',
        [t.clock.now().toISOString(), '10'],
        t.database.url,
      );
      // The first batch committed; the second has its payouts posted inside an open transaction.
      expect(child.out).toContain('committed 10');
      expect(await child.kill9()).toBe('SIGKILL');

      const settledByChild = await db()
        .selectFrom('lottery_tickets')
        .select('id')
        .where('draw_id', '=', draw.id)
        .where('status', '<>', 'pending')
        .execute();
      expect(settledByChild).toHaveLength(10);
      await expectVerified(db());
      // The killed transaction's locks go with its connection; the restarted worker takes the rest.
      const counts = await settleDrawn(db(), t.clock.now(), 10);
      expect(counts.tickets).toBe(110);
      await expectSettledOnce(draw);
    },
    90_000,
  );
});
