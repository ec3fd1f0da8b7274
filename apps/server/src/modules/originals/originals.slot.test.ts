import { createHmac, randomUUID } from 'node:crypto';
import { CARNAVAL_MAX_WIN, floats, playSlot, SLOT_FLOATS } from '@sorte/fairness';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { call, createAuthTestApp, registerUser } from '../auth/auth.test-helpers.ts';
import { memberAccountId } from '../ledger/index.ts';
import { expectVerified, type Fixture, fixture, fund } from '../ledger/ledger.test-helpers.ts';
import { hashServerSeed } from './originals.service.ts';

let t: TestApp;
let f: Fixture;
beforeAll(async () => {
  t = await createAuthTestApp({});
  f = await fixture(t);
});
afterAll(() => t.close());
afterEach(() => expectVerified(t.ctx.db));

const hmac = (key: string, message: string) =>
  new Uint8Array(createHmac('sha256', key).update(message).digest());
const SERVER_SEED = 'carnaval-server-seed-fixed';

async function player(funds = 1_000_000n) {
  const { session, account } = await registerUser(t, `slot${Math.random().toString(36).slice(2, 10)}`);
  const member = await t.ctx.db
    .selectFrom('members')
    .select('id')
    .where('account', '=', account)
    .executeTakeFirstOrThrow();
  await fund(f, await memberAccountId(f.db, member.id, f.merchantId, 'main', f.currency), funds);
  return { token: session.token as string, memberId: member.id };
}

/** Pins the member's active pair to a known server seed (the test's stand-in for a revealed one). */
async function pinSeeds(token: string, memberId: string, clientSeed: string) {
  await call(t, { method: 'POST', url: '/wps/originals/fairness/rotate', token, payload: { clientSeed } });
  await t.ctx.db
    .updateTable('fairness_seeds')
    .set({ server_seed: SERVER_SEED, server_seed_hash: hashServerSeed(SERVER_SEED) })
    .where('member_id', '=', memberId)
    .where('revealed_at', 'is', null)
    .execute();
}

const spin = (token: string, amountMinor: number, idempotencyKey = randomUUID()) =>
  call(t, {
    method: 'POST',
    url: '/wps/originals/carnaval/bet',
    token,
    payload: { amountMinor, idempotencyKey },
  });

/** A client seed whose nonce-0 round starts free spins under SERVER_SEED (searched, ~1 in 150). */
function triggeringClientSeed(): string {
  for (let i = 0; ; i++) {
    const clientSeed = `fs-${i}`;
    const round = playSlot(floats(hmac, { serverSeed: SERVER_SEED, clientSeed, nonce: 0 }, SLOT_FLOATS));
    if (round.freeSpins > 0) return clientSeed;
  }
}

it('plays rounds equal to the fairness package for fixed seeds, stake and win through the ledger', async () => {
  const { token, memberId } = await player();
  await pinSeeds(token, memberId, 'carnaval-fixed');
  let balance = 1_000_000;
  for (let nonce = 0; nonce < 25; nonce++) {
    const r = await spin(token, 1_000);
    expect(r.status, JSON.stringify(r)).toBe(200);
    const expected = playSlot(
      floats(hmac, { serverSeed: SERVER_SEED, clientSeed: 'carnaval-fixed', nonce }, SLOT_FLOATS),
    );
    expect(r.value.nonce).toBe(nonce);
    expect(r.value.game).toBe('carnaval');
    expect(r.value.outcome.units).toBe(expected.units);
    expect(r.value.outcome.stops).toEqual(expected.spins.map((s) => s.stops));
    expect(r.value.outcome.spins.map((s: { stops: number[] }) => s.stops)).toEqual(
      expected.spins.map((s) => s.stops),
    );
    expect(r.value.outcome.spins[0].lines).toEqual(expected.spins[0]!.lines);
    // 1,000 is a multiple of 20: the payout is exactly stake × units / 20.
    expect(r.value.payoutMinor).toBe((1_000 * expected.units) / 20);
    expect(r.value.balanceBeforeMinor).toBe(balance);
    balance = balance - 1_000 + r.value.payoutMinor;
    expect(r.value.balanceAfterMinor).toBe(balance);
  }
  const wallet = await call(t, { method: 'GET', url: '/wps/v2/wallets/balance', token });
  expect(wallet.value.sumBalance).toBe(balance);
  // Every round is in the betting records, filed with the slots (RNG) under the in-house vendor.
  const records = await t.ctx.db
    .selectFrom('bet_records')
    .select(['category', 'vendor', 'game_code', 'stake_minor', 'payout_minor'])
    .where('member_id', '=', memberId)
    .execute();
  expect(records).toHaveLength(25);
  for (const row of records)
    expect(row).toMatchObject({ category: 'RNG', vendor: 'SORTE', game_code: 'carnaval' });
  const paid = records.reduce((sum, row) => sum + Number(row.payout_minor), 0);
  expect(1_000_000 - 25 * 1_000 + paid).toBe(balance);
});

