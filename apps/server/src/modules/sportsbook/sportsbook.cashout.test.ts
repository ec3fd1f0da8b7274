import { randomUUID } from 'node:crypto';
import { cashOutValue, partialCashOut } from '@sorte/money';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { call, createAuthTestApp, setFlags } from '../auth/auth.test-helpers.ts';
import { expectVerified, type Fixture, fixture } from '../ledger/ledger.test-helpers.ts';
import { testBook } from './sportsbook.book.test-helpers.ts';
import { settleSportsBets } from './sportsbook.settle.ts';

/**
 * Cash-out: the price from the current odds less the merchant's margin, exact; in full (final:
 * settlement leaves the bet alone) and in part (the stake left is settled later, and the two never
 * pay more than the whole); refused below the price the player was shown, on a suspended market,
 * after a lost leg and for systems; 40 cash-outs of one bet at once pay once; a repeated key answers
 * without paying. The ledger is verified after each.
 */
let t: TestApp;
let f: Fixture;
const run = randomUUID().slice(0, 8);
const { apply, marketOf, newFixture, sel, player, place, settleMarket, win, setOdds } = testBook(
  () => t,
  () => f,
  run,
);

beforeAll(async () => {
  t = await createAuthTestApp({});
  f = await fixture(t);
});
afterAll(async () => t?.close());
afterEach(() => expectVerified(t.ctx.db));

const MARGIN = 500;
const cashOut = (token: string, id: string, body: Record<string, unknown>) =>
  call(t, {
    method: 'POST',
    url: `/wps/sports/bets/${id}/cashout`,
    token,
    payload: { idempotencyKey: randomUUID(), ...body },
  });
const view = async (token: string, id: string) =>
  (await call(t, { method: 'GET', url: `/wps/sports/bets/${id}`, token })).value;

