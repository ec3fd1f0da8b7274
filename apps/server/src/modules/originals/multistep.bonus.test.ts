import { randomUUID } from 'node:crypto';
import { hiloCard, minePositions, minesMultiplierUnits } from '@sorte/fairness';
import { payoutMinor } from '@sorte/money';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { expectIdempotentBurst } from '../../../test/idempotent-burst.ts';
import { call, createAuthTestApp } from '../auth/auth.test-helpers.ts';
import {
  bonusRowOf,
  bonusSlips,
  transfersKeyed as countTransfers,
  expireDue,
  grantOperatorBonus,
} from '../bonuses/bonus.test-helpers.ts';
import { houseShardFor, systemAccountId } from '../ledger/index.ts';
import {
  balanceOf,
  expectVerified,
  type Fixture,
  fixture,
  fundedPlayer,
} from '../ledger/ledger.test-helpers.ts';
import { expectWholeSteps } from './multistep.test-helpers.ts';
import { drawer } from './multistep.view.ts';

/**
 * The bonus side of mines and hilo (modules/bonuses): a start of a member with an active bonus takes
 * cash first then bonus and leaves its slip open under the round; the round's end settles it — a
 * cash-out shares the payout by stake between cash and bonus, a bust pays nothing — and its
 * contribution (INHOUSE, the category of the rounds' betting records) is counted then. `verify` after
 * each test.
 */

let t: TestApp;
let f: Fixture;
beforeAll(async () => {
  t = await createAuthTestApp({});
  f = await fixture(t);
  await sql`update merchants set bonuses_enabled = true where id = ${f.merchantId}`.execute(f.db);
});
afterAll(() => t.close());
afterEach(() => expectVerified(t.ctx.db));

const post = (token: string, url: string, payload: Record<string, unknown>) =>
  call(t, { method: 'POST', url: `/wps/originals/${url}`, token, payload });
const startMines = (token: string, amountMinor: number, idempotencyKey = randomUUID()) =>
  post(token, 'mines/start', { amountMinor, mines: 3, idempotencyKey });

/** A member with `cash` on main and an active bonus: in-house rounds count 50 % unless told, slots 100 %. */
async function bonusMember(
  cash: bigint,
  bonus: bigint,
  terms: { times?: number; maxBet?: bigint; inhouseBps?: number } = {},
) {
  const p = await fundedPlayer(t, f, 'msbonus', cash);
  const granted = await grantOperatorBonus(f, p.memberId, {
    amountMinor: bonus,
    times: terms.times ?? 2,
    maxBetMinor: terms.maxBet ?? 1_000n,
    contributionBps: { INHOUSE: terms.inhouseBps ?? 5_000, RNG: 10_000 },
    now: t.clock.now(),
  });
  return { ...p, ...granted };
}
type Member = Awaited<ReturnType<typeof bonusMember>>;

async function balances(p: Member) {
  return [(await balanceOf(f, p.mainId)).balance, (await balanceOf(f, p.bonusAccountId)).balance];
}

const bonusRow = (id: bigint) => bonusRowOf(f.db, id);
const slipsOf = (p: Member) => bonusSlips(f.db, { bonusId: p.bonusRowId });
const transfersKeyed = (pattern: string) => countTransfers(f.db, f.merchantId, pattern);

/** The round's floats (a test may read the secret seed to plan its moves). */
async function floatsOf(roundId: string, count: number) {
  const { rows } = await sql<{ server_seed: string; client_seed: string; nonce: bigint }>`
    select s.server_seed, s.client_seed, r.nonce from multistep_rounds r join fairness_seeds s on s.id = r.seed_id
     where r.id = ${roundId}`.execute(f.db);
  return drawer(rows[0]!)(count);
}

/** Mines with 3 mines: two safe tiles revealed and cashed out; answers the round as paid. */
async function cashOutAfterTwo(token: string, roundId: string) {
  const mines = minePositions(await floatsOf(roundId, 3), 3);
  const safe = Array.from({ length: 25 }, (_, i) => i).filter((i) => !mines.includes(i));
  for (const tile of safe.slice(0, 2))
    expect((await post(token, 'mines/reveal', { roundId, tile })).status).toBe(200);
  const paid = await post(token, 'mines/cashout', { roundId, idempotencyKey: randomUUID() });
  expect(paid).toMatchObject({ status: 200, value: { status: 'won' } });
  return paid.value as { id: string; payoutMinor: number };
}

