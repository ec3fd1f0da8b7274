import { createHmac, randomUUID } from 'node:crypto';
import { multiplierUnits, payoutMinor } from '@sorte/money';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { expectIdempotentBurst } from '../../../test/idempotent-burst.ts';
import { call, createAuthTestApp } from '../auth/auth.test-helpers.ts';
import { expectVerified, type Fixture, fixture, fundedPlayer } from '../ledger/ledger.test-helpers.ts';
import { expectStreamConsistent } from '../records/records.test-helpers.ts';
import { turnoverStatus } from '../wallet/index.ts';

let t: TestApp;
let f: Fixture;
beforeAll(async () => {
  t = await createAuthTestApp({});
  f = await fixture(t);
});
afterAll(() => t.close());
afterEach(() => expectVerified(t.ctx.db));

const player = async (balanceMinor: bigint) => (await fundedPlayer(t, f, 'dice', balanceMinor)).token;

const bet = (token: string, body: Record<string, unknown>) =>
  call(t, {
    method: 'POST',
    url: '/wps/originals/dice/bet',
    token,
    payload: { amountMinor: 1_000, target: 50, direction: 'under', idempotencyKey: randomUUID(), ...body },
  });

/** The roll as anyone can recompute it once the server seed is revealed (Stake's published formula). */
function rollOf(serverSeed: string, clientSeed: string, nonce: number): number {
  const b = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:0`).digest();
  const float = b[0]! / 256 + b[1]! / 256 ** 2 + b[2]! / 256 ** 3 + b[3]! / 256 ** 4;
  return Math.floor(float * 10_001) / 100;
}

it('a dice round takes the stake, pays a win, advances the nonce and verifies after the seed is revealed', async () => {
  const token = await player(100_000n);
  const rounds = [];
  for (let i = 0; i < 6; i++) {
    const r = await bet(token, {});
    expect(r.status).toBe(200);
    rounds.push(r.value);
  }
  expect(rounds.map((r) => r.nonce)).toEqual([0, 1, 2, 3, 4, 5]);
  for (const r of rounds) {
    const won = r.outcome.win as boolean;
    expect(BigInt(r.payoutMinor)).toBe(won ? payoutMinor(1_000n, multiplierUnits(r.multiplier)) : 0n);
    expect(r.balanceAfterMinor).toBe(r.balanceBeforeMinor - 1_000 + r.payoutMinor);
  }
  const last = rounds.at(-1)!;
  const balance = await call(t, { method: 'GET', url: '/wps/v2/wallets/balance', token });
  expect(balance.value.sumBalance).toBe(last.balanceAfterMinor);

  const revealed = (
    await call(t, { method: 'POST', url: '/wps/originals/fairness/rotate', token, payload: {} })
  ).value.revealed;
  expect(revealed.nonceCount).toBe(6);
  for (const r of rounds) {
    expect(r.serverSeedHash).toBe(revealed.serverSeedHash);
    const roll = rollOf(revealed.serverSeed, revealed.clientSeed, r.nonce);
    expect(r.outcome.roll).toBe(roll);
    expect(r.outcome.win).toBe(roll < 50);
  }
  const recall = await call(t, { method: 'GET', url: `/wps/originals/rounds/${rounds[0].id}`, token });
  expect(recall.value).toEqual(rounds[0]);
});

it('a round moves one net transfer; the account records still show its bet and its win; turnover counts the stake', async () => {
  const p = await fundedPlayer(t, f, 'dice', 100_000n);
  // Under 50 wins about half the rounds: play until there is a win and a loss (40 of one kind: ~10⁻¹²).
  const rounds: {
    outcome: { win: boolean };
    payoutMinor: number;
    balanceBeforeMinor: number;
    balanceAfterMinor: number;
  }[] = [];
  for (let i = 0; i < 40 && !(rounds.some((r) => r.outcome.win) && rounds.some((r) => !r.outcome.win)); i++)
    rounds.push((await bet(p.token, {})).value);
  const win = rounds.find((r) => r.outcome.win)!;
  const loss = rounds.find((r) => !r.outcome.win)!;
  // One transfer a round: a loss its stake to the house, a win the net (payout − stake) to the player.
  const { rows } = await sql<{ code: string; amount_minor: bigint; metadata: Record<string, unknown> }>`
    select code, amount_minor, metadata from ledger_transfers
     where idempotency_key like ${`original:${p.memberId}:%`} order by id`.execute(t.ctx.db);
  expect(rows).toHaveLength(rounds.length);
  const moved = rows.map((r) => [r.code, Number(r.amount_minor)]);
  expect(moved).toContainEqual(['win', win.payoutMinor - 1_000]);
  expect(moved).toContainEqual(['bet', 1_000]);
  expect(rows.find((r) => r.code === 'win')!.metadata).toMatchObject({
    stakeMinor: '1000',
    payoutMinor: String(win.payoutMinor),
  });
  // The records: per round, newest first, its win over its bet, each with the balance after it.
  const history = async (query = '') =>
    (
      await call(t, {
        method: 'GET',
        url: `/wps/member/transaction/history?pageSize=100${query}`,
        token: p.token,
      })
    ).value.list as { id: string; type: string; amountMinor: number; balanceAfterMinor: number }[];
  const expected = [...rounds]
    .reverse()
    .flatMap((r) => [
      ...(r.payoutMinor
        ? [{ type: 'win', amountMinor: r.payoutMinor, balanceAfterMinor: r.balanceAfterMinor }]
        : []),
      { type: 'bet', amountMinor: -1_000, balanceAfterMinor: r.balanceBeforeMinor - 1_000 },
    ]);
  const list = await history();
  const shown = list
    .slice(0, -1)
    .map(({ type, amountMinor, balanceAfterMinor }) => ({ type, amountMinor, balanceAfterMinor }));
  expect(shown).toEqual(expected);
  expect(list.at(-1)!.balanceAfterMinor).toBe(100_000);
  expect(new Set(list.map((r) => r.id)).size).toBe(list.length);
  // A win line is found by its own id, and by the type filter (no bet line among them).
  const winLine = list.find((r) => r.type === 'win')!;
  expect(winLine.id).toMatch(/^w/);
  const detail = await call(t, {
    method: 'GET',
    url: `/wps/member/transaction/detail?id=${winLine.id}`,
    token: p.token,
  });
  expect(detail.value).toMatchObject({ type: 'win', amountMinor: winLine.amountMinor });
  const wins = await history('&type=win');
  expect(wins.map((r) => r.type)).toEqual(rounds.filter((r) => r.payoutMinor).map(() => 'win'));
  expect(loss.payoutMinor).toBe(0);
  // Every round's whole stake counts towards turnover, a won one too.
  expect((await turnoverStatus(t.ctx.db, f.merchantId, p.memberId)).doneMinor).toBe(
    BigInt(rounds.length * 1_000),
  );
});

it('a limbo win of 100 minor at 1.15 pays 115, not the 114 floating point paid (issue 12)', async () => {
  const token = await player(100_000n);
  // 1.15 wins 86% of rounds: play until one wins (30 losses in a row: ~10⁻²⁶).
  for (let i = 0; i < 30; i++) {
    const r = await call(t, {
      method: 'POST',
      url: '/wps/originals/limbo/bet',
      token,
      payload: { amountMinor: 100, target: 1.15, idempotencyKey: randomUUID() },
    });
    expect(r.status).toBe(200);
    if (!r.value.outcome.win) continue;
    expect(r.value.payoutMinor).toBe(115);
    expect(r.value.multiplier).toBe(1.15);
    expect(r.value.balanceAfterMinor).toBe(r.value.balanceBeforeMinor + 15);
    const recall = await call(t, { method: 'GET', url: `/wps/originals/rounds/${r.value.id}`, token });
    expect(recall.value).toMatchObject({ payoutMinor: 115, multiplier: 1.15 });
    return;
  }
  throw new Error('no limbo win at 1.15 in 30 rounds');
});

it('one key sent 20 times at once plays one round; the same key with another stake is a conflict', async () => {
  const token = await player(100_000n);
  const idempotencyKey = randomUUID();
  const replies = await Promise.all(Array.from({ length: 20 }, () => bet(token, { idempotencyKey })));
  for (const r of replies) expect(r.value).toEqual(replies[0]!.value);
  const nonce = (await call(t, { method: 'GET', url: '/wps/originals/fairness', token })).value.nonce;
  expect(nonce).toBe(1);
  expect(await bet(token, { idempotencyKey, amountMinor: 2_000 })).toMatchObject({
    status: 409,
    code: 'LEDGER_IDEMPOTENCY_CONFLICT',
  });
});

it('concurrent bets on a wallet that affords 5 of 30: exactly 5 rounds, nonces without gaps', async () => {
  const token = await player(5_000n);
  const replies = await Promise.all(
    Array.from({ length: 30 }, () => bet(token, { target: 2, direction: 'under' })),
  );
  // 2% chance to win: a win would fund more rounds, so count what the ledger allowed.
  const played = replies.filter((r) => r.status === 200);
  const refused = replies.filter((r) => r.status !== 200);
  for (const r of refused) expect(r.code).toBe('WALLET_INSUFFICIENT_FUNDS');
  expect(played.map((r) => r.value.nonce).sort((a, b) => a - b)).toEqual(played.map((_, i) => i));
  const balance = (await call(t, { method: 'GET', url: '/wps/v2/wallets/balance', token })).value.sumBalance;
  expect(balance).toBeGreaterThanOrEqual(0);
  expect(balance).toBe(5_000 - played.length * 1_000 + played.reduce((s, r) => s + r.value.payoutMinor, 0));
});

it('bad choices and limits are refused and move nothing', async () => {
  const token = await player(10_000n);
  expect(await bet(token, { target: 99.5, direction: 'under' })).toMatchObject({
    status: 400,
    code: 'ORIGINALS_BET_INVALID',
  });
  expect(await bet(token, { target: 50.001 })).toMatchObject({ status: 400, code: 'ORIGINALS_BET_INVALID' });
  expect(await bet(token, { direction: 'sideways' })).toMatchObject({
    status: 400,
    code: 'VALIDATION_FAILED',
  });
  expect(await bet(token, { amountMinor: 2_000_000 })).toMatchObject({
    status: 422,
    code: 'ORIGINALS_BET_TOO_LARGE',
  });
  expect(await bet(token, { amountMinor: 1_000_000, target: 0.01 })).toMatchObject({
    status: 422,
    code: 'ORIGINALS_WIN_TOO_LARGE',
  });
  const state = (await call(t, { method: 'GET', url: '/wps/originals/fairness', token })).value;
  expect(state.nonce).toBe(0);
  expect((await call(t, { method: 'GET', url: '/wps/v2/wallets/balance', token })).value.sumBalance).toBe(
    10_000,
  );
});

it('50 copies of one bet at once answer the first round, whose stake and win move once', async () => {
  const p = await fundedPlayer(t, f, 'dice', 100_000n);
  const body = { idempotencyKey: randomUUID() };
  const balance = async () =>
    BigInt(
      (await call(t, { method: 'GET', url: '/wps/v2/wallets/balance', token: p.token })).value.sumBalance,
    );
  const first = await expectIdempotentBurst(() => bet(p.token, body), {
    db: t.ctx.db,
    balance,
    moved: (answer) => BigInt((answer.value as { payoutMinor: number }).payoutMinor) - 1_000n,
  });
  expect(first.status).toBe(200);
});

// Last in the file: every round the tests above settled, voided or resettled is in the bet stream.
it('the bet stream: each settlement one fact, each void or resettlement a delta; the rollups equal a recount', async () => {
  const { facts } = await expectStreamConsistent(t.ctx.db);
  expect(facts).toBeGreaterThan(0);
});
