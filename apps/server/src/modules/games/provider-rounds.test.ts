import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { expectIdempotentBurst } from '../../../test/idempotent-burst.ts';
import { call as memberCall, createAuthTestApp } from '../auth/auth.test-helpers.ts';
import {
  balanceOf,
  expectVerified,
  type Fixture,
  fixture,
  fund,
  fundedPlayer,
  newMember,
} from '../ledger/ledger.test-helpers.ts';
import { REFERENCE_VENDOR } from './index.ts';
import { signedWalletCall, vendorSecret, type WalletReply } from './provider.test-helpers.ts';
import { vendorRoundRecall } from './provider-rounds.service.ts';
import { launchVendorGame } from './vendor-launch.ts';
import { VENDOR_SESSION_MS } from './vendor-sessions.ts';
import { expectStreamConsistent } from '../records/records.test-helpers.ts';

let t: TestApp;
let f: Fixture;
let secret: string;
beforeAll(async () => {
  // The auth test app: players registered through the API have a token for the recall route.
  t = await createAuthTestApp({});
  f = await fixture(t);
  secret = await vendorSecret(t, f.merchantId);
});
afterAll(() => t.close());
afterEach(() => expectVerified(t.ctx.db));

const call = (
  name: string,
  body: Record<string, unknown>,
  opts: { nonce?: string } = {},
): Promise<WalletReply> => signedWalletCall(t, secret, name, { body, nonce: opts.nonce });

async function player(amountMinor: bigint) {
  const p = await newMember(f, 'round');
  await fund(f, p.mainId, amountMinor);
  return p;
}

function round(playerId: string) {
  const roundId = `r-${randomUUID()}`;
  const base = { playerId, roundId, currency: f.currency };
  return {
    roundId,
    debit: (amountMinor: number, txnId = randomUUID()) =>
      call('debit', { ...base, txnId, amountMinor, gameCode: 'coin' }),
    credit: (amountMinor: number, txnId = randomUUID()) => call('credit', { ...base, txnId, amountMinor }),
    rollback: (txnId: string) => call('rollback', { ...base, txnId }),
    end: () => call('end-round', base),
  };
}

async function record(roundId: string) {
  return t.ctx.db
    .selectFrom('bet_records')
    .select(['stake_minor', 'payout_minor', 'status', 'category', 'game_code'])
    .where('source', '=', 'vendor')
    .where('source_ref', '=', `${REFERENCE_VENDOR}:${roundId}`)
    .executeTakeFirst();
}

test('launch makes a session whose token authenticates the player; unknown and expired tokens are refused', async () => {
  const p = await player(5_000n);
  const { gameUrl } = await launchVendorGame(t.ctx, {
    merchantId: f.merchantId,
    memberId: p.memberId,
    currency: f.currency,
    vendor: REFERENCE_VENDOR,
    gameCode: 'coin',
    language: 'pt-BR',
    trial: false,
    category: 'RNG',
  });
  const url = new URL(gameUrl);
  expect(url.pathname).toBe('/play');
  expect(url.searchParams.get('merchant')).toBe('demo');
  expect(url.searchParams.get('game')).toBe('coin');
  const token = url.searchParams.get('token')!;
  const stored = await t.ctx.db.selectFrom('vendor_sessions').select('token_hash').execute();
  expect(stored.some((s) => s.token_hash === token)).toBe(false);
  const ok = await call('authenticate', { token });
  expect(ok).toMatchObject({
    status: 200,
    value: { playerId: p.memberId, balanceMinor: 5_000, language: 'pt-BR' },
  });
  expect(await call('authenticate', { token: `${token}x` })).toMatchObject({
    status: 401,
    code: 'PROVIDER_TOKEN_INVALID',
  });
  // A debit sent with the token is taken while the session lasts; another player's token is refused.
  const roundId = `r-${randomUUID()}`;
  const bet = (txnId: string, playerId = p.memberId) => ({
    playerId,
    roundId,
    txnId,
    amountMinor: 100,
    currency: f.currency,
    token,
  });
  expect((await call('debit', bet('with-token-1'))).status).toBe(200);
  const other = await player(1_000n);
  expect(await call('debit', bet('with-token-2', other.memberId))).toMatchObject({
    status: 401,
    code: 'PROVIDER_TOKEN_INVALID',
  });
  t.clock.advance(VENDOR_SESSION_MS + 1_000);
  expect(await call('authenticate', { token })).toMatchObject({
    status: 401,
    code: 'PROVIDER_TOKEN_EXPIRED',
  });
  expect(await call('debit', bet('with-token-3'))).toMatchObject({
    status: 401,
    code: 'PROVIDER_TOKEN_EXPIRED',
  });
  // The round's win and end are still taken after the session expired.
  const end = { playerId: p.memberId, roundId, currency: f.currency };
  expect((await call('credit', { ...end, txnId: 'win-after-expiry', amountMinor: 250 })).status).toBe(200);
  expect((await call('end-round', end)).status).toBe(200);
  expect(await balanceOf(f, p.mainId)).toEqual({ balance: 5_150n, pending: 0n });
});

