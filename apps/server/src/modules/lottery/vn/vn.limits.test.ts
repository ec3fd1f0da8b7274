import { vnLocalDay } from '@sorte/lottery';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness.ts';
import { call, createAuthTestApp } from '../../auth/auth.test-helpers.ts';
import { boCall, operatorToken } from '../../backoffice/backoffice.test-helpers.ts';
import {
  balanceOf,
  expectVerified,
  type Fixture,
  fixture,
  type FundedPlayer,
  fundedPlayer,
} from '../../ledger/ledger.test-helpers.ts';
import { addDays, drawByDay, weekdayOf } from './vn.draws.ts';

/**
 * Stake limits of the Vietnamese lottery through its API, on a Monday morning (Vietnam time), with
 * đề repriced to 1 minor unit a point (and 80 a hit) so that a stake can be one minor unit.
 */
let t: TestApp;
let f: Fixture;
let monday: string;
let admin: string;
const H = 60 * 60 * 1000;

beforeAll(async () => {
  t = await createAuthTestApp({});
  f = await fixture(t);
  let day = addDays(vnLocalDay(t.clock.now()).date, 1);
  while (weekdayOf(day) !== 1) day = addDays(day, 1);
  monday = day;
  const at = new Date(Date.parse(`${monday}T10:00:00Z`) - 7 * H);
  t.clock.advance(at.getTime() - t.clock.now().getTime());
  admin = await operatorToken(t, 'admin');
  const payouts = await boCall(t, admin, 'GET', '/bo/lottery/vn/payouts');
  // The demo seed saved the defaults in the merchant's currency (BRL: the quoted đồng figures / 100).
  expect(payouts.value.lo2.south).toEqual({
    kind: 'perPoint',
    pricePerPointMinor: 180,
    payoutPerPointMinor: 900,
  });
  for (const region of ['north', 'central', 'south'])
    payouts.value.de[region] = { kind: 'perPoint', pricePerPointMinor: 1, payoutPerPointMinor: 80 };
  expect((await boCall(t, admin, 'PUT', '/bo/lottery/vn/payouts', payouts.value)).status).toBe(200);
});
afterAll(async () => t?.close());
afterEach(() => expectVerified(t.ctx.db));

const bet = (player: FundedPlayer, payload: unknown) =>
  call(t, { method: 'POST', url: '/wps/lottery/vn/bets', payload, token: player.token });
const mainBalance = async (player: FundedPlayer) => (await balanceOf(f, player.mainId)).balance;
let keys = 0;
const key = () => `vn-limits-${++keys}-${Math.random().toString(36).slice(2, 8)}`;
const de = (province: string, date: string, numbers: string[], points: number) => ({
  province,
  date,
  tickets: [{ betType: 'de', numbers, points }],
  idempotencyKey: key(),
});

async function exposureOf(province: string, date: string, betType: string, number: string) {
  const draw = await drawByDay(t.ctx.db, f.merchantId, province, date);
  if (!draw) return 0n;
  const row = await t.ctx.db
    .selectFrom('vn_exposure')
    .select('total_minor')
    .where('draw_id', '=', draw.id)
    .where('bet_type', '=', betType)
    .where('number_key', '=', number)
    .executeTakeFirst();
  return row?.total_minor ?? 0n;
}

async function ticketsOf(player: FundedPlayer) {
  return t.ctx.db.selectFrom('vn_tickets').select('id').where('member_id', '=', player.memberId).execute();
}

