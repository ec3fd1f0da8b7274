import { randomUUID } from 'node:crypto';
import { applyOddsMargin, cashOutValue } from '@sorte/money';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { call, createAuthTestApp } from '../auth/auth.test-helpers.ts';
import { boCall, operatorToken } from '../backoffice/backoffice.test-helpers.ts';
import { expectVerified, type Fixture, fixture } from '../ledger/ledger.test-helpers.ts';
import { testBook } from './sportsbook.book.test-helpers.ts';
import { settleSportsBets } from './sportsbook.settle.ts';

/**
 * Margins per sport (issue 16, trading): set in the back office (audited, validated), they change
 * every price the merchant's players see or take — the events API, placement under the odds policy
 * (the bet stores and settles at the margined odds), the live re-check after the bet delay and
 * cash-out's current odds — exactly as applyOddsMargin of @sorte/money computes them. The live odds
 * socket's side is in realtime.sports.test.ts. The ledger is verified after each test.
 */
let t: TestApp;
let f: Fixture;
let admin: string;
const run = randomUUID().slice(0, 8);
const { newFixture, sel, player, settleMarket, win, setOdds } = testBook(
  () => t,
  () => f,
  run,
);

beforeAll(async () => {
  t = await createAuthTestApp({});
  f = await fixture(t);
  admin = await operatorToken(t, 'admin');
});
afterAll(async () => t?.close());
afterEach(async () => {
  await t.ctx.db.deleteFrom('sb_margins').execute();
  await t.ctx.db.deleteFrom('sb_limits').execute();
  await expectVerified(t.ctx.db);
});

const FIVE_PERCENT = 500;
/** The feed's 1X2 of testBook (2.10 / 3.30 / 3.60) at 5 %: ⌊odds × 10000 / 10500⌋. */
const MARGINED = { home: 2_000, draw: 3_142, away: 3_428 };

const setMargins = (margins: Array<{ sport: string; marginBps: number }>) =>
  boCall(t, admin, 'PUT', '/bo/sportsbook/limits', { margins });
/** The event's 1X2 as the lobby lists it (its main market); testBook's ids are the feed's `sr:match:…`. */
const eventOdds = async (id: string) => {
  const answer = await call(t, { method: 'GET', url: '/wps/sports/events?sport=football' });
  expect(answer.status).toBe(200);
  const event = (
    answer.value as Array<{
      id: string;
      markets: Array<{ key: string; outcomes: Array<{ id: string; odds: number }> }>;
    }>
  ).find((e) => e.id === id)!;
  expect(event.markets[0]!.key).toBe('1x2');
  return Object.fromEntries(event.markets[0]!.outcomes.map((o) => [o.id, o.odds] as const));
};
const bet = (token: string, body: Record<string, unknown>) =>
  call(t, {
    method: 'POST',
    url: '/wps/sports/bets',
    token,
    payload: { type: 'single', stakeMinor: 1_000, idempotencyKey: randomUUID(), oddsPolicy: 'none', ...body },
  });
const view = async (token: string, id: string) =>
  (await call(t, { method: 'GET', url: `/wps/sports/bets/${id}`, token })).value;