/** Mines with 3 mines: a mine revealed at once. */
async function bust(token: string, roundId: string) {
  const [mine] = minePositions(await floatsOf(roundId, 3), 3);
  expect(await post(token, 'mines/reveal', { roundId, tile: mine })).toMatchObject({
    status: 200,
    value: { status: 'lost', payoutMinor: 0 },
  });
}

// 400 × (0.99 × C(25,2)/C(22,2)) on the 8-place grid = 514 (514.28… floored).
const TWO_SAFE = payoutMinor(400n, minesMultiplierUnits(3, 2, 0.01));

it('a start takes cash first then bonus; the cash-out splits its payout by stake, the fraction to the bonus side', async () => {
  const p = await bonusMember(100n, 300n); // requirement 2 × 300 = 600
  const started = await startMines(p.token, 400);
  expect(started).toMatchObject({ status: 200, value: { status: 'open', stakeMinor: 400 } });
  expect(await balances(p)).toEqual([0n, 0n]);
  const ref = `multistep:${p.memberId}:%`;
  expect(await slipsOf(p)).toEqual([
    expect.objectContaining({ status: 'open', cash: '100', bonus: '300', contribution: '200' }),
  ]);
  expect((await slipsOf(p))[0]!.settle_ref).toMatch(new RegExp(`^multistep:${p.memberId}:`));
  // Open: nothing counted yet, the bonus money on the round keeps the bonus alive at a balance of 0.
  expect(await bonusRow(p.bonusRowId)).toMatchObject({ status: 'active', wagered: '0', open: '300' });
  expect(await transfersKeyed(`bonus:${ref}:draw`)).toBe(1);

  const paid = await cashOutAfterTwo(p.token, started.value.id);
  expect(TWO_SAFE).toBe(514n);
  expect(paid.payoutMinor).toBe(514);
  // 514 × 100 / 400 = 128.5 → 128 cash; 386 bonus.
  expect(await balances(p)).toEqual([128n, 386n]);
  expect(await slipsOf(p)).toEqual([
    expect.objectContaining({ status: 'settled', payout_cash: '128', payout_bonus: '386' }),
  ]);
  expect(await bonusRow(p.bonusRowId)).toMatchObject({ status: 'active', wagered: '200', open: '0' });
  // The recall shows the cash balance after the round (the bonus share went back to the bonus).
  const recall = await call(t, { method: 'GET', url: `/wps/originals/rounds/${paid.id}`, token: p.token });
  expect(recall.value).toMatchObject({ payoutMinor: 514, balanceBeforeMinor: 100, balanceAfterMinor: 128 });
  expect(await expectWholeSteps(f.db, [p.memberId])).toBe(1);
});

it('a bust counts the stake’s contribution and pays nothing; with nothing left the bonus is lost', async () => {
  const p = await bonusMember(100n, 300n);
  const started = await startMines(p.token, 400);
  await bust(p.token, started.value.id);
  expect(await balances(p)).toEqual([0n, 0n]);
  expect(await slipsOf(p)).toEqual([
    expect.objectContaining({ status: 'settled', contribution: '200', payout_cash: '0', payout_bonus: '0' }),
  ]);
  expect(await bonusRow(p.bonusRowId)).toMatchObject({ status: 'lost', wagered: '200', open: '0' });
  expect(await transfersKeyed(`bonus:${p.bonusRowId}:%`)).toBe(1); // the grant only
});

