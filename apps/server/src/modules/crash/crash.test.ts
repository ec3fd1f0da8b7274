import { createHash, createHmac, randomUUID } from 'node:crypto';
import { verifyGameHash } from '@sorte/fairness';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { expectIdempotentBurst } from '../../../test/idempotent-burst.ts';
import { call, setFlags } from '../auth/auth.test-helpers.ts';
import type { Fixture } from '../ledger/ledger.test-helpers.ts';
import { connect, listen, waitFor } from '../realtime/realtime.test-helpers.ts';
import { sha256 } from './crash.chain.ts';
import { CrashLoop } from './crash.loop.ts';
import { CRASH_TEST_TIMINGS, crashTestApp } from './crash.test-helpers.ts';
import { msToReach } from './crash.timing.ts';
import { expectStreamConsistent } from '../records/records.test-helpers.ts';

const TIMINGS = CRASH_TEST_TIMINGS;
const bed = crashTestApp(TIMINGS);
const { step, current, msFromStart, bust, roundWhere, start, player, bet, cashOut } = bed;
let t: TestApp;
let f: Fixture;
beforeAll(() => {
  t = bed.app();
  f = bed.fixture();
});

const record = (bet: { roundId: string; id: string }) =>
  t.ctx.db
    .selectFrom('bet_records')
    .selectAll()
    .where('source', '=', 'crash')
    .where('source_ref', '=', `${bet.roundId}:${bet.id}`)
    .executeTakeFirstOrThrow();

/** Stake's published crash formula, written out independently of packages/fairness. */
function stakeCrash(gameHash: string, salt: string, edge: number): number {
  const int = Number.parseInt(createHmac('sha256', gameHash).update(salt).digest('hex').slice(0, 8), 16);
  return Math.max(1, Math.floor((2 ** 32 / (int + 1)) * (1 - edge) * 100) / 100);
}