it('plays the free spins of a triggering round from the same nonce and pays them in the one round', async () => {
  const { token, memberId } = await player();
  const clientSeed = triggeringClientSeed();
  await pinSeeds(token, memberId, clientSeed);
  const expected = playSlot(floats(hmac, { serverSeed: SERVER_SEED, clientSeed, nonce: 0 }, SLOT_FLOATS));
  // 7 is not a multiple of 20: the fraction of a minor unit is rounded down, in integers.
  const r = await spin(token, 2_007);
  expect(r.status, JSON.stringify(r)).toBe(200);
  expect(r.value.outcome.freeSpins).toBe(expected.freeSpins);
  expect(r.value.outcome.spins).toHaveLength(1 + expected.freeSpins);
  expect(r.value.outcome.spins.slice(1).every((s: { kind: string }) => s.kind === 'free')).toBe(true);
  expect(r.value.outcome.spins.map((s: { units: number }) => s.units)).toEqual(
    expected.spins.map((s) => s.units),
  );
  expect(r.value.payoutMinor).toBe(Math.floor((2_007 * expected.units) / 20));
  expect(r.value.balanceAfterMinor).toBe(1_000_000 - 2_007 + r.value.payoutMinor);
});

it('is idempotent by key, refuses bad amounts and a stake whose top win passes the merchant max win', async () => {
  const { token } = await player();
  const key = randomUUID();
  const first = await spin(token, 500, key);
  const again = await spin(token, 500, key);
  expect(again.value).toEqual(first.value);
  expect(await spin(token, 600, key)).toMatchObject({ status: 409 });
  expect(await spin(token, 0)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  expect(await spin(token, 1.5)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  // Default max win 100,000,000 minor: a stake whose top win (14,375.6×) would pass it is refused.
  const tooLarge = Math.ceil(100_000_000 / (CARNAVAL_MAX_WIN - 1)) + 10;
  expect(await spin(token, tooLarge)).toMatchObject({ status: 422, code: 'ORIGINALS_WIN_TOO_LARGE' });
  const balance = await call(t, { method: 'GET', url: '/wps/v2/wallets/balance', token });
  expect(balance.value.sumBalance).toBe(1_000_000 - 500 + first.value.payoutMinor);
});

it('settles concurrent spins of one player on distinct nonces with no money lost', async () => {
  const { token } = await player();
  const answers = await Promise.all(Array.from({ length: 6 }, () => spin(token, 100)));
  for (const a of answers) expect(a.status).toBe(200);
  expect(answers.map((a) => a.value.nonce).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5]);
  const paid = answers.reduce((sum, a) => sum + a.value.payoutMinor, 0);
  const balance = await call(t, { method: 'GET', url: '/wps/v2/wallets/balance', token });
  expect(balance.value.sumBalance).toBe(1_000_000 - 600 + paid);
});
