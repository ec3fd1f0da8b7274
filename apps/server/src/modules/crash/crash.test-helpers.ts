import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { MODULES } from '../../app.ts';
import { call, createAuthTestApp } from '../auth/auth.test-helpers.ts';
import {
  balanceOf,
  expectVerified,
  type Fixture,
  fixture,
  fundedPlayer,
} from '../ledger/ledger.test-helpers.ts';
import { advanceRound } from './crash.engine.ts';
import { latestRound, type RoundRow } from './crash.repository.ts';
import { type CrashTimings, DEFAULT_TIMINGS, msToReach } from './crash.timing.ts';
import { crashModule, createCrashModule } from './index.ts';

/** A fast curve keeps the tests' clock jumps small: m(t) = e^(0.001·t), 2× after 693 ms. */
export const CRASH_TEST_TIMINGS: CrashTimings = {
  ...DEFAULT_TIMINGS,
  bettingMs: 200,
  pauseMs: 100,
  growthPerMs: 0.001,
  chainLength: 500,
};

/**
 * The crash rounds on the test app's (manual) clock: the tests step the round the way the leader's
 * loop does, so every phase is hit at an exact time without waiting. `t` and `f` are read when
 * called (the tests make them in beforeAll).
 */
export function crashTestbed(t: () => TestApp, f: () => Fixture, timings: CrashTimings) {
  const step = () => advanceRound(t().ctx.db, f().merchantId, t().clock.now(), timings);
  const current = async () => (await latestRound(t().ctx.db, f().merchantId))!;
  const msFromStart = async (multiplier: number) => {
    const round = await current();
    return (
      round.started_at!.getTime() + msToReach(multiplier, timings.growthPerMs) - t().clock.now().getTime()
    );
  };

  /** Runs the current round to its bust. */
  async function bust(): Promise<void> {
    let round = await current();
    if (round.status === 'betting') {
      t().clock.advance(round.betting_ends_at.getTime() - t().clock.now().getTime());
      await step();
      round = await current();
    }
    if (round.status === 'running') {
      t().clock.advance(Math.max(0, await msFromStart(Number(round.crash_point))) + 1);
      await step();
    }
    expect((await current()).status).toBe('busted');
  }

  /** Plays rounds out (no bets) until one opens whose crash point passes `wanted`; it is left in betting. */
  async function roundWhere(wanted: (crash: number) => boolean): Promise<RoundRow> {
    for (let i = 0; i < 200; i++) {
      let round = await current();
      if (!round || round.status === 'busted') {
        t().clock.advance(timings.pauseMs);
        await step();
        round = await current();
      }
      if (round.status === 'betting' && wanted(Number(round.crash_point))) return round;
      await bust();
    }
    throw new Error('no such round in 200');
  }

  async function start(): Promise<void> {
    const round = await current();
    t().clock.advance(round.betting_ends_at.getTime() - t().clock.now().getTime());
    await step();
    expect((await current()).status).toBe('running');
  }

  async function player(balanceMinor = 100_000n) {
    const p = await fundedPlayer(t(), f(), 'crash', balanceMinor);
    const balance = async () => (await balanceOf(f(), p.mainId)).balance;
    return { token: p.token, account: p.account, memberId: p.memberId, mainId: p.mainId, balance };
  }

  const bet = (token: string, body: Record<string, unknown> = {}) =>
    call(t(), {
      method: 'POST',
      url: '/wps/crash/bet',
      token,
      payload: { amountMinor: 1_000, idempotencyKey: randomUUID(), ...body },
    });
  const cashOut = (token: string, roundId: bigint | string) =>
    call(t(), { method: 'POST', url: '/wps/crash/cashout', token, payload: { roundId: String(roundId) } });

  /**
   * Starts the round, lets it pass `multiplier` and sends `copies` cash-outs of the player's bet at once,
   * racing the leader's step; they all answer alike: answers the first.
   */
  async function raceCashOuts(token: string, roundId: bigint, multiplier: number, copies = 20) {
    await start();
    t().clock.advance(await msFromStart(multiplier));
    const [answers] = await Promise.all([
      Promise.all(Array.from({ length: copies }, () => cashOut(token, roundId))),
      step(),
    ]);
    for (const a of answers) expect(a).toEqual(answers[0]);
    return answers[0]!;
  }

  return { step, current, msFromStart, bust, roundWhere, start, player, bet, cashOut, raceCashOuts };
}

/**
 * A test file's app with the crash module on `timings` and no loop (the tests step the rounds), the
 * demo merchant, the ledger verified after each test; and the testbed on them.
 */
export function crashTestApp(timings = CRASH_TEST_TIMINGS) {
  const slot = MODULES.indexOf(crashModule);
  let t: TestApp;
  let f: Fixture;
  beforeAll(async () => {
    MODULES[slot] = createCrashModule({ timings, loop: false });
    t = await createAuthTestApp({});
    f = await fixture(t);
  });
  afterAll(async () => {
    MODULES[slot] = crashModule;
    await t?.close();
  });
  afterEach(() => expectVerified(t.ctx.db));
  return {
    app: () => t,
    fixture: () => f,
    ...crashTestbed(
      () => t,
      () => f,
      timings,
    ),
  };
}
