import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { call, createAuthTestApp } from '../auth/auth.test-helpers.ts';
import { boCall, operatorToken } from '../backoffice/backoffice.test-helpers.ts';
import { expectVerified, type Fixture, fixture } from '../ledger/ledger.test-helpers.ts';
import { testBook } from './sportsbook.book.test-helpers.ts';
import { settleSportsBets } from './sportsbook.settle.ts';

/**
 * Risk controls on a book built through feed messages: limits per market type beside the per-sport
 * ones (the strictest wins, refused with the limit that refused), liability caps per outcome
 * (strictest cap, a multiple's whole return against each leg's outcome, 40 bets at once on one
 * outcome never over the cap, the liability freed by settlement and cash-out), audited edits. The
 * ledger is verified after each test.
 */
let t: TestApp;
let f: Fixture;
let admin: string;
const run = randomUUID().slice(0, 8);
const { newFixture, sel, player, place, settleMarket, rollback, win } = testBook(
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
afterEach(() => expectVerified(t.ctx.db));

/** Places and answers the refusal (or 200), unlike the book's `place`, which expects success. */
const attempt = (token: string, selections: unknown[], stakeMinor: number, type = 'single') =>
  call(t, {
    method: 'POST',
    url: '/wps/sports/bets',
    token,
    payload: { type, stakeMinor, idempotencyKey: randomUUID(), oddsPolicy: 'none', selections },
  });
const limits = (body: Record<string, unknown>) => boCall(t, admin, 'PUT', '/bo/sportsbook/limits', body);
const liabilityOf = async (fixtureId: string, market: string, outcome: string) => {
  const detail = await boCall(t, admin, 'GET', `/bo/sportsbook/events/${fixtureId}`);
  const m = detail.value.markets.find((x: { key: string }) => x.key === market);
  return m.outcomes.find((o: { id: string }) => o.id === outcome).liabilityMinor as number;
};

describe('limits per market type', () => {
  it('refuses over the strictest of the sport and market limits, naming it; edits are audited and removable', async () => {
    const p = await player(1_000_000n);
    const [a, b] = [await newFixture(), await newFixture()];
    const set = await limits({
      sports: [{ sport: 'football', maxStakeMinor: 2_000, maxPayoutMinor: 5_000 }],
      markets: [
        { market: 'total', maxStakeMinor: 500, maxPayoutMinor: null },
        { market: '1x2', maxStakeMinor: null, maxPayoutMinor: 3_000 },
      ],
    });
    expect(set.status).toBe(200);
    expect(set.value.markets).toEqual([
      { market: '1x2', maxStakeMinor: null, maxPayoutMinor: 3_000 },
      { market: 'total', maxStakeMinor: 500, maxPayoutMinor: null },
    ]);
    const { rows: audits } = await sql<{ after: { markets: unknown[] } }>`
      select after from audit_log where action = 'sportsbook.limits.update' order by id`.execute(t.ctx.db);
    expect(audits.at(-1)?.after.markets).toHaveLength(2);

    const total = await attempt(p.token, [sel(a, 'total|total=2.5', 'over')], 501);
    expect([total.status, total.code, total.details]).toEqual([
      422,
      'SPORTS_STAKE_TOO_LARGE',
      { maxStakeMinor: 500, market: 'total' },
    ]);
    expect((await attempt(p.token, [sel(a, 'total|total=2.5', 'over')], 500)).status).toBe(200);
    // 1X2 home at 2.10: 1,429 returns 30.009 → 30.00 (the limit), 1,430 returns 30.03.
    expect((await attempt(p.token, [sel(a, '1x2', 'home')], 1_429)).status).toBe(200);
    const payout = await attempt(p.token, [sel(a, '1x2', 'home')], 1_430);
    expect([payout.code, payout.details]).toEqual([
      'SPORTS_PAYOUT_TOO_LARGE',
      { maxPayoutMinor: 3_000, market: '1x2' },
    ]);
    // A multiple touches both market types: the total's max stake holds for it.
    const multiple = await attempt(
      p.token,
      [sel(a, '1x2', 'home'), sel(b, 'total|total=2.5', 'under')],
      600,
      'multiple',
    );
    expect([multiple.code, multiple.details]).toEqual([
      'SPORTS_STAKE_TOO_LARGE',
      { maxStakeMinor: 500, market: 'total' },
    ]);
    // The sport's max stake is stricter than no market limit at all (asian handicap has none).
    const sport = await attempt(p.token, [sel(b, 'asian_handicap|hcp=-0.25', 'home')], 2_001);
    expect([sport.code, sport.details]).toEqual([
      'SPORTS_STAKE_TOO_LARGE',
      { maxStakeMinor: 2_000, sport: 'football' },
    ]);

    const cleared = await limits({
      sports: [{ sport: 'football', maxStakeMinor: null, maxPayoutMinor: null }],
      markets: [
        { market: 'total', maxStakeMinor: null, maxPayoutMinor: null },
        { market: '1x2', maxStakeMinor: null, maxPayoutMinor: null },
      ],
    });
    expect(cleared.value).toMatchObject({ sports: [], markets: [] });
    expect((await attempt(p.token, [sel(b, 'total|total=2.5', 'over')], 2_500)).status).toBe(200);
  });
});

describe('liability caps per outcome', () => {
  afterEach(async () => {
    const caps = (await boCall(t, admin, 'GET', '/bo/sportsbook/limits')).value.liabilityCaps as Array<{
      sport: string | null;
      market: string | null;
    }>;
    await limits({ liabilityCaps: caps.map((c) => ({ ...c, maxLiabilityMinor: null })) });
  });

  it('of 40 bets at once on one outcome, exactly those that fit under the cap are taken; the rest are refused with the cap', async () => {
    const fx = await newFixture();
    const capped = await limits({
      liabilityCaps: [
        { sport: null, market: null, maxLiabilityMinor: 1_000_000 },
        { sport: 'football', market: '1x2', maxLiabilityMinor: 21_000 },
      ],
    });
    expect(capped.value.liabilityCaps).toEqual([
      { sport: null, market: null, maxLiabilityMinor: 1_000_000 },
      { sport: 'football', market: '1x2', maxLiabilityMinor: 21_000 },
    ]);
    const players = await Promise.all(Array.from({ length: 8 }, () => player()));
    // Each bet: 10.00 at 2.10 = 21.00 of liability on home; 21,000 holds exactly ten.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => attempt(players[i % 8]!.token, [sel(fx, '1x2', 'home')], 1_000)),
    );
    const taken = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(taken).toHaveLength(10);
    expect(new Set(refused.map((a) => `${a.status} ${a.code}`))).toEqual(
      new Set(['422 SPORTS_LIABILITY_EXCEEDED']),
    );
    expect(refused[0]?.details).toEqual({ index: 0, maxLiabilityMinor: 21_000, availableMinor: 0 });
    expect(await liabilityOf(fx, '1x2', 'home')).toBe(21_000);
    // Other outcomes of the market keep their own room; a bet larger than the room is refused (60.00 at 3.60).
    expect((await attempt(players[0]!.token, [sel(fx, '1x2', 'draw')], 1_000)).status).toBe(200);
    const big = await attempt(players[0]!.token, [sel(fx, '1x2', 'away')], 6_000);
    expect([big.code, big.details]).toEqual([
      'SPORTS_LIABILITY_EXCEEDED',
      { index: 0, maxLiabilityMinor: 21_000, availableMinor: 21_000 },
    ]);

    // Settlement frees it: home lost, so its liability is 0 and a new bet fits.
    await settleMarket(fx, '1x2', win('draw', 'home', 'away'));
    await settleSportsBets(t.ctx.db, new Date());
    expect(await liabilityOf(fx, '1x2', 'home')).toBe(0);
  });

  it("counts a multiple's whole potential return against each leg's outcome, and a cash-out frees it", async () => {
    const [a, b] = [await newFixture(), await newFixture()];
    await limits({ liabilityCaps: [{ sport: 'football', market: null, maxLiabilityMinor: 10_000 }] });
    const p = await player();
    // 10.00 × 2.10 × 2.10 = 44.10 against a's home and b's home.
    const [multiple] = await place(
      p.token,
      [sel(a, '1x2', 'home'), sel(b, '1x2', 'home')],
      'multiple',
      1_000,
    );
    expect([await liabilityOf(a, '1x2', 'home'), await liabilityOf(b, '1x2', 'home')]).toEqual([
      4_410, 4_410,
    ]);
    // 27.00 at 2.10 = 56.70: 4,410 + 5,670 = 10,080 > 10,000 on b's home.
    const over = await attempt(p.token, [sel(b, '1x2', 'home')], 2_700);
    expect([over.code, over.details]).toEqual([
      'SPORTS_LIABILITY_EXCEEDED',
      { index: 0, maxLiabilityMinor: 10_000, availableMinor: 5_590 },
    ]);
    // 10.00 × 3.30 × 2.10 = 69.30: room on a's draw, not on b's home (the second leg).
    const leg = await attempt(p.token, [sel(a, '1x2', 'draw'), sel(b, '1x2', 'home')], 1_000, 'multiple');
    expect([leg.code, leg.details?.index]).toEqual(['SPORTS_LIABILITY_EXCEEDED', 1]);

    const price = (await call(t, { method: 'GET', url: `/wps/sports/bets/${multiple!.id}`, token: p.token }))
      .value.cashOut.availableMinor as number;
    const out = await call(t, {
      method: 'POST',
      url: `/wps/sports/bets/${multiple!.id}/cashout`,
      token: p.token,
      payload: { idempotencyKey: randomUUID(), expectedMinor: price },
    });
    expect(out.status).toBe(200);
    expect(await liabilityOf(b, '1x2', 'home')).toBe(0);
    expect((await attempt(p.token, [sel(b, '1x2', 'home')], 2_700)).status).toBe(200);
  });
});