describe('sportsbook cash-out', () => {
  it('cashes a single out in full at the price of the current odds, once; settlement then leaves it alone', async () => {
    const p = await player();
    const fx = await newFixture();
    const [bet] = await place(p.token, [sel(fx, '1x2', 'home')]);
    await setOdds(fx, '1x2', { home: 1_500, draw: 3_800, away: 5_000 });
    // 10.00 × 2.10 / 1.50 × 0.95 = 13.30.
    const price = cashOutValue(1_000n, [{ odds: 2_100, currentOdds: 1_500 }], MARGIN);
    expect(price).toBe(1_330n);
    expect((await view(p.token, bet!.id)).cashOut).toEqual({ availableMinor: 1_330, partial: true });
    const key = randomUUID();
    const done = await cashOut(p.token, bet!.id, { expectedMinor: 1_330, idempotencyKey: key });
    expect(done.status).toBe(200);
    expect(done.value).toMatchObject({
      status: 'cashed_out',
      payoutMinor: 1_330,
      cashedOutMinor: 1_330,
      cashOut: null,
    });
    expect(await p.balance()).toBe(100_000n - 1_000n + 1_330n);
    const again = await cashOut(p.token, bet!.id, { expectedMinor: 1_330, idempotencyKey: key });
    expect(again.status).toBe(200);
    expect(await p.balance()).toBe(100_330n);
    await settleMarket(fx, '1x2', win('home', 'draw', 'away'));
    await settleSportsBets(t.ctx.db, new Date());
    expect(await p.balance()).toBe(100_330n);
    expect((await view(p.token, bet!.id)).status).toBe('cashed_out');
    const record = await t.ctx.db
      .selectFrom('bet_records')
      .select(['status', 'payout_minor'])
      .where('source', '=', 'sportsbook')
      .where('source_ref', '=', bet!.id)
      .executeTakeFirstOrThrow();
    expect(record).toEqual({ status: 'settled', payout_minor: 1_330n });
  });

  it('refuses below the price shown, with the new price, and moves nothing', async () => {
    const p = await player();
    const fx = await newFixture();
    const [bet] = await place(p.token, [sel(fx, '1x2', 'home')]);
    const shown = Number(cashOutValue(1_000n, [{ odds: 2_100, currentOdds: 2_100 }], MARGIN));
    await setOdds(fx, '1x2', { home: 2_600, draw: 3_200, away: 2_900 });
    const moved = await cashOut(p.token, bet!.id, { expectedMinor: shown });
    expect(moved.status).toBe(409);
    expect(moved.code).toBe('SPORTS_CASHOUT_CHANGED');
    expect(moved.details).toMatchObject({ availableMinor: 767 });
    expect(await p.balance()).toBe(99_000n);
    expect((await view(p.token, bet!.id)).status).toBe('open');
  });

  it('a partial cash-out keeps the rest of the stake riding; the two never pay more than the whole', async () => {
    const p = await player();
    const [a, b] = [await newFixture(), await newFixture()];
    const [acc] = await place(p.token, [sel(a, '1x2', 'home'), sel(b, '1x2', 'away')], 'multiple', 2_000);
    await settleMarket(a, '1x2', win('home', 'draw', 'away'));
    await settleSportsBets(t.ctx.db, new Date());
    await setOdds(b, '1x2', { home: 4_000, draw: 3_500, away: 1_800 });
    const legs = [
      { odds: 2_100, settlement: { result: 'win' as const } },
      { odds: 3_600, currentOdds: 1_800 },
    ];
    const whole = cashOutValue(2_000n, legs, MARGIN);
    expect((await view(p.token, acc!.id)).cashOut).toEqual({ availableMinor: Number(whole), partial: true });
    const part = partialCashOut(2_000n, legs, MARGIN, 3_000n);
    const done = await cashOut(p.token, acc!.id, { expectedMinor: Number(whole), amountMinor: 3_000 });
    expect(done.status).toBe(200);
    expect(done.value).toMatchObject({
      status: 'open',
      cashedOutMinor: 3_000,
      stakeLeftMinor: Number(part.remainingStakeMinor),
    });
    const rest = BigInt(done.value.cashOut.availableMinor);
    expect(3_000n + rest).toBeLessThanOrEqual(whole);
    await settleMarket(b, '1x2', win('away', 'home', 'draw'));
    await settleSportsBets(t.ctx.db, new Date());
    // The stake left wins at 2.10 × 3.60, rounded down once.
    const settled = (part.remainingStakeMinor * 2_100n * 3_600n) / 1_000_000n;
    const final = await view(p.token, acc!.id);
    expect(final).toMatchObject({
      status: 'won',
      payoutMinor: Number(3_000n + settled),
      cashedOutMinor: 3_000,
    });
    expect(await p.balance()).toBe(100_000n - 2_000n + 3_000n + settled);
  });

  it('is not offered on a suspended market, after a lost leg, or for a system', async () => {
    const p = await player();
    const [a, b, c] = [await newFixture(), await newFixture(), await newFixture()];
    const [single] = await place(p.token, [sel(a, '1x2', 'home')]);
    const [acc] = await place(p.token, [sel(b, '1x2', 'home'), sel(c, '1x2', 'home')], 'multiple');
    const [trixie] = await place(
      p.token,
      [
        sel(a, 'total|total=2.5', 'over'),
        sel(b, 'total|total=2.5', 'over'),
        sel(c, 'total|total=2.5', 'over'),
      ],
      'system',
      500,
      'trixie',
    );
    await apply({ type: 'bet_stop', fixtureId: a, reason: 'goal' } as never);
    await settleMarket(b, '1x2', win('away', 'home', 'draw'));
    await settleSportsBets(t.ctx.db, new Date());
    for (const id of [single!.id, acc!.id, trixie!.id]) {
      expect((await view(p.token, id)).cashOut).toBeNull();
      const refused = await cashOut(p.token, id, { expectedMinor: 1 });
      expect(refused.status).toBe(409);
      expect(refused.code).toBe('SPORTS_CASHOUT_UNAVAILABLE');
    }
    expect(marketOf('1x2').key).toBe('1x2');
  });

  it('40 cash-outs of one bet at once pay exactly once; another member cannot cash it out', async () => {
    const p = await player();
    const other = await player();
    const fx = await newFixture();
    const [bet] = await place(p.token, [sel(fx, '1x2', 'draw')]);
    const price = Number(cashOutValue(1_000n, [{ odds: 3_300, currentOdds: 3_300 }], MARGIN));
    expect((await cashOut(other.token, bet!.id, { expectedMinor: price })).status).toBe(404);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => cashOut(p.token, bet!.id, { expectedMinor: price })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.code === 'SPORTS_CASHOUT_UNAVAILABLE')).toHaveLength(
      39,
    );
    expect(await p.balance()).toBe(99_000n + BigInt(price));
  });

  it('a merchant that stops offering the sportsbook takes no new bet, while open bets stay readable and can be cashed out', async () => {
    const p = await player();
    const fx = await newFixture();
    const [bet] = await place(p.token, [sel(fx, '1x2', 'home')]);
    await setFlags(t, { sportsbook: false });
    try {
      const refused = await call(t, {
        method: 'POST',
        url: '/wps/sports/bets',
        token: p.token,
        payload: {
          type: 'single',
          stakeMinor: 1_000,
          idempotencyKey: randomUUID(),
          selections: [sel(fx, '1x2', 'draw')],
        },
      });
      expect([refused.status, refused.code]).toEqual([404, 'SPORTS_NOT_OFFERED']);
      const events = await call(t, { method: 'GET', url: `/wps/sports/events/${encodeURIComponent(fx)}` });
      expect([events.status, events.code]).toEqual([404, 'SPORTS_NOT_OFFERED']);
      const price = Number(cashOutValue(1_000n, [{ odds: 2_100, currentOdds: 2_100 }], MARGIN));
      expect((await view(p.token, bet!.id)).cashOut).toEqual({ availableMinor: price, partial: true });
      expect((await cashOut(p.token, bet!.id, { expectedMinor: price })).status).toBe(200);
      expect(await p.balance()).toBe(99_000n + BigInt(price));
    } finally {
      await setFlags(t, { sportsbook: true });
    }
  });
});
