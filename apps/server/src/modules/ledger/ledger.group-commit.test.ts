import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createGroupCommitter, houseAccountFor } from './index.ts';
import {
  balanceOf,
  expectVerified,
  type Fixture,
  fixture,
  fund,
  newMember,
  outcome,
  request,
} from './ledger.test-helpers.ts';

let t: TestApp;
let f: Fixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await fixture(t);
});
afterAll(() => t.close());
afterEach(() => expectVerified(t.ctx.db));

test('concurrent debits share batches; on a wallet that affords 20 of 200, exactly 20 post', async () => {
  const committer = createGroupCommitter(f.db);
  const { memberId, mainId } = await newMember(f, 'gc');
  await fund(f, mainId, 2_000n);
  const house = await houseAccountFor(f.db, f.merchantId, f.currency, memberId);
  const outcomes = await Promise.all(
    Array.from({ length: 200 }, () =>
      outcome(
        committer.submit(request(f, { debitAccountId: mainId, creditAccountId: house, amountMinor: 100n })),
      ),
    ),
  );
  expect(outcomes.filter((o) => o === 'ok')).toHaveLength(20);
  expect(outcomes.filter((o) => o === 'WALLET_INSUFFICIENT_FUNDS')).toHaveLength(180);
  expect(await balanceOf(f, mainId)).toEqual({ balance: 0n, pending: 0n });
  // Two go alone while nothing is in flight; the other 198 wait and leave together.
  expect(committer.stats().batches).toBeLessThanOrEqual(4);
});

test('a refused transfer in a shared batch does not fail its neighbours', async () => {
  const committer = createGroupCommitter(f.db, { maxInFlight: 1 });
  const rich = await newMember(f, 'rich');
  const poor = await newMember(f, 'poor');
  await fund(f, rich.mainId, 1_000n);
  const house = await houseAccountFor(f.db, f.merchantId, f.currency, rich.memberId);
  const [a, b, c] = await Promise.all([
    outcome(
      committer.submit(
        request(f, { debitAccountId: rich.mainId, creditAccountId: house, amountMinor: 300n }),
      ),
    ),
    outcome(
      committer.submit(request(f, { debitAccountId: poor.mainId, creditAccountId: house, amountMinor: 1n })),
    ),
    outcome(
      committer.submit(
        request(f, { debitAccountId: rich.mainId, creditAccountId: house, amountMinor: 700n }),
      ),
    ),
  ]);
  expect([a, b, c]).toEqual(['ok', 'WALLET_INSUFFICIENT_FUNDS', 'ok']);
  expect(await balanceOf(f, rich.mainId)).toEqual({ balance: 0n, pending: 0n });
});

test('one idempotency key submitted 50 times at once moves money once, every reply the same', async () => {
  const committer = createGroupCommitter(f.db);
  const { memberId, mainId } = await newMember(f, 'twin');
  await fund(f, mainId, 1_000n);
  const house = await houseAccountFor(f.db, f.merchantId, f.currency, memberId);
  const r = request(f, { debitAccountId: mainId, creditAccountId: house, amountMinor: 700n });
  const replies = await Promise.all(Array.from({ length: 50 }, () => committer.submit(r)));
  for (const reply of replies) expect(reply.id).toBe(replies[0]!.id);
  expect(await balanceOf(f, mainId)).toEqual({ balance: 300n, pending: 0n });
});