describe('back office limits', () => {
  it('reads the defaults, refuses bad limits, and saves good ones with an audit row', async () => {
    const current = await boCall(t, admin, 'GET', '/bo/lottery/vn/limits');
    expect(current.status).toBe(200);
    // The defaults in the merchant's currency (BRL): the quoted đồng figures / 100.
    expect(current.value.de).toEqual({
      minStakeMinor: 10,
      maxStakeMinor: 100_000,
      perNumberMaxMinor: 200_000,
    });

    const minAboveMax = structuredClone(current.value);
    minAboveMax.de.minStakeMinor = 100_001;
    const refused = await boCall(t, admin, 'PUT', '/bo/lottery/vn/limits', minAboveMax);
    expect(refused.code).toBe('CONFIG_INVALID');
    expect(refused.details).toMatchObject({ issues: [{ code: 'LIMIT_MIN_ABOVE_MAX', betType: 'de' }] });
    const maxAboveCap = structuredClone(current.value);
    maxAboveCap.xien2.maxStakeMinor = 300_000;
    expect((await boCall(t, admin, 'PUT', '/bo/lottery/vn/limits', maxAboveCap)).details).toMatchObject({
      issues: [{ code: 'LIMIT_MAX_ABOVE_PER_NUMBER', betType: 'xien2' }],
    });
    for (const bad of [0, -5, 1.5, '100']) {
      const body = structuredClone(current.value);
      body.lo2.minStakeMinor = bad;
      const r = await boCall(t, admin, 'PUT', '/bo/lottery/vn/limits', body);
      expect(r.status, String(bad)).toBe(400);
      expect(r.code).toBe('VALIDATION_FAILED');
    }
    const { lo3: _, ...missing } = current.value;
    expect((await boCall(t, admin, 'PUT', '/bo/lottery/vn/limits', missing)).status).toBe(400);
    expect(await t.ctx.db.selectFrom('vn_limits').selectAll().execute()).toEqual([]);

    const next = structuredClone(current.value);
    next.de = { minStakeMinor: 2, maxStakeMinor: 5_000, perNumberMaxMinor: 6_000 };
    const saved = await boCall(t, admin, 'PUT', '/bo/lottery/vn/limits', next);
    expect(saved.status).toBe(200);
    expect(saved.value.de).toEqual(next.de);
    expect((await boCall(t, admin, 'GET', '/bo/lottery/vn/limits')).value).toEqual(next);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'lottery_vn.limits.update')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ target_type: 'vn_limits', target_id: f.merchantId });

    const menu = await call(t, { method: 'GET', url: '/lgw/vn/games/game_menu' });
    const types = menu.value.regions[0].betTypes;
    expect(types.find((b: { betType: string }) => b.betType === 'de')).toMatchObject({
      minStakeMinor: 2,
      maxStakeMinor: 5_000,
    });
    expect(types.find((b: { betType: string }) => b.betType === 'lo2')).toMatchObject({
      minStakeMinor: 10,
      maxStakeMinor: 500_000,
    });
  });

  it('refuses a limits save without the config permission', async () => {
    const body = (await boCall(t, admin, 'GET', '/bo/lottery/vn/limits')).value;
    const r = await call(t, { method: 'PUT', url: '/bo/lottery/vn/limits', payload: body });
    expect(r.status).toBe(401);
  });
});