describe('the hash chain', () => {
  it('publishes the terminating hash before the first round, and every busted round verifies against it', async () => {
    expect((await call(t, { method: 'GET', url: '/wps/crash/chain' })).value).toBeNull();
    expect((await call(t, { method: 'GET', url: '/wps/crash/round' })).value).toEqual({
      round: null,
      myBet: null,
    });
    await step();
    const chain = (await call(t, { method: 'GET', url: '/wps/crash/chain' })).value;
    expect(chain).toMatchObject({ length: 500, houseEdge: 0.01 });
    const first = (await call(t, { method: 'GET', url: '/wps/crash/round' })).value.round;
    expect(first).toMatchObject({ gameNumber: 1, status: 'betting', hash: null, crashPoint: null });
    for (let i = 0; i < 8; i++) {
      await bust();
      t.clock.advance(TIMINGS.pauseMs);
      await step();
    }
    const history = (await call(t, { method: 'GET', url: '/wps/crash/history?limit=8' })).value;
    expect(history.map((r: { gameNumber: number }) => r.gameNumber)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    for (const [i, round] of history.entries()) {
      expect(verifyGameHash(sha256, round.hash, round.gameNumber, chain.terminatingHash)).toBe(true);
      // Each revealed hash hashes to the previous round's.
      const previous = history[i + 1]?.hash ?? chain.terminatingHash;
      expect(createHash('sha256').update(round.hash).digest('hex')).toBe(previous);
      expect(round.crashPoint).toBe(stakeCrash(round.hash, chain.salt, 0.01));
    }
    const one = (await call(t, { method: 'GET', url: `/wps/crash/rounds/${history[0].id}` })).value;
    expect(one).toMatchObject({ status: 'busted', hash: history[0].hash, crashPoint: history[0].crashPoint });
  });
});

describe('bets', () => {
  it('answer 50 copies of one bet sent at once with the first answer and take the stake once', async () => {
    await roundWhere(() => true);
    const p = await player();
    const body = { idempotencyKey: randomUUID(), autoCashOut: 3 };
    const first = await expectIdempotentBurst(() => bet(p.token, body), {
      db: t.ctx.db,
      balance: p.balance,
      moved: -1_000n,
    });
    expect(first).toMatchObject({ status: 200, value: { stakeMinor: 1_000, status: 'active' } });
    // Ten different bets at once in the same round: one is taken, the others refused, never a 500.
    const other = await player();
    const answers = await Promise.all(Array.from({ length: 10 }, () => bet(other.token)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.code === 'CRASH_ALREADY_BET')).toBe(true);
    expect(await other.balance()).toBe(99_000n);
    await bust();
  });

  it('are taken in the betting phase only, one per player and round, idempotent by key', async () => {
    const round = await roundWhere(() => true);
    const p = await player();
    const key = randomUUID();
    const placed = await bet(p.token, { idempotencyKey: key, autoCashOut: 2 });
    expect(placed.status).toBe(200);
    expect(placed.value).toMatchObject({
      roundId: String(round.id),
      stakeMinor: 1_000,
      autoCashOut: 2,
      status: 'active',
    });
    expect(placed.value.player).toMatch(/^cr\*\*\*/);
    const again = await Promise.all(
      [1, 2, 3].map(() => bet(p.token, { idempotencyKey: key, autoCashOut: 2 })),
    );
    for (const r of again) expect(r.value.id).toBe(placed.value.id);
    expect((await bet(p.token, { idempotencyKey: key, amountMinor: 2_000, autoCashOut: 2 })).code).toBe(
      'LEDGER_IDEMPOTENCY_CONFLICT',
    );
    expect((await bet(p.token)).code).toBe('CRASH_ALREADY_BET');
    expect(await p.balance()).toBe(99_000n);
    expect(await record(placed.value)).toMatchObject({
      status: 'open',
      stake_minor: 1_000n,
      category: 'INHOUSE',
    });
    // The betting time is over on the server's clock even before the leader starts the round.
    const late = await player();
    t.clock.advance(round.betting_ends_at.getTime() - t.clock.now().getTime());
    const refused = await bet(late.token);
    expect([refused.status, refused.code]).toEqual([409, 'CRASH_BETTING_CLOSED']);
    expect(await late.balance()).toBe(100_000n);
    await bust();
  });

  it('refuse stakes over the max bet and auto cash-outs over the max win, and bad input', async () => {
    await roundWhere(() => true);
    const p = await player(10_000_000n);
    expect((await bet(p.token, { amountMinor: 1_000_001 })).code).toBe('ORIGINALS_BET_TOO_LARGE');
    expect((await bet(p.token, { amountMinor: 1_000_000, autoCashOut: 101.01 })).code).toBe(
      'ORIGINALS_WIN_TOO_LARGE',
    );
    expect((await bet(p.token, { autoCashOut: 1 })).status).toBe(400);
    expect((await bet(p.token, { autoCashOut: 1.001 })).status).toBe(400);
    expect((await cashOut(p.token, 'x')).status).toBe(400);
    expect(await p.balance()).toBe(10_000_000n);
    await bust();
  });
});

describe('cash-outs', () => {
  it('pay stake × the multiplier of the server clock before the bust, and are refused after it', async () => {
    const round = await roundWhere((crash) => crash >= 2);
    const winner = await player();
    const loser = await player();
    const won = (await bet(winner.token)).value;
    const lost = (await bet(loser.token)).value;
    expect((await cashOut(winner.token, round.id)).code).toBe('CRASH_NOT_RUNNING');
    await start();
    t.clock.advance(await msFromStart(1.5));
    const cashed = await cashOut(winner.token, round.id);
    expect(cashed.status).toBe(200);
    // e^(k·t) at exactly 1.5 may land a hair under it in floating point: the server floors it.
    expect([1.49, 1.5]).toContain(cashed.value.cashOut);
    expect(cashed.value).toMatchObject({
      status: 'cashed',
      payoutMinor: Math.round(1_000 * cashed.value.cashOut),
    });
    expect(await winner.balance()).toBe(99_000n + BigInt(cashed.value.payoutMinor));
    expect((await cashOut(winner.token, round.id)).value).toEqual(cashed.value);
    // Past the bust time the server refuses, even before the leader has written the bust.
    t.clock.advance((await msFromStart(Number(round.crash_point))) + 1);
    expect((await cashOut(loser.token, round.id)).code).toBe('CRASH_ROUND_BUSTED');
    await step();
    expect((await cashOut(loser.token, round.id)).code).toBe('CRASH_ROUND_BUSTED');
    expect(await loser.balance()).toBe(99_000n);
    expect(await record(won)).toMatchObject({
      status: 'settled',
      payout_minor: BigInt(cashed.value.payoutMinor),
    });
    expect(await record(lost)).toMatchObject({ status: 'settled', stake_minor: 1_000n, payout_minor: 0n });
    const busted = (await call(t, { method: 'GET', url: `/wps/crash/rounds/${round.id}` })).value;
    expect(busted.bets.map((b: { status: string }) => b.status).sort()).toEqual(['cashed', 'lost']);
  });

  it('sent 10 times at once pay once', async () => {
    const round = await roundWhere((crash) => crash >= 1.3);
    const p = await player();
    await bet(p.token);
    await start();
    t.clock.advance(await msFromStart(1.2));
    const answers = await Promise.all(Array.from({ length: 10 }, () => cashOut(p.token, round.id)));
    for (const a of answers) expect(a.value).toEqual(answers[0]!.value);
    expect(await p.balance()).toBe(99_000n + BigInt(answers[0]!.value.payoutMinor));
    const wins = await t.ctx.db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('idempotency_key', 'like', `crash:${answers[0]!.value.id}:win`)
      .execute();
    expect(wins).toHaveLength(1);
    await bust();
  });

  it('automatic: paid at exactly the target when the round gets there, lost when it busts below', async () => {
    const round = await roundWhere((crash) => crash >= 1.5 && crash < 100);
    const crash = Number(round.crash_point);
    const low = await player();
    const exact = await player();
    const high = await player();
    const lowBet = (await bet(low.token, { autoCashOut: 1.5 })).value;
    await bet(exact.token, { autoCashOut: crash });
    await bet(high.token, { autoCashOut: 100 });
    await start();
    t.clock.advance((await msFromStart(1.5)) + 2);
    await step();
    expect((await cashOut(low.token, round.id)).value).toMatchObject({
      status: 'cashed',
      cashOut: 1.5,
      payoutMinor: 1_500,
    });
    await bust();
    expect(await low.balance()).toBe(100_500n);
    expect(await exact.balance()).toBe(99_000n + (1_000n * BigInt(Math.round(crash * 100))) / 100n);
    expect(await high.balance()).toBe(99_000n);
    expect(await record(lowBet)).toMatchObject({ status: 'settled', payout_minor: 1_500n });
  });

  it('a round running when the process died settles by its timeline: auto cash-outs at or under the bust paid, the rest lost', async () => {
    const round = await roundWhere((crash) => crash >= 1.2 && crash < 50);
    const auto = await player();
    const manual = await player();
    await bet(auto.token, { autoCashOut: 1.2 });
    await bet(manual.token);
    await start();
    // Down for a minute: the next leader's first step finds the bust long past.
    t.clock.advance(60_000);
    expect((await cashOut(manual.token, round.id)).code).toBe('CRASH_ROUND_BUSTED');
    await step();
    const settled = await current();
    expect(settled.status).toBe('busted');
    expect(settled.busted_at!.getTime()).toBe(
      Math.floor(settled.started_at!.getTime() + msToReach(Number(round.crash_point), TIMINGS.growthPerMs)),
    );
    expect(await auto.balance()).toBe(100_200n);
    expect(await manual.balance()).toBe(99_000n);
  });
});

describe('a used-up chain', () => {
  it('is replaced by a new chain, published before its first round, and the old one stays verifiable', async () => {
    const round = await roundWhere(() => true);
    const old = (await call(t, { method: 'GET', url: '/wps/crash/chain' })).value;
    // Pretend this round is the chain's last game (the real chain holds TIMINGS.chainLength rounds).
    await t.ctx.db
      .updateTable('crash_chains')
      .set({ length: round.game_number })
      .where('id', '=', round.chain_id)
      .execute();
    await bust();
    t.clock.advance(TIMINGS.pauseMs);
    await step();
    const next = await current();
    expect(next.chain_id).not.toBe(round.chain_id);
    expect(next.game_number).toBe(1);
    const chain = (await call(t, { method: 'GET', url: '/wps/crash/chain' })).value;
    expect(chain.id).toBe(String(next.chain_id));
    expect(chain.terminatingHash).not.toBe(old.terminatingHash);
    const last = (await call(t, { method: 'GET', url: `/wps/crash/rounds/${round.id}` })).value;
    expect(verifyGameHash(sha256, last.hash, round.game_number, old.terminatingHash)).toBe(true);
    await bust();
  });
});

describe('the loop', () => {
  it('runs a merchant on one leader at a time; the lease passes on when released or expired', async () => {
    const a = new CrashLoop(t.ctx, TIMINGS);
    const b = new CrashLoop(t.ctx, TIMINGS);
    expect(await a.lead(f.merchantId)).toBe(true);
    expect(await b.lead(f.merchantId)).toBe(false);
    expect(await a.lead(f.merchantId)).toBe(true);
    t.clock.advance(TIMINGS.leaseMs + 1);
    expect(await b.lead(f.merchantId)).toBe(true);
    expect(await a.lead(f.merchantId)).toBe(false);
    await b.stop();
    expect(await a.lead(f.merchantId)).toBe(true);
    await a.stop();
  });

  it("pushes the round's phases and bets to the merchant's sockets", async () => {
    await roundWhere(() => true);
    await bust();
    const p = await player();
    const client = await connect(await listen(t), p.token);
    await waitFor(client, 'ready');
    const loop = new CrashLoop(t.ctx, TIMINGS);
    t.clock.advance(TIMINGS.pauseMs);
    expect(await loop.lead(f.merchantId)).toBe(true);
    await loop.step(f.merchantId);
    await waitFor(client, 'crash.round');
    await bet(p.token);
    await waitFor(client, 'crash.bet');
    const pushed = client.messages.find((m) => m.type === 'crash.round') as unknown as {
      round: { status: string; hash: string | null };
    };
    expect(pushed.round).toMatchObject({ status: 'betting', hash: null });
    client.socket.close();
    await loop.stop();
    await bust();
  });
});

describe('free play', () => {
  it('a trial bets play money; the room sees real bets only', async () => {
    await setFlags(t, { FREEPLAY3: true });
    const trial = await call(t, {
      method: 'POST',
      url: '/wps/session/login/freeplay',
      payload: { platform: 'W' },
      ip: '10.66.0.1',
    });
    const real = await player();
    const round = await roundWhere(() => true);
    const played = await bet(trial.value.token);
    expect([played.status, played.value.currency]).toEqual([200, `X${f.currency}`]);
    expect((await bet(real.token)).status).toBe(200);
    const view = await call(t, { method: 'GET', url: '/wps/crash/round', token: real.token });
    const bets = view.value.round.bets as { player: string; currency: string }[];
    expect(String(view.value.round.id)).toBe(String(round.id));
    expect(bets.map((b) => b.currency)).toEqual([f.currency]);
    await bust();
  });
});

// Last in the file: every round the tests above settled, voided or resettled is in the bet stream.
it('the bet stream: each settlement one fact, each void or resettlement a delta; the rollups equal a recount', async () => {
  const { facts } = await expectStreamConsistent(t.ctx.db);
  expect(facts).toBeGreaterThan(0);
});