test('debit, credit, end round: money, records and the recall follow; the round is closed after', async () => {
  const p = await player(10_000n);
  const r = round(p.memberId);
  expect(await r.debit(1_000)).toMatchObject({ status: 200, value: { balanceMinor: 9_000 } });
  expect(await record(r.roundId)).toMatchObject({ stake_minor: 1_000n, status: 'open', game_code: 'coin' });
  expect(await r.credit(2_500)).toMatchObject({ status: 200, value: { balanceMinor: 11_500 } });
  expect(await r.end()).toMatchObject({
    status: 200,
    value: { status: 'ended', stakeMinor: 1_000, payoutMinor: 2_500, balanceMinor: 11_500 },
  });
  expect(await record(r.roundId)).toMatchObject({
    stake_minor: 1_000n,
    payout_minor: 2_500n,
    status: 'settled',
  });
  expect(await r.debit(100)).toMatchObject({ status: 409, code: 'PROVIDER_ROUND_ENDED' });
  expect(await r.credit(100)).toMatchObject({ status: 409, code: 'PROVIDER_ROUND_ENDED' });
  expect(await r.end()).toMatchObject({ status: 200, value: { status: 'ended' } });
  expect(await balanceOf(f, p.mainId)).toEqual({ balance: 11_500n, pending: 0n });
  const game = await t.ctx.db
    .selectFrom('game_rounds')
    .select('status')
    .where('round_id', '=', r.roundId)
    .executeTakeFirst();
  expect(game?.status).toBe('ended');
});

test('a retried credit and a retried rollback get the stored original answer and move nothing', async () => {
  const p = await player(10_000n);
  const r = round(p.memberId);
  const debitTxn = randomUUID();
  await r.debit(1_000, debitTxn);
  await r.debit(500);
  const creditTxn = randomUUID();
  const first = await r.credit(300, creditTxn);
  const retries = await Promise.all(Array.from({ length: 10 }, () => r.credit(300, creditTxn)));
  for (const reply of retries) expect(reply.value).toEqual(first.value);
  expect(await r.credit(999, creditTxn)).toMatchObject({ status: 409, code: 'LEDGER_IDEMPOTENCY_CONFLICT' });
  const undo = await r.rollback(debitTxn);
  expect(undo).toMatchObject({ status: 200, value: { refundedMinor: 1_000 } });
  const again = await Promise.all(Array.from({ length: 10 }, () => r.rollback(debitTxn)));
  for (const reply of again) expect(reply.value).toEqual(undo.value);
  // 10000 - 1000 - 500 + 300 + 1000
  expect(await balanceOf(f, p.mainId)).toEqual({ balance: 9_800n, pending: 0n });
  // The rolled-back stake leaves the record; the round still has a stake, so it is not cancelled.
  expect(await record(r.roundId)).toMatchObject({ stake_minor: 500n, payout_minor: 300n, status: 'open' });
  // The rolled-back debit, retried by the vendor, is still answered with its original answer.
  expect((await r.debit(1_000, debitTxn)).status).toBe(200);
  expect(await balanceOf(f, p.mainId)).toEqual({ balance: 9_800n, pending: 0n });
});

test('50 copies at once of a debit, a credit and a rollback never seen before each answer the first, moving money once', async () => {
  const p = await player(10_000n);
  const r = round(p.memberId);
  const burst = (moved: bigint) => ({
    db: t.ctx.db,
    balance: async () => (await balanceOf(f, p.mainId)).balance,
    moved,
  });
  const debitTxn = randomUUID();
  await expectIdempotentBurst(() => r.debit(1_000, debitTxn), burst(-1_000n));
  await r.debit(500);
  const creditTxn = randomUUID();
  await expectIdempotentBurst(() => r.credit(300, creditTxn), burst(300n));
  const undo = await expectIdempotentBurst(() => r.rollback(debitTxn), burst(1_000n));
  expect(undo).toMatchObject({ status: 200, value: { refundedMinor: 1_000 } });
  expect(await balanceOf(f, p.mainId)).toEqual({ balance: 9_800n, pending: 0n });
});

