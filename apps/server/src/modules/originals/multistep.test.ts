import { createHmac, randomUUID } from 'node:crypto';
import {
  chainMultiplierUnits,
  hiloCard,
  hiloPayoutUnits,
  minePositions,
  minesMultiplier,
  minesMultiplierUnits,
  playDice,
} from '@sorte/fairness';
import { gridOf, payoutMinor, unitsToNumber } from '@sorte/money';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { expectIdempotentBurst } from '../../../test/idempotent-burst.ts';
import { call, createAuthTestApp } from '../auth/auth.test-helpers.ts';
import { expectWholeBets } from '../bets/bets.test-helpers.ts';
import { expectVerified, type Fixture, fixture, fundedPlayer } from '../ledger/ledger.test-helpers.ts';
import { expectStreamConsistent } from '../records/records.test-helpers.ts';
import { MINES } from './multistep.games.ts';
import { startRound } from './multistep.rounds.ts';
import { expectWholeSteps } from './multistep.test-helpers.ts';

let t: TestApp;
let f: Fixture;
beforeAll(async () => {
  t = await createAuthTestApp({});
  f = await fixture(t);
});
afterAll(() => t.close());
afterEach(() => expectVerified(t.ctx.db));

const player = (balanceMinor: bigint) => fundedPlayer(t, f, 'mines', balanceMinor);

const post = (token: string, url: string, payload: Record<string, unknown>) =>
  call(t, { method: 'POST', url: `/wps/originals/${url}`, token, payload });
const startMines = (token: string, body: Record<string, unknown> = {}) =>
  post(token, 'mines/start', { amountMinor: 1_000, mines: 3, idempotencyKey: randomUUID(), ...body });
const reveal = (token: string, roundId: string, tile: number) =>
  post(token, 'mines/reveal', { roundId, tile });
const cashout = (token: string, game: string, roundId: string, idempotencyKey = randomUUID()) =>
  post(token, `${game}/cashout`, { roundId, idempotencyKey });
const balance = async (token: string) =>
  (await call(t, { method: 'GET', url: '/wps/v2/wallets/balance', token })).value.sumBalance as number;
const record = (roundId: string) =>
  t.ctx.db
    .selectFrom('bet_records')
    .selectAll()
    .where('source', '=', 'originals')
    .where('source_ref', '=', roundId)
    .executeTakeFirstOrThrow();