describe('margins per sport', () => {
  it('are set in the back office (audited) and read back; a bad margin is 400 SPORTS_MARGIN_INVALID and changes nothing', async () => {
    const before = await boCall(t, admin, 'GET', '/bo/sportsbook/limits');
    expect(before.value.margins).toEqual([]);
    const set = await setMargins([
      { sport: 'football', marginBps: FIVE_PERCENT },
      { sport: 'tennis', marginBps: 250 },
    ]);
    expect(set.status).toBe(200);
    expect(set.value.margins).toEqual([
      { sport: 'football', marginBps: 500 },
      { sport: 'tennis', marginBps: 250 },
    ]);
    const { rows: audits } = await sql<{ before: { margins: unknown }; after: { margins: unknown } }>`
      select before, after from audit_log where action = 'sportsbook.limits.update' order by id`.execute(
      t.ctx.db,
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.before.margins).toEqual([]);
    expect(audits[0]!.after.margins).toEqual(set.value.margins);

    for (const marginBps of [5_001, -1]) {
      const bad = await setMargins([{ sport: 'football', marginBps }]);
      expect([bad.status, bad.code, bad.details]).toEqual([
        400,
        'SPORTS_MARGIN_INVALID',
        { sport: 'football', maxBps: 5_000 },
      ]);
    }
    const fraction = await setMargins([{ sport: 'football', marginBps: 2.5 }]);
    expect([fraction.status, fraction.code]).toEqual([400, 'VALIDATION_FAILED']);
    // Refused in the same request as a valid change: nothing of it is written.
    const mixed = await boCall(t, admin, 'PUT', '/bo/sportsbook/limits', {
      minStakeMinor: 500,
      margins: [{ sport: 'basketball', marginBps: 9_999 }],
    });
    expect(mixed.code).toBe('SPORTS_MARGIN_INVALID');
    const after = await boCall(t, admin, 'GET', '/bo/sportsbook/limits');
    expect([after.value.minStakeMinor, after.value.margins]).toEqual([100, set.value.margins]);
    const auditor = await operatorToken(t, 'auditor');
    expect((await boCall(t, auditor, 'PUT', '/bo/sportsbook/limits', { margins: [] })).status).toBe(403);
    // 0 removes a sport's margin.
    const removed = await setMargins([{ sport: 'tennis', marginBps: 0 }]);
    expect(removed.value.margins).toEqual([{ sport: 'football', marginBps: 500 }]);
    const { rows } = await sql`select 1 from audit_log where action = 'sportsbook.limits.update'`.execute(
      t.ctx.db,
    );
    expect(rows).toHaveLength(2);
  });

  it("the events API offers the feed's odds less the merchant's margin for the sport, exactly; another merchant's margin is not its", async () => {
    const fx = await newFixture();
    expect(await eventOdds(fx)).toEqual({ home: 2_100, draw: 3_300, away: 3_600 });
    // Another merchant's margin on football does not reach this merchant's players.
    await t.ctx.db
      .insertInto('sb_margins')
      .values({ merchant_id: randomUUID(), sport: 'football', margin_bps: 3_000 })
      .execute();
    // A margin on another sport does not touch football.
    expect((await setMargins([{ sport: 'basketball', marginBps: 800 }])).status).toBe(200);
    expect(await eventOdds(fx)).toEqual({ home: 2_100, draw: 3_300, away: 3_600 });
    await setMargins([{ sport: 'football', marginBps: FIVE_PERCENT }]);
    expect(await eventOdds(fx)).toEqual(MARGINED);
    for (const [outcome, odds] of Object.entries({ home: 2_100, draw: 3_300, away: 3_600 }))
      expect(BigInt(MARGINED[outcome as keyof typeof MARGINED])).toBe(applyOddsMargin(odds, FIVE_PERCENT));
  });

  it("a bet at the feed's un-margined price is answered per the odds policy; the bet stores and is paid at the margined odds", async () => {
    await setMargins([{ sport: 'football', marginBps: FIVE_PERCENT }]);
    const p = await player();
    const fx = await newFixture();
    const feedPrice = sel(fx, '1x2', 'home'); // 2.10, what the feed says
    for (const oddsPolicy of ['none', 'higher']) {
      const refused = await bet(p.token, { selections: [feedPrice], oddsPolicy });
      expect([refused.status, refused.code, refused.details]).toEqual([
        409,
        'SPORTS_ODDS_CHANGED',
        { selections: [{ index: 0, odds: MARGINED.home }] },
      ]);
    }
    expect(await p.balance()).toBe(100_000n);
    const any = await bet(p.token, { selections: [feedPrice], oddsPolicy: 'any' });
    expect(any.status).toBe(200);
    const taken = any.value.bets[0];
    expect(taken.legs[0].odds).toBe(MARGINED.home);
    expect(taken.potentialReturnMinor).toBe(2_000);
    // At the price the player was shown (the margined one), 'none' takes it.
    const shown = await bet(p.token, { selections: [{ ...feedPrice, odds: MARGINED.home }] });
    expect(shown.status).toBe(200);
    const legs = await t.ctx.db
      .selectFrom('sb_bet_legs')
      .select('odds')
      .where('bet_id', 'in', [BigInt(taken.id), BigInt(shown.value.bets[0].id)])
      .execute();
    expect(legs.map((l) => l.odds)).toEqual([MARGINED.home, MARGINED.home]);
    // Settlement pays the stored odds, whatever the margin is by then.
    await setMargins([{ sport: 'football', marginBps: 0 }]);
    await settleMarket(fx, '1x2', win('home', 'draw', 'away'));
    await settleSportsBets(t.ctx.db, new Date());
    expect(await p.balance()).toBe(100_000n - 2_000n + 2n * 2_000n);
  });

  it('a live bet is checked again at the margined odds when the bet delay ends', async () => {
    await setMargins([{ sport: 'football', marginBps: FIVE_PERCENT }]);
    await boCall(t, admin, 'PUT', '/bo/sportsbook/limits', { betDelayMs: 1_000 });
    const p = await player();
    const fx = await newFixture();
    await setOdds(fx, '1x2', { home: 2_100, draw: 3_300, away: 3_600 }, 'live');
    /** Sends the bet, moves the feed's odds while it is held, then runs the clock past the delay. */
    async function held(oddsPolicy: string, feedOdds: number) {
      let answered = false;
      const pending = bet(p.token, {
        selections: [{ ...sel(fx, '1x2', 'home'), odds: MARGINED.home }],
        oddsPolicy,
      }).finally(() => {
        answered = true;
      });
      // Held while the clock stands: a margined price at placement would have been taken at once.
      for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(answered).toBe(false);
      await setOdds(fx, '1x2', { home: feedOdds }, 'live');
      while (!answered) {
        t.clock.advance(500);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return pending;
    }
    // The feed moves 2.10 → 2.20: offered 2.095, a move the 'none' policy refuses with the new price.
    const refused = await held('none', 2_200);
    expect([refused.code, refused.details]).toEqual([
      'SPORTS_ODDS_CHANGED',
      { selections: [{ index: 0, odds: 2_095 }] },
    ]);
    await setOdds(fx, '1x2', { home: 2_100 }, 'live');
    const taken = await held('higher', 2_200);
    expect(taken.status).toBe(200);
    expect(taken.value.bets[0].legs[0].odds).toBe(Number(applyOddsMargin(2_200, FIVE_PERCENT)));
  });

  it("cash-out prices the bet on the merchant's current offered odds", async () => {
    await setMargins([{ sport: 'football', marginBps: FIVE_PERCENT }]);
    const p = await player();
    const fx = await newFixture();
    const placed = await bet(p.token, { selections: [{ ...sel(fx, '1x2', 'home'), odds: MARGINED.home }] });
    const id = placed.value.bets[0].id as string;
    await setOdds(fx, '1x2', { home: 1_500, draw: 3_800, away: 5_000 });
    // Accepted 2.000 ÷ current offered 1.428 (1.50 less 5 %) × (1 − 5 % cash-out margin): 13.30.
    const price = cashOutValue(1_000n, [{ odds: 2_000, currentOdds: applyOddsMargin(1_500, 500) }], 500);
    expect(price).toBe(1_330n);
    expect((await view(p.token, id)).cashOut).toEqual({ availableMinor: 1_330, partial: true });
    // Without the margin the current odds would be 1.50 and the price 12.66: the margin is what moved it.
    expect(cashOutValue(1_000n, [{ odds: 2_000, currentOdds: 1_500 }], 500)).toBe(1_266n);
    const done = await call(t, {
      method: 'POST',
      url: `/wps/sports/bets/${id}/cashout`,
      token: p.token,
      payload: { idempotencyKey: randomUUID(), expectedMinor: 1_330 },
    });
    expect([done.status, done.value.payoutMinor]).toEqual([200, 1_330]);
    expect(await p.balance()).toBe(100_000n - 1_000n + 1_330n);
  });
});