test("rollback of a round's only debit cancels its record", async () => {
  const p = await player(2_000n);
  const r = round(p.memberId);
  const txn = randomUUID();
  await r.debit(700, txn);
  await r.rollback(txn);
  expect(await record(r.roundId)).toMatchObject({ stake_minor: 0n, payout_minor: 0n, status: 'cancelled' });
  expect(await balanceOf(f, p.mainId)).toEqual({ balance: 2_000n, pending: 0n });
});

test('a rollback before its debit is recorded; the late debit is refused and moves nothing', async () => {
  const p = await player(3_000n);
  const r = round(p.memberId);
  const txn = randomUUID();
  expect(await r.rollback(txn)).toMatchObject({
    status: 200,
    value: { refundedMinor: 0, balanceMinor: 3_000 },
  });
  expect(await r.debit(1_000, txn)).toMatchObject({ status: 409, code: 'PROVIDER_TXN_ROLLED_BACK' });
  expect(await balanceOf(f, p.mainId)).toEqual({ balance: 3_000n, pending: 0n });
  expect(await record(r.roundId)).toBeUndefined();
  // The round stays usable: another debit in it is taken and names the round's game.
  expect((await r.debit(400)).status).toBe(200);
  expect(await record(r.roundId)).toMatchObject({ stake_minor: 400n, game_code: 'coin', status: 'open' });
  expect(await balanceOf(f, p.mainId)).toEqual({ balance: 2_600n, pending: 0n });
});

test('a rollback racing its own debit: either the debit is refused or it is given back — never kept', async () => {
  for (let i = 0; i < 5; i++) {
    const p = await player(3_000n);
    const r = round(p.memberId);
    const txn = randomUUID();
    await Promise.all([r.debit(1_000, txn), r.rollback(txn)]);
    expect(await balanceOf(f, p.mainId)).toEqual({ balance: 3_000n, pending: 0n });
  }
});

test('credit or end for an unknown round, unknown player, other currency: refused with codes', async () => {
  const p = await player(1_000n);
  const r = round(p.memberId);
  expect(await r.credit(100)).toMatchObject({ status: 404, code: 'PROVIDER_ROUND_UNKNOWN' });
  expect(await r.end()).toMatchObject({ status: 404, code: 'PROVIDER_ROUND_UNKNOWN' });
  const stranger = round(randomUUID());
  expect(await stranger.credit(100)).toMatchObject({ status: 404, code: 'PROVIDER_UNKNOWN_PLAYER' });
  expect(await call('balance', { playerId: randomUUID(), currency: f.currency })).toMatchObject({
    status: 404,
    code: 'PROVIDER_UNKNOWN_PLAYER',
  });
  expect(await call('balance', { playerId: p.memberId, currency: 'USD' })).toMatchObject({
    status: 400,
    code: 'LEDGER_CURRENCY_MISMATCH',
  });
  expect(
    await call('credit', {
      playerId: p.memberId,
      roundId: r.roundId,
      txnId: 'x1',
      amountMinor: 1,
      currency: 'USD',
    }),
  ).toMatchObject({ status: 400, code: 'LEDGER_CURRENCY_MISMATCH' });
  // Another player's round.
  await r.debit(100);
  const other = await player(1_000n);
  expect(
    await call('credit', {
      playerId: other.memberId,
      roundId: r.roundId,
      txnId: 'x2',
      amountMinor: 1,
      currency: f.currency,
    }),
  ).toMatchObject({ status: 409, code: 'PROVIDER_ROUND_MISMATCH' });
  expect(await balanceOf(f, p.mainId)).toEqual({ balance: 900n, pending: 0n });
});

test('a replayed nonce is refused on every call, even a read', async () => {
  const p = await player(1_000n);
  const nonce = `nonce-${randomUUID().slice(0, 12)}`;
  expect((await call('balance', { playerId: p.memberId, currency: f.currency }, { nonce })).status).toBe(200);
  expect(await call('balance', { playerId: p.memberId, currency: f.currency }, { nonce })).toMatchObject({
    status: 409,
    code: 'PROVIDER_NONCE_REPLAYED',
  });
  const r = round(p.memberId);
  await r.debit(100);
  const creditNonce = `credit-${randomUUID().slice(0, 12)}`;
  const body = {
    playerId: p.memberId,
    roundId: r.roundId,
    txnId: randomUUID(),
    amountMinor: 50,
    currency: f.currency,
  };
  expect((await call('credit', body, { nonce: creditNonce })).status).toBe(200);
  expect(await call('credit', body, { nonce: creditNonce })).toMatchObject({
    code: 'PROVIDER_NONCE_REPLAYED',
  });
  expect(await balanceOf(f, p.mainId)).toEqual({ balance: 950n, pending: 0n });
});