/** Stake's published float derivation, written out here independently of packages/fairness. */
function stakeFloats(serverSeed: string, clientSeed: string, nonce: number, count: number): number[] {
  const out: number[] = [];
  for (let round = 0; out.length < count; round++) {
    const b = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${round}`).digest();
    for (let i = 0; i < 32 && out.length < count; i += 4)
      out.push(b[i]! / 256 + b[i + 1]! / 256 ** 2 + b[i + 2]! / 256 ** 3 + b[i + 3]! / 256 ** 4);
  }
  return out;
}

/** Stake's mines: float i picks floor(float × (25 − i)) among the tiles still free. */
function stakeMines(serverSeed: string, clientSeed: string, nonce: number, mines: number): number[] {
  const free = Array.from({ length: 25 }, (_, i) => i);
  return stakeFloats(serverSeed, clientSeed, nonce, mines).map(
    (float, i) => free.splice(Math.floor(float * (25 - i)), 1)[0]!,
  );
}

/** The secret seed of the player's active pair: only a test may read it, to plan moves. */
async function secret(memberId: string) {
  return t.ctx.db
    .selectFrom('fairness_seeds')
    .select(['server_seed', 'client_seed'])
    .where('member_id', '=', memberId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
}

async function layout(memberId: string, nonce: number, mines: number) {
  const { server_seed, client_seed } = await secret(memberId);
  const positions = stakeMines(server_seed, client_seed, nonce, mines);
  const safe = Array.from({ length: 25 }, (_, i) => i).filter((i) => !positions.includes(i));
  return { positions, safe };
}

it('the layout is fixed at start, secret while open, and equals Stake’s formula once the seed is revealed', async () => {
  const { token, memberId } = await player(100_000n);
  const rounds = [];
  for (let i = 0; i < 4; i++) {
    const started = await startMines(token, { mines: 1 + i * 2, amountMinor: 100 });
    expect(started.status).toBe(200);
    expect(started.value.mines.mines).toBeNull();
    expect(started.value.status).toBe('open');
    const { positions, safe } = await layout(memberId, started.value.nonce, started.value.mines.mineCount);
    // The fairness package agrees with the formula written out above.
    const { server_seed, client_seed } = await secret(memberId);
    expect(minePositions(stakeFloats(server_seed, client_seed, started.value.nonce, 24), 1 + i * 2)).toEqual(
      positions,
    );
    const safeOne = await reveal(token, started.value.id, safe[0]!);
    expect(safeOne.value.mines.mines).toBeNull();
    const lost = await reveal(token, started.value.id, positions[0]!);
    expect(lost.value.status).toBe('lost');
    expect(lost.value.mines.mines).toEqual(positions);
    rounds.push(lost.value);
  }
  const revealed = (await post(token, 'fairness/rotate', {})).value.revealed;
  for (const r of rounds)
    expect(r.mines.mines).toEqual(
      stakeMines(revealed.serverSeed, revealed.clientSeed, r.nonce, r.mines.mineCount),
    );
  expect(rounds.map((r) => r.nonce)).toEqual([0, 1, 2, 3]);
});

it('two safe tiles then cash out pays stake × C(25,2)/C(22,2) × 0.99; balance, record and recall follow', async () => {
  const { token, memberId } = await player(10_000n);
  const started = (await startMines(token)).value;
  expect(await balance(token)).toBe(9_000);
  const open = await record(started.id);
  expect(open).toMatchObject({ status: 'open', stake_minor: 1_000n, payout_minor: 0n, game_code: 'mines' });
  expect((await call(t, { method: 'GET', url: '/wps/originals/mines/active', token })).value).toEqual(
    started,
  );
  expect(await cashout(token, 'mines', started.id)).toMatchObject({
    status: 409,
    code: 'ORIGINALS_CASHOUT_TOO_EARLY',
  });

  const { positions, safe } = await layout(memberId, started.nonce, 3);
  const one = (await reveal(token, started.id, safe[0]!)).value;
  expect(one.multiplier).toBe(minesMultiplier(3, 1, 0.01));
  expect(one.mines.nextMultiplier).toBe(minesMultiplier(3, 2, 0.01));
  const two = (await reveal(token, started.id, safe[1]!)).value;
  // 0.99 × 300 / 231 = 1.285714285…, floored onto the 8-place grid.
  expect(two.multiplier).toBe(1.28571428);
  const key = randomUUID();
  const paid = await cashout(token, 'mines', started.id, key);
  const expected = Number(payoutMinor(1_000n, minesMultiplierUnits(3, 2, 0.01)));
  expect(expected).toBe(1_285);
  expect(paid.value).toMatchObject({ status: 'won', payoutMinor: expected, canCashOut: false });
  expect(paid.value.mines.mines).toEqual(positions);
  expect(await balance(token)).toBe(9_000 + expected);
  // A retry of the cash-out answers the same; a second cash-out with another key is refused.
  expect((await cashout(token, 'mines', started.id, key)).value).toEqual(paid.value);
  expect(await cashout(token, 'mines', started.id)).toMatchObject({
    status: 409,
    code: 'ORIGINALS_ROUND_FINISHED',
  });
  expect(await reveal(token, started.id, safe[2]!)).toMatchObject({
    status: 409,
    code: 'ORIGINALS_ROUND_FINISHED',
  });
  expect(await balance(token)).toBe(9_000 + expected);
  expect(await record(started.id)).toMatchObject({
    status: 'settled',
    stake_minor: 1_000n,
    payout_minor: BigInt(expected),
  });
  expect((await call(t, { method: 'GET', url: '/wps/originals/mines/active', token })).value).toBeNull();
  const recall = (await call(t, { method: 'GET', url: `/wps/originals/rounds/${started.id}`, token })).value;
  expect(recall).toMatchObject({
    id: started.id,
    game: 'mines',
    stakeMinor: 1_000,
    payoutMinor: expected,
    nonce: started.nonce,
    balanceBeforeMinor: 10_000,
    balanceAfterMinor: 9_000 + expected,
  });
  expect(recall.outcome).toMatchObject({
    mineCount: 3,
    picks: [safe[0], safe[1]],
    mines: positions,
    busted: false,
  });
});

it('a mine loses the stake and settles the round; revealing it again answers the same', async () => {
  const { token, memberId } = await player(5_000n);
  const started = (await startMines(token, { mines: 5 })).value;
  const { positions, safe } = await layout(memberId, started.nonce, 5);
  await reveal(token, started.id, safe[0]!);
  const lost = await reveal(token, started.id, positions[2]!);
  expect(lost.value).toMatchObject({ status: 'lost', payoutMinor: 0, multiplier: 0, canCashOut: false });
  expect(lost.value.mines.revealed).toEqual([
    { tile: safe[0], safe: true },
    { tile: positions[2], safe: false },
  ]);
  expect((await reveal(token, started.id, positions[2]!)).value).toEqual(lost.value);
  expect(await cashout(token, 'mines', started.id)).toMatchObject({
    status: 409,
    code: 'ORIGINALS_ROUND_FINISHED',
  });
  expect(await balance(token)).toBe(4_000);
  expect(await record(started.id)).toMatchObject({ status: 'settled', payout_minor: 0n });
  // Once it ended, a new round may start.
  expect((await startMines(token)).status).toBe(200);
});

it('one open round per game; no seed rotation while it is open; retried starts take one stake', async () => {
  const { token } = await player(5_000n);
  const idempotencyKey = randomUUID();
  const starts = await Promise.all(Array.from({ length: 10 }, () => startMines(token, { idempotencyKey })));
  for (const s of starts) expect(s.value).toEqual(starts[0]!.value);
  expect(await balance(token)).toBe(4_000);
  expect(await startMines(token, { idempotencyKey, mines: 4 })).toMatchObject({
    status: 409,
    code: 'LEDGER_IDEMPOTENCY_CONFLICT',
  });
  expect(await startMines(token)).toMatchObject({ status: 409, code: 'ORIGINALS_ROUND_OPEN' });
  expect(await post(token, 'fairness/rotate', {})).toMatchObject({
    status: 409,
    code: 'ORIGINALS_ROUND_OPEN',
  });
  // Different keys at once: exactly one round opens.
  const other = await player(5_000n);
  const many = await Promise.all(Array.from({ length: 8 }, () => startMines(other.token)));
  expect(many.filter((r) => r.status === 200)).toHaveLength(1);
  for (const r of many.filter((r) => r.status !== 200)) expect(r.code).toBe('ORIGINALS_ROUND_OPEN');
  expect(await balance(other.token)).toBe(4_000);
  // A hilo round may be open beside it.
  expect(
    (await post(other.token, 'hilo/start', { amountMinor: 500, idempotencyKey: randomUUID() })).status,
  ).toBe(200);
});

it('50 copies at once of a start, a reveal and a cash-out each answer the first, moving money once', async () => {
  const { token, memberId } = await player(10_000n);
  const burst = { db: t.ctx.db, balance: async () => BigInt(await balance(token)) };
  const start = { amountMinor: 1_000, mines: 2, idempotencyKey: randomUUID() };
  const started = await expectIdempotentBurst(() => startMines(token, start), { ...burst, moved: -1_000n });
  const { safe } = await layout(memberId, started.value.nonce, 2);
  const tile = safe[0]!;
  await expectIdempotentBurst(() => reveal(token, started.value.id, tile), { ...burst, moved: 0n });
  const key = randomUUID();
  const out = await expectIdempotentBurst(() => cashout(token, 'mines', started.value.id, key), {
    ...burst,
    moved: (first) => BigInt((first.value as { payoutMinor: number }).payoutMinor),
  });
  expect(out).toMatchObject({ status: 200, value: { status: 'won' } });
  expect(out.value.payoutMinor).toBeGreaterThan(1_000);
  // A hilo guess is a step too: 50 copies of step 0 are one move (a skip: it can neither lose nor pay).
  const hilo = (await post(token, 'hilo/start', { amountMinor: 500, idempotencyKey: randomUUID() })).value;
  const guess = { roundId: hilo.id, step: 0, action: 'skip' };
  const skipped = await expectIdempotentBurst(() => post(token, 'hilo/guess', guess), {
    ...burst,
    moved: 0n,
  });
  expect(skipped).toMatchObject({ status: 200, value: { status: 'open' } });
});

it('concurrent cash-outs pay once; a reveal racing a cash-out is applied before it or refused', async () => {
  const { token, memberId } = await player(10_000n);
  const started = (await startMines(token, { mines: 2 })).value;
  const { safe } = await layout(memberId, started.nonce, 2);
  await reveal(token, started.id, safe[0]!);
  const outs = await Promise.all(Array.from({ length: 6 }, () => cashout(token, 'mines', started.id)));
  const won = outs.filter((r) => r.status === 200);
  expect(won).toHaveLength(1);
  for (const r of outs.filter((r) => r.status !== 200)) expect(r.code).toBe('ORIGINALS_ROUND_FINISHED');
  expect(await balance(token)).toBe(9_000 + won[0]!.value.payoutMinor);

  const next = (await startMines(token, { mines: 2 })).value;
  const plan = await layout(memberId, next.nonce, 2);
  await reveal(token, next.id, plan.safe[0]!);
  const [moved, out] = await Promise.all([
    reveal(token, next.id, plan.safe[1]!),
    cashout(token, 'mines', next.id),
  ]);
  expect(out.status).toBe(200);
  const picks = moved.status === 200 && out.value.mines.revealed.length === 2 ? 2 : 1;
  if (moved.status !== 200) expect(moved.code).toBe('ORIGINALS_ROUND_FINISHED');
  expect(out.value.payoutMinor).toBe(Number(payoutMinor(1_000n, minesMultiplierUnits(2, picks, 0.01))));
  const total = 9_000 + won[0]!.value.payoutMinor - 1_000 + out.value.payoutMinor;
  expect(await balance(token)).toBe(total);
});

it('a start whose best outcome passes the max win is refused; bad input moves nothing', async () => {
  const { token, memberId } = await player(1_000_000n);
  // 12 mines, all 13 safe tiles: 0.99 × C(25,13) ≈ 5.1 million × the stake, far over the 1,000,000.00 cap.
  expect(await startMines(token, { mines: 12, amountMinor: 100 })).toMatchObject({
    status: 422,
    code: 'ORIGINALS_WIN_TOO_LARGE',
  });
  expect(await startMines(token, { mines: 25 })).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  expect(await startMines(token, { amountMinor: 2_000_000 })).toMatchObject({
    status: 422,
    code: 'ORIGINALS_BET_TOO_LARGE',
  });
  expect(await reveal(token, '999999', 3)).toMatchObject({ status: 404, code: 'ORIGINALS_ROUND_NOT_FOUND' });
  const started = (await startMines(token, { mines: 1 })).value;
  expect(await reveal(token, started.id, 25)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  // Someone else's round is not found.
  const other = await player(1_000n);
  expect(await reveal(other.token, started.id, 0)).toMatchObject({
    status: 404,
    code: 'ORIGINALS_ROUND_NOT_FOUND',
  });
  expect(
    await post(token, 'hilo/cashout', { roundId: started.id, idempotencyKey: randomUUID() }),
  ).toMatchObject({
    status: 404,
    code: 'ORIGINALS_ROUND_NOT_FOUND',
  });
  expect(await balance(token)).toBe(1_000_000 - 1_000);
  // 1 mine, every safe tile found: the round cashes out by itself at 0.99 × 25.
  const { safe } = await layout(memberId, started.nonce, 1);
  let last = started;
  for (const tile of safe) last = (await reveal(token, started.id, tile)).value;
  expect(last).toMatchObject({ status: 'won', payoutMinor: 24_750 });
  expect(await balance(token)).toBe(1_000_000 - 1_000 + 24_750);
});

// ---------------------------------------------------------------- hilo

const guess = (token: string, roundId: string, step: number, action: string) =>
  post(token, 'hilo/guess', { roundId, step, action });

/** The cards of the round, as the player cannot know them: start card, then one per action. */
async function cards(memberId: string, nonce: number, count: number) {
  const { server_seed, client_seed } = await secret(memberId);
  return stakeFloats(server_seed, client_seed, nonce, count).map(hiloCard);
}

/** A guess that wins on `next` after `current` (and pays more than 1 where possible). */
function winning(current: number, next: number): string {
  if (next === current) return 'same';
  if (current === 1) return 'higher';
  if (current === 13) return 'lower';
  return next > current ? 'higherOrSame' : 'lowerOrSame';
}
function losing(current: number, next: number): string {
  if (current === 1) return next === 1 ? 'higher' : 'same';
  if (current === 13) return next === 13 ? 'lower' : 'same';
  return next >= current ? 'lowerOrSame' : 'higherOrSame';
}

it('hilo: the cards are Stake’s; two right guesses and a skip then cash out pays the product; a wrong guess loses', async () => {
  const { token, memberId } = await player(10_000n);
  const started = (await post(token, 'hilo/start', { amountMinor: 1_000, idempotencyKey: randomUUID() }))
    .value;
  const deck = await cards(memberId, started.nonce, 6);
  // Stake's index: ♦2 ♥2 ♠2 ♣2 ♦3 …: floor(float × 52).
  expect(started.hilo.start.index).toBe(deck[0]!.index);
  expect(await cashout(token, 'hilo', started.id)).toMatchObject({
    status: 409,
    code: 'ORIGINALS_CASHOUT_TOO_EARLY',
  });
  // Each correct guess's multiplier floored onto the grid, and the round's product floored again.
  let expectedUnits = gridOf();
  let expected = 1;
  for (let i = 0; i < 2; i++) {
    const action = winning(deck[i]!.value, deck[i + 1]!.value);
    expectedUnits = chainMultiplierUnits(
      expectedUnits,
      hiloPayoutUnits(deck[i]!.value, action as 'same', 0.01),
    );
    expected = unitsToNumber(expectedUnits);
    const r = await guess(token, started.id, i, action);
    expect(r.value.hilo.steps[i]).toMatchObject({ action, correct: true, card: deck[i + 1] });
    expect(r.value.multiplier).toBe(expected);
    // The same step again is a retry: answered as is, no new card drawn.
    expect((await guess(token, started.id, i, action)).value).toEqual(r.value);
  }
  expect(await guess(token, started.id, 0, 'skip')).toMatchObject({
    status: 409,
    code: 'ORIGINALS_STEP_STALE',
  });
  expect(await guess(token, started.id, 5, 'skip')).toMatchObject({
    status: 409,
    code: 'ORIGINALS_STEP_STALE',
  });
  const skipped = (await guess(token, started.id, 2, 'skip')).value;
  expect(skipped.hilo.steps[2]).toMatchObject({ action: 'skip', card: deck[3] });
  expect(skipped.multiplier).toBe(expected);
  const paid = (await cashout(token, 'hilo', started.id)).value;
  expect(paid).toMatchObject({ status: 'won', payoutMinor: Number(payoutMinor(1_000n, expectedUnits)) });
  expect(await balance(token)).toBe(9_000 + paid.payoutMinor);
  expect(await record(started.id)).toMatchObject({
    status: 'settled',
    game_code: 'hilo',
    payout_minor: BigInt(paid.payoutMinor),
  });
  const recall = (await call(t, { method: 'GET', url: `/wps/originals/rounds/${started.id}`, token })).value;
  expect(recall).toMatchObject({ game: 'hilo', payoutMinor: paid.payoutMinor });
  expect((recall.outcome as { actions: string[] }).actions).toHaveLength(3);

  const second = (await post(token, 'hilo/start', { amountMinor: 1_000, idempotencyKey: randomUUID() }))
    .value;
  const d2 = await cards(memberId, second.nonce, 10);
  // A middle card followed by its equal has no losing guess (higher-or-same and lower-or-same both
  // win): such a card is skipped, and the guess is made on the first pair that can lose.
  const middle = (value: number) => value !== 1 && value !== 13;
  let step = 0;
  while (middle(d2[step]!.value) && d2[step]!.value === d2[step + 1]!.value)
    expect((await guess(token, second.id, step++, 'skip')).status).toBe(200);
  const lost = (await guess(token, second.id, step, losing(d2[step]!.value, d2[step + 1]!.value))).value;
  expect(lost).toMatchObject({ status: 'lost', payoutMinor: 0, multiplier: 0 });
  expect(await guess(token, second.id, step + 1, 'skip')).toMatchObject({
    status: 409,
    code: 'ORIGINALS_ROUND_FINISHED',
  });
  expect(await balance(token)).toBe(8_000 + paid.payoutMinor);
  // A guess that cannot lose (higher or same on an Ace…) is refused.
  const third = (await post(token, 'hilo/start', { amountMinor: 1_000, idempotencyKey: randomUUID() })).value;
  const sure =
    third.hilo.start.value === 1 ? 'higherOrSame' : third.hilo.start.value === 13 ? 'lowerOrSame' : null;
  if (sure)
    expect(await guess(token, third.id, 0, sure)).toMatchObject({
      status: 400,
      code: 'ORIGINALS_BET_INVALID',
    });
});

it('hilo: a guess whose win would pass the max win is refused before its card is drawn', async () => {
  const { token } = await player(2_000_000n);
  await t.ctx.db
    .insertInto('originals_settings')
    .values({ merchant_id: f.merchantId, max_win_minor: 1_000n })
    .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ max_win_minor: 1_000n }))
    .execute();
  try {
    const started = (
      await post(token, 'hilo/start', { amountMinor: 1_000_000, idempotencyKey: randomUUID() })
    ).value;
    // Any guess pays at least 0.99 × 13/12 ≈ 1.07: its win is far over a 1,000-minor max win on a 1,000,000 stake.
    expect(await guess(token, started.id, 0, 'same')).toMatchObject({
      status: 422,
      code: 'ORIGINALS_WIN_TOO_LARGE',
    });
    const after = (await call(t, { method: 'GET', url: '/wps/originals/hilo/active', token })).value;
    expect(after.hilo.steps).toHaveLength(0);
    // A skip wins nothing, so it is allowed.
    expect((await guess(token, started.id, 0, 'skip')).value.hilo.steps).toHaveLength(1);
  } finally {
    await t.ctx.db
      .updateTable('originals_settings')
      .set({ max_win_minor: 100_000_000n })
      .where('merchant_id', '=', f.merchantId)
      .execute();
  }
});

it('a start racing a seed rotation never plays on a revealed seed', async () => {
  const { token } = await player(20_000n);
  for (let i = 0; i < 5; i++) {
    const [started, rotated] = await Promise.all([startMines(token), post(token, 'fairness/rotate', {})]);
    expect(started.status).toBe(200);
    if (rotated.status === 200)
      expect(started.value.serverSeedHash).not.toBe(rotated.value.revealed.serverSeedHash);
    else expect(rotated).toMatchObject({ status: 409, code: 'ORIGINALS_ROUND_OPEN' });
    // The open round's seed is still the active one, so its layout is still secret.
    const state = (await call(t, { method: 'GET', url: '/wps/originals/fairness', token })).value;
    expect(state.serverSeedHash).toBe(started.value.serverSeedHash);
    await reveal(token, started.value.id, 0);
    const open = (await call(t, { method: 'GET', url: '/wps/originals/mines/active', token })).value;
    if (open) await cashout(token, 'mines', open.id);
  }
});

// ---------------------------------------------------------------- the bet path (issue 14)

/** Nothing half-written for these players: their rounds, money, records and nonces (bets, multistep). */
async function expectWhole(memberIds: string[]) {
  await expectWholeBets(t.ctx.db, memberIds);
  return expectWholeSteps(t.ctx.db, memberIds);
}

it('30 starts and bets of one player at once, three times: nonces claimed once each, gap-free, every round replays from the revealed seed', async () => {
  const { token, memberId } = await player(3_000n);
  const accepted: { kind: string; id: string; nonce: number }[] = [];
  let refusedForFunds = 0;
  for (let wave = 0; wave < 3; wave++) {
    // Per wave: mines and hilo starts the wallet affords (one of each may open), dice bets it affords,
    // and dice bets and mines starts it never affords (refused, claiming no nonce).
    const kinds = Array.from(
      { length: 30 },
      (_, i) => ['mines', 'hilo', 'dice', 'dice-big', 'mines-big'][i % 5]!,
    );
    const sent = await Promise.all(
      kinds.map((kind) => {
        const idempotencyKey = randomUUID();
        const amountMinor = kind.endsWith('-big') ? 40_000 : 500;
        if (kind.startsWith('mines')) return startMines(token, { amountMinor, mines: 3, idempotencyKey });
        if (kind === 'hilo') return post(token, 'hilo/start', { amountMinor, idempotencyKey });
        return post(token, 'dice/bet', { amountMinor, target: 50, direction: 'under', idempotencyKey });
      }),
    );
    const opened: Record<string, string> = {};
    sent.forEach((r, i) => {
      const kind = kinds[i]!;
      if (r.status !== 200) {
        const allowed = kind.startsWith('dice')
          ? ['WALLET_INSUFFICIENT_FUNDS']
          : ['WALLET_INSUFFICIENT_FUNDS', 'ORIGINALS_ROUND_OPEN'];
        expect(allowed).toContain(r.code);
        if (r.code === 'WALLET_INSUFFICIENT_FUNDS') refusedForFunds++;
        return;
      }
      expect(kind.endsWith('-big')).toBe(false);
      accepted.push({ kind, id: r.value.id, nonce: r.value.nonce });
      if (kind !== 'dice') {
        expect(opened[kind]).toBeUndefined();
        opened[kind] = r.value.id;
      }
    });
    await expectWhole([memberId]);
    // End the wave's open rounds: a mine for mines; a right guess then a cash-out for hilo.
    if (opened.mines) {
      const nonce = accepted.find((a) => a.id === opened.mines)!.nonce;
      const { positions } = await layout(memberId, nonce, 3);
      expect((await reveal(token, opened.mines, positions[0]!)).value.status).toBe('lost');
    }
    if (opened.hilo) {
      const nonce = accepted.find((a) => a.id === opened.hilo)!.nonce;
      const deck = await cards(memberId, nonce, 2);
      const right = winning(deck[0]!.value, deck[1]!.value);
      expect((await guess(token, opened.hilo, 0, right)).status).toBe(200);
      expect((await cashout(token, 'hilo', opened.hilo)).value.status).toBe('won');
    }
    await expectWhole([memberId]);
  }
  // At least the dice bets it never affords; the mines starts it never affords may find a round open first.
  expect(refusedForFunds).toBeGreaterThanOrEqual(3 * 6);
  expect(accepted.filter((a) => a.kind !== 'dice').length).toBeGreaterThan(0);
  // The nonces of every accepted round, whatever its game: 0…n−1, each once.
  const nonces = accepted.map((a) => a.nonce).sort((x, y) => x - y);
  expect(nonces).toEqual(Array.from({ length: accepted.length }, (_, i) => i));
  const revealed = (await post(token, 'fairness/rotate', {})).value.revealed;
  expect(revealed.nonceCount).toBe(accepted.length);
  // Every round replays from the revealed seed with the published formulas written out above.
  for (const a of accepted) {
    const recall = (await call(t, { method: 'GET', url: `/wps/originals/rounds/${a.id}`, token })).value;
    expect(recall.nonce).toBe(a.nonce);
    const draw = stakeFloats(revealed.serverSeed, revealed.clientSeed, a.nonce, 3);
    if (a.kind === 'mines')
      expect(recall.outcome.mines).toEqual(stakeMines(revealed.serverSeed, revealed.clientSeed, a.nonce, 3));
    else if (a.kind === 'hilo') expect(recall.outcome.start.index).toBe(hiloCard(draw[0]!).index);
    else
      expect(recall.outcome.roll).toBe(
        playDice(draw, { target: 50, direction: 'under', houseEdge: 0.01 }).roll,
      );
  }
});

it('one start key sent 20 times at once opens one round, takes one stake and claims one nonce', async () => {
  const { token, memberId } = await player(10_000n);
  const body = { amountMinor: 700, mines: 4, idempotencyKey: randomUUID() };
  const sent = await Promise.all(Array.from({ length: 20 }, () => startMines(token, body)));
  expect(sent[0]!.status).toBe(200);
  for (const r of sent) expect(r).toEqual(sent[0]);
  const rounds = await t.ctx.db
    .selectFrom('multistep_rounds')
    .select('id')
    .where('member_id', '=', memberId)
    .where('idempotency_key', '=', body.idempotencyKey)
    .execute();
  expect(rounds.map((r) => String(r.id))).toEqual([sent[0]!.value.id]);
  expect(await balance(token)).toBe(9_300);
  expect((await call(t, { method: 'GET', url: '/wps/originals/fairness', token })).value.nonce).toBe(1);
  // The key is the member's: another start under it is a conflict, in either game.
  expect(await startMines(token, { ...body, mines: 5 })).toMatchObject({
    status: 409,
    code: 'LEDGER_IDEMPOTENCY_CONFLICT',
  });
  expect(
    await post(token, 'hilo/start', { amountMinor: 700, idempotencyKey: body.idempotencyKey }),
  ).toMatchObject({ status: 409, code: 'LEDGER_IDEMPOTENCY_CONFLICT' });
  expect(await expectWhole([memberId])).toBe(1);
});

it('a key is the member’s across games: a dice bet under an open round’s key is a conflict, and the round still settles', async () => {
  const { token, memberId } = await player(10_000n);
  const idempotencyKey = randomUUID();
  const started = (await startMines(token, { mines: 2, idempotencyKey })).value;
  const dice = { amountMinor: 100, target: 50, direction: 'under', idempotencyKey };
  expect(await post(token, 'dice/bet', dice)).toMatchObject({
    status: 409,
    code: 'LEDGER_IDEMPOTENCY_CONFLICT',
  });
  const { safe } = await layout(memberId, started.nonce, 2);
  await reveal(token, started.id, safe[0]!);
  expect((await cashout(token, 'mines', started.id)).value.status).toBe('won');
  // Finished, the round is copied for recall under its key: the dice bet is still a conflict.
  expect(await post(token, 'dice/bet', dice)).toMatchObject({
    status: 409,
    code: 'LEDGER_IDEMPOTENCY_CONFLICT',
  });
  expect(await expectWhole([memberId])).toBe(1);
});

it('20 cash-outs of one round at once (half one key, half their own) pay once', async () => {
  const { token, memberId } = await player(10_000n);
  const started = (await startMines(token, { mines: 2 })).value;
  const { safe } = await layout(memberId, started.nonce, 2);
  await reveal(token, started.id, safe[0]!);
  const key = randomUUID();
  const outs = await Promise.all(
    Array.from({ length: 20 }, (_, i) => cashout(token, 'mines', started.id, i % 2 ? key : randomUUID())),
  );
  const won = outs.filter((r) => r.status === 200);
  // Either the shared key paid (its ten copies answer the same) or one of the others did, alone.
  expect([1, 10]).toContain(won.length);
  for (const r of won) expect(r.value).toEqual(won[0]!.value);
  for (const r of outs.filter((r) => r.status !== 200)) expect(r.code).toBe('ORIGINALS_ROUND_FINISHED');
  const payout = won[0]!.value.payoutMinor as number;
  expect(payout).toBe(Number(payoutMinor(1_000n, minesMultiplierUnits(2, 1, 0.01))));
  expect(await balance(token)).toBe(9_000 + payout);
  const wins = await t.ctx.db
    .selectFrom('ledger_transfers')
    .select('amount_minor')
    .where('idempotency_key', 'like', `multistep:${memberId}:%:win`)
    .execute();
  expect(wins).toEqual([{ amount_minor: BigInt(payout) }]);
  expect(await expectWhole([memberId])).toBe(1);
});

it('starts of many players at once share batches; each opens its own round', async () => {
  const players = await Promise.all(Array.from({ length: 12 }, () => player(5_000n)));
  const owners = players.map((p) => ({
    memberId: p.memberId,
    merchantId: f.merchantId,
    currency: f.currency,
  }));
  // A bet each first: their seed pairs and accounts are then known, so the starts go out in one tick.
  for (const p of players)
    await post(p.token, 'dice/bet', {
      amountMinor: 100,
      target: 50,
      direction: 'under',
      idempotencyKey: randomUUID(),
    });
  const rounds = await Promise.all(
    owners.map((o) =>
      startRound(t.ctx.db, o, MINES, {
        amountMinor: 500,
        idempotencyKey: randomUUID(),
        params: { mines: 3 },
      }),
    ),
  );
  expect(rounds.map((r) => r.nonce)).toEqual(rounds.map(() => 1));
  // Rounds of one transaction share its time: fewer distinct times than rounds means shared batches.
  expect(new Set(rounds.map((r) => r.createdAt)).size).toBeLessThan(rounds.length);
  await expectWhole(players.map((p) => p.memberId));
});

// Last in the file: every round the tests above settled, voided or resettled is in the bet stream.
it('the bet stream: each settlement one fact, each void or resettlement a delta; the rollups equal a recount', async () => {
  const { facts } = await expectStreamConsistent(t.ctx.db);
  expect(facts).toBeGreaterThan(0);
});