describe('take-backs still owed', () => {
  it('lists a bet whose rollback found the balance short until a resettlement nets it', async () => {
    const p = await player(1_000n);
    const [a, b] = [await newFixture(), await newFixture()];
    const [bet] = await place(p.token, [sel(a, '1x2', 'home')]);
    await settleMarket(a, '1x2', win('home', 'draw', 'away'));
    await settleSportsBets(t.ctx.db, new Date());
    // The 21.00 won is staked again, so the rollback finds nothing to take back.
    await place(p.token, [sel(b, '1x2', 'home')], 'single', 2_100);
    expect(await p.balance()).toBe(0n);
    await rollback(a, '1x2');
    await settleSportsBets(t.ctx.db, new Date());
    expect(await p.balance()).toBe(0n);
    const owed = await boCall(t, admin, 'GET', '/bo/sportsbook/owed');
    expect(owed.status).toBe(200);
    const row = owed.value.list.find((x: { id: number }) => String(x.id) === bet!.id);
    expect(row).toMatchObject({
      account: p.account,
      status: 'open',
      creditedMinor: 2_100,
      returnMinor: 0,
      owedMinor: 2_100,
    });
    expect(owed.value.owedTotalMinor).toBeGreaterThanOrEqual(2_100);
    const auditor = await operatorToken(t, 'auditor');
    expect((await boCall(t, auditor, 'GET', '/bo/sportsbook/owed')).status).toBe(200);
    expect((await boCall(t, await operatorToken(t, 'support'), 'GET', '/bo/sportsbook/owed')).status).toBe(
      403,
    );

    // Settled again as it was: the return equals what was credited, nothing is owed or moved.
    await settleMarket(a, '1x2', win('home', 'draw', 'away'));
    await settleSportsBets(t.ctx.db, new Date());
    const after = await boCall(t, admin, 'GET', '/bo/sportsbook/owed');
    expect(after.value.list.some((x: { id: number }) => String(x.id) === bet!.id)).toBe(false);
    expect(await p.balance()).toBe(0n);
  });
});
