import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { answerOf, expectIdempotentBurst } from '../../../test/idempotent-burst.ts';
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
import { signedWalletCall, vendorRound, vendorSecret, type WalletReply } from './provider.test-helpers.ts';
import { createProviderRounds, vendorRoundRecall } from './provider-rounds.service.ts';
import { createProviderWallet, type ProviderCall } from './provider-wallet.service.ts';
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

const round = (playerId: string) =>
  vendorRound((name, body, nonce) => call(name, body, { nonce }), playerId, f.currency);

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

// Credits, rollbacks and round ends on the bet path (`roundCalls`): calls sent at once share
// batches, each answers on its own, and the money moves exactly once.

/** How many transactions wrote these credits (rows written by one transaction share its xmin). */
async function transactionsOf(table: 'game_credits' | 'game_rollbacks', txnIds: string[]): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select count(distinct xmin::text) as n from ${sql.table(table)} where txn_id = any(${txnIds}::text[])`.execute(
    t.ctx.db,
  );
  return Number(rows[0]!.n);
}

test('50 credits of one txn id at once: paid once, one credit row, every answer the same', async () => {
  const p = await player(5_000n);
  const r = round(p.memberId);
  expect((await r.debit(1_000)).status).toBe(200);
  const txn = randomUUID();
  const replies = await Promise.all(Array.from({ length: 50 }, () => r.credit(700, txn)));
  expect(replies.every((reply) => reply.status === 200)).toBe(true);
  for (const reply of replies) expect(reply.value).toEqual(replies[0]!.value);
  expect(replies[0]!.value).toMatchObject({ balanceMinor: 4_700 });
  expect(await balanceOf(f, p.mainId)).toEqual({ balance: 4_700n, pending: 0n });
  const rows = await t.ctx.db.selectFrom('game_credits').select('id').where('txn_id', '=', txn).execute();
  expect(rows).toHaveLength(1);
  const wins = await t.ctx.db
    .selectFrom('ledger_transfers')
    .select('id')
    .where('idempotency_key', '=', `win:${REFERENCE_VENDOR}:${txn}`)
    .execute();
  expect(wins).toHaveLength(1);
  expect(await record(r.roundId)).toMatchObject({ stake_minor: 1_000n, payout_minor: 700n, status: 'open' });
  // Another amount under that txn id is a conflict, a retry after the end still gets its answer.
  expect(await r.credit(1, txn)).toMatchObject({ status: 409, code: 'LEDGER_IDEMPOTENCY_CONFLICT' });
  expect((await r.end()).status).toBe(200);
  expect((await r.credit(700, txn)).value).toEqual(replies[0]!.value);
});

test('a debit and its rollback racing, in both orders: the stake is never kept, the wallet is exact', async () => {
  for (const rollbackFirst of [false, true]) {
    for (let n = 0; n < 8; n++) {
      const p = await player(3_000n);
      const r = round(p.memberId);
      expect((await r.debit(200)).status).toBe(200);
      const txn = randomUUID();
      const [debit, rollback] = rollbackFirst
        ? (await Promise.all([r.rollback(txn), r.debit(1_000, txn)])).reverse()
        : await Promise.all([r.debit(1_000, txn), r.rollback(txn)]);
      expect(rollback!.status).toBe(200);
      if (debit!.status === 200) expect(rollback!.value).toMatchObject({ refundedMinor: 1_000 });
      else {
        expect(debit).toMatchObject({ status: 409, code: 'PROVIDER_TXN_ROLLED_BACK' });
        expect(rollback!.value).toMatchObject({ refundedMinor: 0 });
      }
      expect(await balanceOf(f, p.mainId)).toEqual({ balance: 2_800n, pending: 0n });
      expect(await r.end()).toMatchObject({ status: 200, value: { stakeMinor: 200, payoutMinor: 0 } });
      expect(await record(r.roundId)).toMatchObject({
        stake_minor: 200n,
        payout_minor: 0n,
        status: 'settled',
      });
    }
  }
});

// Straight to the service (the signature is checked before it): calls made together reach the bet
// path together.
const direct = () => createProviderRounds(t.ctx, createProviderWallet(t.ctx));
const signed = (): ProviderCall => ({
  merchantCode: 'demo',
  vendor: REFERENCE_VENDOR,
  headers: { nonce: randomUUID() },
  rawBody: Buffer.alloc(0),
});

test('in one batch, a credit before the rollback that opens its round finds no round; after it, it does', async () => {
  const rounds = direct();
  const p = await player(1_000n);
  const busy = await Promise.all(Array.from({ length: 4 }, () => player(1n)));
  // Every player looked up once first (a round end of no round moves nothing): with the lookups
  // cached, calls started in an order reach the bet path in that order — a first lookup is a query
  // each, and two racing queries may answer in either order (the credit then left after the rollback).
  await Promise.all(
    [p, ...busy].map((b) =>
      answerOf(
        rounds.endRound(f.merchantId, signed(), {
          playerId: b.memberId,
          roundId: `r-${randomUUID()}`,
          currency: f.currency,
        }),
      ),
    ),
  );
  for (const creditFirst of [true, false]) {
    const base = { playerId: p.memberId, roundId: `r-${randomUUID()}`, currency: f.currency };
    const credit = () =>
      answerOf(rounds.credit(f.merchantId, signed(), { ...base, txnId: randomUUID(), amountMinor: 5 }));
    const rollback = () =>
      answerOf(rounds.rollback(f.merchantId, signed(), { ...base, txnId: randomUUID() }));
    // Four calls take the merchant's four batch slots; the two calls behind them leave as one batch.
    const blockers = busy.map((b) =>
      answerOf(
        rounds.endRound(f.merchantId, signed(), {
          playerId: b.memberId,
          roundId: `r-${randomUUID()}`,
          currency: f.currency,
        }),
      ),
    );
    const [first, second] = creditFirst ? [credit(), rollback()] : [rollback(), credit()];
    await Promise.all(blockers);
    const [c, r] = creditFirst ? [await first, await second] : [await second, await first];
    expect(r).toMatchObject({ status: 200, value: { refundedMinor: 0n } });
    if (creditFirst) expect(c).toMatchObject({ status: 404, code: 'PROVIDER_ROUND_UNKNOWN' });
    else expect(c).toMatchObject({ status: 200, value: { balanceMinor: 1_005n } });
  }
  expect(await balanceOf(f, p.mainId)).toEqual({ balance: 1_005n, pending: 0n });
});

test("40 players' credits, rollbacks and round ends at once share batches; each player's wallet is exact", async () => {
  const rounds = direct();
  const players = await Promise.all(Array.from({ length: 40 }, () => player(2_000n)));
  const base = players.map((p) => ({
    playerId: p.memberId,
    roundId: `r-${randomUUID()}`,
    currency: f.currency,
  }));
  const stakes = base.map(() => randomUUID());
  for (const [i, b] of base.entries()) {
    expect((await call('debit', { ...b, txnId: stakes[i], amountMinor: 500, gameCode: 'coin' })).status).toBe(
      200,
    );
    expect(
      (await call('debit', { ...b, txnId: randomUUID(), amountMinor: 300, gameCode: 'coin' })).status,
    ).toBe(200);
  }
  const wins = base.map(() => randomUUID());
  const credited = await Promise.all(
    base.map((b, i) =>
      rounds.credit(f.merchantId, signed(), { ...b, txnId: wins[i]!, amountMinor: 100 * (i + 1) }),
    ),
  );
  for (const [i, answer] of credited.entries())
    expect(answer).toMatchObject({ balanceMinor: BigInt(1_200 + 100 * (i + 1)) });
  const rolledBack = await Promise.all(
    base.map((b, i) => rounds.rollback(f.merchantId, signed(), { ...b, txnId: stakes[i]! })),
  );
  for (const [i, answer] of rolledBack.entries())
    expect(answer).toMatchObject({ refundedMinor: 500n, balanceMinor: BigInt(1_700 + 100 * (i + 1)) });
  const ended = await Promise.all(base.map((b) => rounds.endRound(f.merchantId, signed(), b)));
  for (const [i, answer] of ended.entries())
    expect(answer).toMatchObject({ stakeMinor: 300n, payoutMinor: BigInt(100 * (i + 1)) });
  for (const [i, p] of players.entries())
    expect(await balanceOf(f, p.mainId)).toEqual({ balance: BigInt(1_700 + 100 * (i + 1)), pending: 0n });
  expect(await record(base[7]!.roundId)).toMatchObject({
    stake_minor: 300n,
    payout_minor: 800n,
    status: 'settled',
  });
  // Fewer transactions than calls: the calls shared batches.
  expect(await transactionsOf('game_credits', wins)).toBeLessThan(40);
  expect(await transactionsOf('game_rollbacks', stakes)).toBeLessThan(40);
});

test('in one burst, refused calls are answered alone and never fail their neighbours', async () => {
  const p = await player(10_000n);
  const live = Array.from({ length: 10 }, () => round(p.memberId));
  await Promise.all(live.map((r) => r.debit(100)));
  const closed = round(p.memberId);
  await closed.debit(100);
  await closed.end();
  const reused = randomUUID();
  await live[0]!.credit(50, reused);
  const nonce = `n-${randomUUID()}`;
  await live[1]!.credit(10, randomUUID(), nonce);
  const replies = await Promise.all([
    ...live.map((r) => r.credit(200)),
    round(p.memberId).credit(1),
    round(p.memberId).end(),
    closed.credit(1),
    closed.rollback(randomUUID()),
    live[0]!.credit(51, reused),
    live[2]!.credit(1, randomUUID(), nonce),
  ]);
  expect(replies.slice(0, 10).every((reply) => reply.status === 200)).toBe(true);
  expect(replies.slice(10).map((reply) => reply.code)).toEqual([
    'PROVIDER_ROUND_UNKNOWN',
    'PROVIDER_ROUND_UNKNOWN',
    'PROVIDER_ROUND_ENDED',
    'PROVIDER_ROUND_ENDED',
    'LEDGER_IDEMPOTENCY_CONFLICT',
    'PROVIDER_NONCE_REPLAYED',
  ]);
  // 10000 − 11 × 100 + 50 + 10 + 10 × 200
  expect(await balanceOf(f, p.mainId)).toEqual({ balance: 10_960n, pending: 0n });
});

test('one txn id reused on two rounds at once (a vendor mistake): one call takes it, the other is a conflict', async () => {
  const p = await player(5_000n);
  const [a, b] = [round(p.memberId), round(p.memberId)];
  await Promise.all([a.debit(100), b.debit(100)]);
  for (const send of [
    (r: typeof a, txn: string) => r.credit(300, txn),
    (r: typeof a, txn: string) => r.rollback(txn),
  ]) {
    const txn = randomUUID();
    const replies = await Promise.all([send(a, txn), send(b, txn)]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
    expect(replies.find((reply) => reply.status === 409)).toMatchObject({
      code: 'LEDGER_IDEMPOTENCY_CONFLICT',
    });
  }
  // 5000 − 200 + 300 (one credit; the rollbacks named a debit never seen)
  expect(await balanceOf(f, p.mainId)).toEqual({ balance: 5_100n, pending: 0n });
});

// Last in the file: every round the tests above settled, voided or resettled is in the bet stream.
test('the bet stream: each settlement one fact, each void or resettlement a delta; the rollups equal a recount', async () => {
  const { facts } = await expectStreamConsistent(t.ctx.db);
  expect(facts).toBeGreaterThan(0);
});
