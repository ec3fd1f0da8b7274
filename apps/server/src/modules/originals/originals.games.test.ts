import { createHmac, randomUUID } from 'node:crypto';
import { floats, playKeno, playLimbo, playWheel, plinkoOutcome } from '@sorte/fairness';
import { multiplierUnits, payoutMinor } from '@sorte/money';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { call, createAuthTestApp } from '../auth/auth.test-helpers.ts';
import { expectVerified, type Fixture, fixture, fundedPlayer } from '../ledger/ledger.test-helpers.ts';

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

const player = async () => (await fundedPlayer(t, f, 'orig', 1_000_000n)).token;

/** Each game's own view of a round, recomputed from the revealed seeds with the published math. */
const GAMES = [
  {
    name: 'limbo',
    params: { target: 1.5 },
    replay: (fl: number[]) => playLimbo(fl, { target: 1.5 }).result,
    pick: (o: Record<string, unknown>) => o.result,
  },
  {
    name: 'wheel',
    params: { segments: 30, risk: 'medium' },
    replay: (fl: number[]) => playWheel(fl, { segments: 30, risk: 'medium' }).segment,
    pick: (o: Record<string, unknown>) => o.segment,
  },
  {
    name: 'plinko',
    params: { rows: 12, risk: 'high' },
    replay: (fl: number[]) => plinkoOutcome(fl, 12, 'high').bucket,
    pick: (o: Record<string, unknown>) => o.bucket,
  },
  {
    name: 'keno',
    params: { picks: [1, 7, 13, 22, 39], risk: 'classic' },
    replay: (fl: number[]) => playKeno(fl, { picks: [1, 7, 13, 22, 39], risk: 'classic' }).hits,
    pick: (o: Record<string, unknown>) => o.hits,
  },
];

it('limbo, wheel, plinko and keno rounds settle through the ledger and replay from the revealed seed', async () => {
  const token = await player();
  // biome-ignore lint/suspicious/noExplicitAny: rounds are read field by field from the JSON answer.
  const rounds: { game: (typeof GAMES)[number]; value: any }[] = [];
  for (const game of GAMES)
    for (let i = 0; i < 3; i++) {
      const r = await call(t, {
        method: 'POST',
        url: `/wps/originals/${game.name}/bet`,
        token,
        payload: { amountMinor: 1_000, idempotencyKey: randomUUID(), ...game.params },
      });
      expect(r.status, JSON.stringify(r)).toBe(200);
      rounds.push({ game, value: r.value });
    }
  expect(rounds.map((r) => r.value.nonce)).toEqual(rounds.map((_, i) => i));
  for (const { value } of rounds) {
    expect(BigInt(value.payoutMinor)).toBe(payoutMinor(1_000n, multiplierUnits(value.multiplier)));
    expect(value.balanceAfterMinor).toBe(value.balanceBeforeMinor - 1_000 + value.payoutMinor);
  }
  const { revealed } = (
    await call(t, { method: 'POST', url: '/wps/originals/fairness/rotate', token, payload: {} })
  ).value;
  for (const { game, value } of rounds) {
    const seeds = { serverSeed: revealed.serverSeed, clientSeed: revealed.clientSeed, nonce: value.nonce };
    expect(game.pick(value.outcome)).toEqual(game.replay(floats(hmac, seeds, 16)));
  }
});

it("each game's bad choices are refused and move nothing", async () => {
  const token = await player();
  const post = (name: string, body: Record<string, unknown>) =>
    call(t, {
      method: 'POST',
      url: `/wps/originals/${name}/bet`,
      token,
      payload: { amountMinor: 1_000, idempotencyKey: randomUUID(), ...body },
    });
  expect(await post('limbo', { target: 1.005 })).toMatchObject({ status: 400 });
  expect(await post('wheel', { segments: 25, risk: 'low' })).toMatchObject({
    status: 400,
    code: 'VALIDATION_FAILED',
  });
  expect(await post('plinko', { rows: 17, risk: 'low' })).toMatchObject({
    status: 400,
    code: 'VALIDATION_FAILED',
  });
  expect(await post('keno', { picks: [3, 3], risk: 'low' })).toMatchObject({
    status: 400,
    code: 'ORIGINALS_BET_INVALID',
  });
  expect((await call(t, { method: 'GET', url: '/wps/originals/fairness', token })).value.nonce).toBe(0);
  expect((await call(t, { method: 'GET', url: '/wps/v2/wallets/balance', token })).value.sumBalance).toBe(
    1_000_000,
  );
});

it("a retry of each game's settled bet answers the same round, whatever order its choices are written in", async () => {
  const token = await player();
  for (const game of GAMES) {
    const idempotencyKey = randomUUID();
    const bet = (params: Record<string, unknown>) =>
      call(t, {
        method: 'POST',
        url: `/wps/originals/${game.name}/bet`,
        token,
        payload: { amountMinor: 1_000, idempotencyKey, ...params },
      });
    const first = await bet(game.params);
    expect(first.status, JSON.stringify(first)).toBe(200);
    // The stored choices come back from jsonb in its own key order; the retry's JSON may differ.
    const reversed = Object.fromEntries(Object.entries(game.params).reverse());
    for (const params of [game.params, reversed]) {
      const again = await bet(params);
      expect(again.status, `${game.name}: ${JSON.stringify(again)}`).toBe(200);
      expect(again.value.id).toBe(first.value.id);
    }
  }
  const balance = (await call(t, { method: 'GET', url: '/wps/v2/wallets/balance', token })).value;
  expect((await call(t, { method: 'GET', url: '/wps/originals/fairness', token })).value.nonce).toBe(
    GAMES.length,
  );
  expect(balance.sumBalance).toBeGreaterThan(0);
});