describe('limits on bets (đề: min 2, max 5,000, 6,000 per number, 1 minor unit a point)', () => {
  it('refuses a ticket below the minimum or above the maximum, and moves nothing', async () => {
    const player = await fundedPlayer(t, f, 'vnl', 100_000n);
    const before = await mainBalance(player);
    const low = await bet(player, de('MB', monday, ['17'], 1));
    expect(low.status).toBe(422);
    expect(low.code).toBe('LOTTERY_STAKE_OUT_OF_LIMITS');
    expect(low.details).toMatchObject({
      ticket: 0,
      code: 'STAKE_BELOW_MIN',
      betType: 'de',
      stakeMinor: 1,
      minStakeMinor: 2,
      maxStakeMinor: 5_000,
    });
    // The second ticket of a slip breaks the maximum: the first is not sold either.
    const high = await bet(player, {
      province: 'MB',
      date: monday,
      tickets: [
        { betType: 'de', numbers: ['18'], points: 10 },
        { betType: 'de', numbers: ['17'], points: 5_001 },
      ],
      idempotencyKey: key(),
    });
    expect(high.status).toBe(422);
    expect(high.details).toMatchObject({ ticket: 1, code: 'STAKE_ABOVE_MAX', stakeMinor: 5_001 });
    // The stake of a ticket of many numbers is its whole cost: 3 numbers × 2,000 points.
    const many = await bet(player, de('MB', monday, ['01', '02', '03'], 2_000));
    expect(many.details).toMatchObject({ code: 'STAKE_ABOVE_MAX', stakeMinor: 6_000 });
    expect(await mainBalance(player)).toBe(before);
    expect(await ticketsOf(player)).toEqual([]);
    expect(await exposureOf('MB', monday, 'de', '18')).toBe(0n);
  });

  it('fills a number up to its cap exactly over several players, then refuses one more minor unit', async () => {
    const a = await fundedPlayer(t, f, 'vnl', 100_000n);
    const b = await fundedPlayer(t, f, 'vnl', 100_000n);
    const c = await fundedPlayer(t, f, 'vnl', 100_000n);
    expect((await bet(a, de('MB', monday, ['17', '42'], 2_500))).status).toBe(200);
    expect((await bet(b, de('MB', monday, ['17'], 3_500))).status).toBe(200);
    expect(await exposureOf('MB', monday, 'de', '17')).toBe(6_000n);
    expect(await exposureOf('MB', monday, 'de', '42')).toBe(2_500n);

    const cBefore = await mainBalance(c);
    // 42 has room, 17 has none: the whole slip is refused, 42's total included.
    const over = await bet(c, de('MB', monday, ['42', '17'], 2));
    expect(over.status).toBe(409);
    expect(over.code).toBe('LOTTERY_NUMBER_LIMIT_REACHED');
    expect(over.details).toEqual({ betType: 'de', number: '17', limitMinor: 6_000, remainingMinor: 0 });
    expect(await exposureOf('MB', monday, 'de', '42')).toBe(2_500n);
    expect(await mainBalance(c)).toBe(cBefore);
    expect(await ticketsOf(c)).toEqual([]);
    // Lowering đề's minimum to 1 minor unit: a single one more is still refused; another number is not.
    const limits = (await boCall(t, admin, 'GET', '/bo/lottery/vn/limits')).value;
    limits.de.minStakeMinor = 1;
    expect((await boCall(t, admin, 'PUT', '/bo/lottery/vn/limits', limits)).status).toBe(200);
    expect((await bet(c, de('MB', monday, ['17'], 1))).code).toBe('LOTTERY_NUMBER_LIMIT_REACHED');
    expect((await bet(c, de('MB', monday, ['42'], 1))).status).toBe(200);
    expect(await exposureOf('MB', monday, 'de', '17')).toBe(6_000n);
    // Another draw has its own totals.
    expect((await bet(c, de('HCM', monday, ['17'], 5_000))).status).toBe(200);
  });

  it('counts one slip’s tickets on the same number together', async () => {
    const player = await fundedPlayer(t, f, 'vnl', 100_000n);
    const r = await bet(player, {
      province: 'MB',
      date: addDays(monday, 1),
      tickets: [
        { betType: 'de', numbers: ['55'], points: 4_000 },
        { betType: 'de', numbers: ['55', '56'], points: 2_001 },
      ],
      idempotencyKey: key(),
    });
    expect(r.code).toBe('LOTTERY_NUMBER_LIMIT_REACHED');
    expect(r.details).toEqual({ betType: 'de', number: '55', limitMinor: 6_000, remainingMinor: 6_000 });
    expect(await exposureOf('MB', addDays(monday, 1), 'de', '56')).toBe(0n);
    // With 1,000 already on 55, a slip alone over the cap is told the room that is really left.
    expect((await bet(player, de('MB', addDays(monday, 1), ['55'], 1_000))).status).toBe(200);
    const again = await bet(player, de('MB', addDays(monday, 1), ['55', '57'], 3_000));
    expect(again.code).toBe('LOTTERY_STAKE_OUT_OF_LIMITS');
    const twice = await bet(player, {
      province: 'MB',
      date: addDays(monday, 1),
      tickets: [
        { betType: 'de', numbers: ['57'], points: 1 },
        { betType: 'de', numbers: ['55'], points: 4_000 },
        { betType: 'de', numbers: ['55'], points: 2_500 },
      ],
      idempotencyKey: key(),
    });
    expect(twice.details).toEqual({ betType: 'de', number: '55', limitMinor: 6_000, remainingMinor: 5_000 });
    expect(await exposureOf('MB', addDays(monday, 1), 'de', '55')).toBe(1_000n);
    expect(await exposureOf('MB', addDays(monday, 1), 'de', '57')).toBe(0n);
  });

  it('counts xiên per combination, whatever order its numbers were named in', async () => {
    const limits = (await boCall(t, admin, 'GET', '/bo/lottery/vn/limits')).value;
    limits.xien2 = { minStakeMinor: 10, maxStakeMinor: 30, perNumberMaxMinor: 30 };
    expect((await boCall(t, admin, 'PUT', '/bo/lottery/vn/limits', limits)).status).toBe(200);
    const player = await fundedPlayer(t, f, 'vnl', 100_000n);
    const xien = (numbers: string[], points: number) => ({
      province: 'MB',
      date: monday,
      tickets: [{ betType: 'xien2', numbers, points }],
      idempotencyKey: key(),
    });
    // Three pairs at 1 point (10 centavos each, the default price in BRL): 12-34, 34-56 and 12-56 each hold 10.
    expect((await bet(player, xien(['34', '12', '56'], 1))).status).toBe(200);
    expect(await exposureOf('MB', monday, 'xien2', '12-34')).toBe(10n);
    expect((await bet(player, xien(['34', '12'], 2))).status).toBe(200);
    expect(await exposureOf('MB', monday, 'xien2', '12-34')).toBe(30n);
    const full = await bet(player, xien(['12', '34'], 1));
    expect(full.details).toMatchObject({ betType: 'xien2', number: '12-34', remainingMinor: 0 });
    expect((await bet(player, xien(['12', '78'], 1))).status).toBe(200);
  });

  it('lets exactly one of two concurrent bets through when together they would pass the cap', async () => {
    const date = addDays(monday, 2);
    const players = await Promise.all([1, 2].map(() => fundedPlayer(t, f, 'vnc', 100_000n)));
    for (let round = 0; round < 3; round++) {
      const number = `9${round}`;
      const answers = await Promise.all(players.map((p) => bet(p, de('MB', date, [number], 4_000))));
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.status === 409)!.code).toBe('LOTTERY_NUMBER_LIMIT_REACHED');
      expect(await exposureOf('MB', date, 'de', number)).toBe(4_000n);
    }
    const spent = (await mainBalance(players[0]!)) + (await mainBalance(players[1]!));
    expect(spent).toBe(200_000n - 3n * 4_000n);
  });
});