it('hilo: a wrong guess settles the slip as lost, contribution counted', async () => {
  const p = await bonusMember(50n, 500n);
  const started = await post(p.token, 'hilo/start', { amountMinor: 200, idempotencyKey: randomUUID() });
  expect(started.status).toBe(200);
  expect(await balances(p)).toEqual([0n, 350n]);
  const roundId = started.value.id as string;
  // Skip until the next card differs from the current one, then guess "same": wrong for certain.
  for (let step = 0; ; step++) {
    const cards = (await floatsOf(roundId, step + 2)).map((x) => hiloCard(x).value);
    const action = cards[step + 1] === cards[step] ? 'skip' : 'same';
    const answer = await post(p.token, 'hilo/guess', { roundId, step, action });
    expect(answer.status).toBe(200);
    if (action === 'same') {
      expect(answer.value).toMatchObject({ status: 'lost', payoutMinor: 0 });
      break;
    }
  }
  expect(await balances(p)).toEqual([0n, 350n]);
  expect(await slipsOf(p)).toEqual([
    expect.objectContaining({ status: 'settled', cash: '50', bonus: '150', contribution: '100' }),
  ]);
  expect(await bonusRow(p.bonusRowId)).toMatchObject({ status: 'active', wagered: '100', open: '0' });
});

it('the round that meets the requirement converts the bonus once; later rounds are cash rounds', async () => {
  const p = await bonusMember(100n, 500n, { times: 1, inhouseBps: 10_000 }); // requirement 500
  // Round 1: 400 = 100 cash + 300 bonus, a bust: 400 counted, 200 bonus left.
  const first = await startMines(p.token, 400);
  await bust(p.token, first.value.id);
  expect(await balances(p)).toEqual([0n, 200n]);
  expect(await bonusRow(p.bonusRowId)).toMatchObject({ status: 'active', wagered: '400' });
  // Round 2: 200, all bonus; while it is open nothing is left to stake.
  const second = await startMines(p.token, 200);
  expect(await balances(p)).toEqual([0n, 0n]);
  expect(await post(p.token, 'hilo/start', { amountMinor: 100, idempotencyKey: randomUUID() })).toMatchObject(
    {
      status: 409,
      code: 'WALLET_INSUFFICIENT_FUNDS',
    },
  );
  // Its cash-out pays 257 (200 × 1.2857…), all to the bonus side; 200 counted → 600 ≥ 500: the
  // bonus balance, 257, converts to cash, once.
  const paid = await cashOutAfterTwo(p.token, second.value.id);
  expect(BigInt(paid.payoutMinor)).toBe(payoutMinor(200n, minesMultiplierUnits(3, 2, 0.01)));
  expect(paid.payoutMinor).toBe(257);
  expect(await balances(p)).toEqual([257n, 0n]);
  expect(await bonusRow(p.bonusRowId)).toMatchObject({
    status: 'completed',
    wagered: '600',
    converted: '257',
  });
  expect(await transfersKeyed(`bonus:${p.bonusRowId}:convert`)).toBe(1);
  // Later rounds are cash rounds: no slip, no bonus move, no second conversion.
  const later = await startMines(p.token, 100);
  await bust(p.token, later.value.id);
  expect(await balances(p)).toEqual([157n, 0n]);
  expect(await slipsOf(p)).toHaveLength(2);
  expect(await transfersKeyed(`bonus:${p.bonusRowId}:convert`)).toBe(1);
  expect(await bonusRow(p.bonusRowId)).toMatchObject({ status: 'completed', converted: '257' });
  expect(await expectWholeSteps(f.db, [p.memberId])).toBe(3);
});

it('over the max bet is refused with nothing moved; the nonce stays the next round’s', async () => {
  const p = await bonusMember(2_000n, 300n, { maxBet: 500n });
  for (const [game, body] of [
    ['mines', { mines: 3 }],
    ['hilo', {}],
  ] as const)
    expect(
      await post(p.token, `${game}/start`, { amountMinor: 501, idempotencyKey: randomUUID(), ...body }),
    ).toMatchObject({ status: 422, code: 'BONUS_MAX_BET_EXCEEDED' });
  expect(await balances(p)).toEqual([2_000n, 300n]);
  expect(await slipsOf(p)).toEqual([]);
  expect(await expectWholeSteps(f.db, [p.memberId])).toBe(0);
  // At the max bet it starts, on the member's first nonce, from cash alone (cash first).
  const started = await startMines(p.token, 500);
  expect(started).toMatchObject({ status: 200, value: { nonce: 0 } });
  expect(await balances(p)).toEqual([1_500n, 300n]);
  expect(await slipsOf(p)).toEqual([expect.objectContaining({ status: 'open', cash: '500', bonus: '0' })]);
});

