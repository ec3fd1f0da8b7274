import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  balanceOf,
  expectVerified,
  type Fixture,
  fixture,
  fund,
  newMember,
} from '../ledger/ledger.test-helpers.ts';
import { REFERENCE_VENDOR } from './index.ts';
import { type SignedCall, signedWalletCall, vendorSecret } from './provider.test-helpers.ts';

let t: TestApp;
let f: Fixture;
let secret: string;
beforeAll(async () => {
  t = await createTestApp(process.env.DEBUG_LOG ? { LOG_LEVEL: 'error' } : {});
  f = await fixture(t);
  secret = await vendorSecret(t, f.merchantId);
});
afterAll(() => t.close());
afterEach(() => expectVerified(t.ctx.db));

type Signed = SignedCall;

async function debit(s: Signed) {
  return call('debit', s);
}

const call = (name: string, s: Signed) => signedWalletCall(t, secret, name, s);

async function fundedPlayer(amountMinor: bigint) {
  const p = await newMember(f, 'vendor');
  await fund(f, p.mainId, amountMinor);
  return p;
}

const bet = (playerId: string, amountMinor: number, txnId = randomUUID()) => ({
  playerId,
  roundId: `r-${txnId}`,
  txnId,
  amountMinor,
  currency: f.currency,
});

test('a signed debit takes the stake, stores the bet and answers the balance after it', async () => {
  const p = await fundedPlayer(10_000n);
  const r = await debit({ body: bet(p.memberId, 2_500) });
  expect(r.status).toBe(200);
  expect(r.value).toMatchObject({ balanceMinor: 7_500, currency: f.currency });
  expect(await balanceOf(f, p.mainId)).toEqual({ balance: 7_500n, pending: 0n });
  const rows = await t.ctx.db
    .selectFrom('game_bets')
    .selectAll()
    .where('member_id', '=', p.memberId)
    .execute();
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ stake_minor: 2_500n, status: 'open', vendor: REFERENCE_VENDOR });
});

test('a retried txn id (new nonce) gets the original answer and moves nothing; 50 at once debit once', async () => {
  const p = await fundedPlayer(10_000n);
  const body = bet(p.memberId, 1_000);
  const first = await debit({ body });
  const replies = await Promise.all(Array.from({ length: 50 }, () => debit({ body })));
  for (const reply of replies) expect(reply.value).toEqual(first.value);
  expect(await balanceOf(f, p.mainId)).toEqual({ balance: 9_000n, pending: 0n });
  const again = await debit({ body: { ...body, amountMinor: 2_000 } });
  expect(again).toMatchObject({ status: 409, code: 'LEDGER_IDEMPOTENCY_CONFLICT' });
});

test('one txn id sent 30 times at once, never seen before: one debit, every reply the same', async () => {
  const p = await fundedPlayer(10_000n);
  const body = bet(p.memberId, 700);
  // The first call leaves alone and the rest share the next batch (another house shard): the twins
  // must find the first one's bet, not a conflicting transfer.
  const replies = await Promise.all(Array.from({ length: 30 }, () => debit({ body })));
  for (const reply of replies) expect(reply.value).toEqual(replies[0]!.value);
  expect(replies[0]!.success).toBe(true);
  expect(await balanceOf(f, p.mainId)).toEqual({ balance: 9_300n, pending: 0n });
});

test('200 simultaneous bets on a wallet that affords 20: exactly 20 taken, the rest refused with the balance', async () => {
  const p = await fundedPlayer(2_000n);
  const replies = await Promise.all(Array.from({ length: 200 }, () => debit({ body: bet(p.memberId, 100) })));
  expect(replies.filter((r) => r.success)).toHaveLength(20);
  const refused = replies.filter((r) => !r.success);
  expect(refused).toHaveLength(180);
  for (const r of refused)
    expect(r).toMatchObject({ status: 409, code: 'WALLET_INSUFFICIENT_FUNDS', details: { balanceMinor: 0 } });
  expect(await balanceOf(f, p.mainId)).toEqual({ balance: 0n, pending: 0n });
});

test('a replayed nonce is refused even with a valid signature, and moves nothing', async () => {
  const p = await fundedPlayer(5_000n);
  const nonce = 'replay-nonce-0001';
  expect((await debit({ body: bet(p.memberId, 100), nonce })).success).toBe(true);
  const replay = await debit({ body: bet(p.memberId, 100), nonce });
  expect(replay).toMatchObject({ status: 409, code: 'PROVIDER_NONCE_REPLAYED' });
  expect(await balanceOf(f, p.mainId)).toEqual({ balance: 4_900n, pending: 0n });
});

test('bad signature, stale timestamp, unknown vendor, unknown player, other currency: refused, nothing moved', async () => {
  const p = await fundedPlayer(5_000n);
  const body = bet(p.memberId, 100);
  expect(await debit({ body, key: 'not-the-secret' })).toMatchObject({
    status: 401,
    code: 'PROVIDER_SIGNATURE_INVALID',
  });
  expect(await debit({ body, signature: 'zz' })).toMatchObject({
    status: 401,
    code: 'PROVIDER_SIGNATURE_INVALID',
  });
  expect(await debit({ body, timestamp: t.clock.now().getTime() - 120_000 })).toMatchObject({
    status: 401,
    code: 'PROVIDER_TIMESTAMP_STALE',
  });
  expect(await debit({ body, vendor: 'nobody' })).toMatchObject({
    status: 401,
    code: 'PROVIDER_UNKNOWN_VENDOR',
  });
  expect(await debit({ body: { ...body, playerId: randomUUID() } })).toMatchObject({
    status: 404,
    code: 'PROVIDER_UNKNOWN_PLAYER',
  });
  expect(await debit({ body: { ...body, currency: 'USD' } })).toMatchObject({
    status: 400,
    code: 'LEDGER_CURRENCY_MISMATCH',
  });
  expect(await debit({ body: { ...body, amountMinor: -5 } })).toMatchObject({
    status: 400,
    code: 'VALIDATION_FAILED',
  });
  // The signed body meets the edge's character guard once parsed, naming the field.
  expect(await debit({ body: { ...body, txnId: 'a\u0000b' } })).toMatchObject({
    status: 400,
    code: 'INVALID_CHARACTERS',
    details: { fields: [{ field: 'body.txnId', key: 'invalid_characters' }] },
  });
  expect(await balanceOf(f, p.mainId)).toEqual({ balance: 5_000n, pending: 0n });
});
