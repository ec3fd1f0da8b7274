import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  hold,
  houseAccountFor,
  postHold,
  type Transfer,
  transfer,
  transferBatch,
  voidHold,
} from './index.ts';
import {
  balanceOf,
  expectVerified,
  type Fixture,
  fixture,
  fund,
  key,
  newMember,
  outcome,
  request,
} from './ledger.test-helpers.ts';

/**
 * Races on one wallet. They prove something only on PostgreSQL (DATABASE_URL), where the test pool
 * runs ten transactions at once; PGlite runs one at a time, so there they pass trivially.
 */
let t: TestApp;
let f: Fixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await fixture(t);
});
afterAll(() => t.close());
afterEach(() => expectVerified(t.ctx.db));

test('200 simultaneous debits from a wallet that affords 20: exactly 20 succeed, never negative', async () => {
  const { memberId, mainId } = await newMember(f, 'race');
  await fund(f, mainId, 2_000n);
  const house = await houseAccountFor(f.db, f.merchantId, f.currency, memberId);
  const outcomes = await Promise.all(
    Array.from({ length: 200 }, () =>
      outcome(
        transfer(f.db, request(f, { debitAccountId: mainId, creditAccountId: house, amountMinor: 100n })),
      ),
    ),
  );
  expect(outcomes.filter((o) => o === 'ok')).toHaveLength(20);
  expect(outcomes.filter((o) => o === 'WALLET_INSUFFICIENT_FUNDS')).toHaveLength(180);
  expect(await balanceOf(f, mainId)).toEqual({ balance: 0n, pending: 0n });
});

test('one idempotency key sent 50 times at once moves the money once and every reply is the same', async () => {
  const { memberId, mainId } = await newMember(f, 'same');
  await fund(f, mainId, 1_000n);
  const house = await houseAccountFor(f.db, f.merchantId, f.currency, memberId);
  // 700 of 1,000: a second debit would not fit, so a twin must answer with the original, not a refusal.
  const r = request(f, { debitAccountId: mainId, creditAccountId: house, amountMinor: 700n });
  const replies = await Promise.all(Array.from({ length: 50 }, () => transfer(f.db, r)));
  for (const reply of replies) expect(reply).toEqual(replies[0]);
  expect((await balanceOf(f, mainId)).balance).toBe(300n);
  const rows = await f.db
    .selectFrom('ledger_transfers')
    .select('id')
    .where('idempotency_key', '=', r.idempotencyKey)
    .execute();
  expect(rows).toHaveLength(1);
});

test('a hold posted and voided at once: exactly one wins, the other is told it is resolved', async () => {
  const { mainId, memberId } = await newMember(f, 'hold');
  await fund(f, mainId, 10_000n);
  const house = await houseAccountFor(f.db, f.merchantId, f.currency, memberId);
  for (let round = 0; round < 10; round++) {
    const h = await hold(
      f.db,
      request(f, { debitAccountId: mainId, creditAccountId: house, amountMinor: 100n }),
    );
    const racers = Array.from({ length: 6 }, (_, i) =>
      (i % 2 ? voidHold : postHold)(f.db, f.merchantId, h.id),
    );
    const settled = await Promise.allSettled(racers);
    const won = settled
      .filter((s): s is PromiseFulfilledResult<Transfer> => s.status === 'fulfilled')
      .map((s) => s.value);
    const lost = settled
      .filter((s) => s.status === 'rejected')
      .map((s) => (s.reason as { code: string }).code);
    // Every winner reports the same single resolution (repeats of the winning action are idempotent).
    expect(new Set(won.map((w) => String(w.id))).size).toBe(1);
    expect(lost.every((code) => code === 'LEDGER_HOLD_RESOLVED')).toBe(true);
    expect(won.length + lost.length).toBe(6);
    const resolutions = await f.db
      .selectFrom('ledger_transfers')
      .select('status')
      .where('pending_id', '=', h.id)
      .execute();
    expect(resolutions).toHaveLength(1);
  }
  const after = await balanceOf(f, mainId);
  expect(after.pending).toBe(0n);
});

test('batches and single transfers crossing the same accounts in opposite orders neither deadlock nor overdraw', async () => {
  const players = await Promise.all(Array.from({ length: 6 }, () => newMember(f, 'batch')));
  for (const p of players) await fund(f, p.mainId, 1_000n);
  const houses = await Promise.all(
    players.map((p) => houseAccountFor(f.db, f.merchantId, f.currency, p.memberId)),
  );
  const bet = (i: number, amountMinor: bigint) =>
    request(f, { debitAccountId: players[i]!.mainId, creditAccountId: houses[i]!, amountMinor });
  const win = (i: number, amountMinor: bigint) =>
    request(f, { code: 'win', debitAccountId: houses[i]!, creditAccountId: players[i]!.mainId, amountMinor });
  const forward = Array.from({ length: 30 }, (_, n) => (n % 3 === 2 ? win(n % 6, 7n) : bet(n % 6, 33n)));
  const backward = Array.from({ length: 30 }, (_, n) =>
    n % 3 === 2 ? win(5 - (n % 6), 7n) : bet(5 - (n % 6), 33n),
  );
  const work = [
    ...Array.from({ length: 8 }, (_, i) =>
      transferBatch(
        f.db,
        (i % 2 ? backward : forward).map((r) => ({ ...r, idempotencyKey: key('b') })),
      ),
    ),
    ...Array.from({ length: 60 }, (_, n) =>
      outcome(transfer(f.db, n % 2 ? bet(n % 6, 11n) : win(n % 6, 5n))),
    ),
  ];
  await Promise.all(work);
  for (const p of players) expect((await balanceOf(f, p.mainId)).balance).toBeGreaterThanOrEqual(0n);
});