it('20 concurrent starts with one key take the stake once (100 cash, 300 bonus)', async () => {
  const p = await bonusMember(100n, 300n);
  const key = randomUUID();
  const first = await expectIdempotentBurst(() => startMines(p.token, 400, key), {
    db: f.db,
    balance: async () => (await balanceOf(f, p.mainId)).balance,
    moved: -100n,
    copies: 20,
  });
  expect(first).toMatchObject({ status: 200, value: { status: 'open', stakeMinor: 400 } });
  expect(await balances(p)).toEqual([0n, 0n]);
  expect(await slipsOf(p)).toHaveLength(1);
  expect(await bonusRow(p.bonusRowId)).toMatchObject({ open: '300' });
  expect(await transfersKeyed(`bonus:multistep:${p.memberId}:${key}:draw`)).toBe(1);
  expect(await expectWholeSteps(f.db, [p.memberId])).toBe(1);
});

it('20 cash-outs of a bonus round at once (different keys) pay once and share once', async () => {
  const p = await bonusMember(100n, 300n);
  const started = await startMines(p.token, 400);
  const roundId = started.value.id as string;
  const mines = minePositions(await floatsOf(roundId, 3), 3);
  const safe = Array.from({ length: 25 }, (_, i) => i).filter((i) => !mines.includes(i));
  for (const tile of safe.slice(0, 2)) await post(p.token, 'mines/reveal', { roundId, tile });
  const answers = await Promise.all(
    Array.from({ length: 20 }, () =>
      post(p.token, 'mines/cashout', { roundId, idempotencyKey: randomUUID() }),
    ),
  );
  expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
  expect(answers.filter((a) => a.code === 'ORIGINALS_ROUND_FINISHED')).toHaveLength(19);
  expect(await balances(p)).toEqual([128n, 386n]);
  expect(await transfersKeyed(`bonus:${p.bonusRowId}:multistep:${roundId}:share`)).toBe(1);
  expect(await bonusRow(p.bonusRowId)).toMatchObject({ status: 'active', wagered: '200', open: '0' });
  expect(await expectWholeSteps(f.db, [p.memberId])).toBe(1);
});

it('a round settled after its bonus expired sends the bonus share to the bonus pool', async () => {
  const p = await bonusMember(100n, 500n);
  const pool = await systemAccountId(f.db, f.merchantId, 'bonus_pool', f.currency, houseShardFor(p.memberId));
  const started = await startMines(p.token, 400); // 100 cash + 300 bonus; 200 bonus left
  await sql`update member_bonuses set expires_at = now() - interval '1 minute' where id = ${String(p.bonusRowId)}`.execute(
    f.db,
  );
  const poolBefore = (await balanceOf(f, pool)).balance;
  await expireDue(f.db, new Date());
  expect(await bonusRow(p.bonusRowId)).toMatchObject({ status: 'expired', open: '300' });
  expect(await balances(p)).toEqual([0n, 0n]);
  expect((await balanceOf(f, pool)).balance - poolBefore).toBe(200n);
  // The cash-out: 514 → 128 cash to the member, the 386 bonus share to the pool; nothing counted.
  await cashOutAfterTwo(p.token, started.value.id);
  expect(await balances(p)).toEqual([128n, 0n]);
  expect((await balanceOf(f, pool)).balance - poolBefore).toBe(200n + 386n);
  expect(await bonusRow(p.bonusRowId)).toMatchObject({ status: 'expired', wagered: '0', open: '0' });
  expect(await slipsOf(p)).toEqual([
    expect.objectContaining({ status: 'settled', payout_cash: '128', payout_bonus: '386' }),
  ]);
  expect(await transfersKeyed(`bonus:${p.bonusRowId}:multistep:${started.value.id}:late`)).toBe(1);
});
