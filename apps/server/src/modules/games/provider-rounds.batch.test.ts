import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
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
import { expectStreamConsistent } from '../records/records.test-helpers.ts';
import { REFERENCE_VENDOR } from './index.ts';
import { signedWalletCall, vendorSecret, type WalletReply } from './provider.test-helpers.ts';
import { createProviderRounds } from './provider-rounds.service.ts';
import { createProviderWallet, type ProviderCall } from './provider-wallet.service.ts';

/**
 * Credits, rollbacks and round ends on the bet path (provider-rounds.service, `roundCalls`): calls
 * sent at once share batches, each answers on its own, and the money moves exactly once.
 */
let t: TestApp;
let f: Fixture;
let secret: string;
beforeAll(async () => {
  t = await createTestApp({});
  f = await fixture(t);
  secret = await vendorSecret(t, f.merchantId);
});
afterAll(() => t.close());
afterEach(() => expectVerified(t.ctx.db));

const call = (name: string, body: Record<string, unknown>, nonce?: string): Promise<WalletReply> =>
  signedWalletCall(t, secret, name, { body, nonce });

async function player(amountMinor: bigint) {
  const p = await newMember(f, 'batch');
  await fund(f, p.mainId, amountMinor);
  return p;
}

function round(playerId: string, roundId = `r-${randomUUID()}`) {
  const base = { playerId, roundId, currency: f.currency };
  return {
    roundId,
    debit: (amountMinor: number, txnId: string = randomUUID()) =>
      call('debit', { ...base, txnId, amountMinor, gameCode: 'coin' }),
    credit: (amountMinor: number, txnId: string = randomUUID(), nonce?: string) =>
      call('credit', { ...base, txnId, amountMinor }, nonce),
    rollback: (txnId: string) => call('rollback', { ...base, txnId }),
    end: () => call('end-round', base),
  };
}

async function record(roundId: string) {
  return t.ctx.db
    .selectFrom('bet_records')
    .select(['stake_minor', 'payout_minor', 'status'])
    .where('source', '=', 'vendor')
    .where('source_ref', '=', `${REFERENCE_VENDOR}:${roundId}`)
    .executeTakeFirst();
}

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

test("40 players' credits, rollbacks and round ends at once share batches; each player's wallet is exact", async () => {
  // Straight to the service (the signature is checked before it): the calls reach the bet path together.
  const rounds = createProviderRounds(t.ctx, createProviderWallet(t.ctx));
  const signed = (): ProviderCall => ({
    merchantCode: 'demo',
    vendor: REFERENCE_VENDOR,
    headers: { nonce: randomUUID() },
    rawBody: Buffer.alloc(0),
  });
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

// Last in the file: the rounds settled above are in the bet stream and the rollups equal a recount.
test('the bet stream and the rollups agree with the records', async () => {
  const { facts } = await expectStreamConsistent(t.ctx.db);
  expect(facts).toBeGreaterThan(0);
});