test('insufficient funds answers the balance; a win after the session expired and the player was disabled is accepted', async () => {
  const p = await player(800n);
  const r = round(p.memberId);
  await r.debit(500);
  expect(await r.debit(500)).toMatchObject({
    status: 409,
    code: 'WALLET_INSUFFICIENT_FUNDS',
    details: { balanceMinor: 300 },
  });
  t.clock.advance(VENDOR_SESSION_MS + 60_000);
  await t.ctx.db.updateTable('members').set({ status: 'disabled' }).where('id', '=', p.memberId).execute();
  expect(await r.credit(1_000)).toMatchObject({ status: 200, value: { balanceMinor: 1_300 } });
  expect((await r.end()).status).toBe(200);
  expect(await balanceOf(f, p.mainId)).toEqual({ balance: 1_300n, pending: 0n });
});

test('the player reads the recall of an own vendor round, not of another player', async () => {
  const p = await player(5_000n);
  const r = round(p.memberId);
  const txn = randomUUID();
  await r.debit(400, txn);
  await r.credit(1_000);
  await r.rollback(txn);
  await r.end();
  const recall = await vendorRoundRecall(t.ctx.db, p.memberId, REFERENCE_VENDOR, r.roundId);
  expect(recall).toMatchObject({ status: 'ended', stakeMinor: 0, payoutMinor: 1_000 });
  expect(recall!.moves.map((m) => [m.kind, m.rolledBack])).toEqual([
    ['debit', true],
    ['credit', false],
    ['rollback', false],
  ]);
  const stranger = await newMember(f, 'round');
  expect(await vendorRoundRecall(t.ctx.db, stranger.memberId, REFERENCE_VENDOR, r.roundId)).toBeNull();
});

test('one player, 20 rounds played at once (debit → credit → end) and 20 debits on one round: exact balance, no deadlock', async () => {
  const p = await player(50_000n);
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      const r = round(p.memberId);
      expect((await r.debit(1_000)).status).toBe(200);
      expect((await r.credit(1_500)).status).toBe(200);
      expect((await r.end()).status).toBe(200);
    }),
  );
  const shared = round(p.memberId);
  const replies = await Promise.all(Array.from({ length: 20 }, () => shared.debit(100)));
  expect(replies.every((r) => r.status === 200)).toBe(true);
  expect(await record(shared.roundId)).toMatchObject({ stake_minor: 2_000n, status: 'open' });
  // 50000 + 20 × 500 − 20 × 100
  expect(await balanceOf(f, p.mainId)).toEqual({ balance: 58_000n, pending: 0n });
});

test('the recall route answers a player its own vendor round, another player 404, nobody 401', async () => {
  const owner = await fundedPlayer(t, f, 'vr', 3_000n);
  const stranger = await fundedPlayer(t, f, 'vr', 0n);
  const r = round(owner.memberId);
  await r.debit(1_000);
  await r.credit(0);
  await r.end();
  const url = `/wps/game/rounds/recall?ref=${encodeURIComponent(`${REFERENCE_VENDOR}:${r.roundId}`)}`;
  expect(await memberCall(t, { method: 'GET', url, token: owner.token })).toMatchObject({
    status: 200,
    value: {
      status: 'ended',
      stakeMinor: 1_000,
      payoutMinor: 0,
      moves: [{ kind: 'debit' }, { kind: 'credit' }],
    },
  });
  expect(await memberCall(t, { method: 'GET', url, token: stranger.token })).toMatchObject({
    status: 404,
    code: 'PROVIDER_ROUND_UNKNOWN',
  });
  expect(await memberCall(t, { method: 'GET', url })).toMatchObject({ status: 401 });
});

// Last in the file: every round the tests above settled, voided or resettled is in the bet stream.
test('the bet stream: each settlement one fact, each void or resettlement a delta; the rollups equal a recount', async () => {
  const { facts } = await expectStreamConsistent(t.ctx.db);
  expect(facts).toBeGreaterThan(0);
});
