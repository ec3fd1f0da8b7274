import type { VnResult } from '@sorte/lottery';
import {
  DEFAULT_VN_LIMITS,
  DEFAULT_VN_PAYOUTS,
  structureOf,
  validateVnResult,
  vnLocalDay,
} from '@sorte/lottery';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NORTH_RESULT, SOUTH_RESULT } from '../../../../../../packages/lottery/src/vn/test-results.ts';
import type { TestApp } from '../../../../test/harness.ts';
import { expectIdempotentBurst } from '../../../../test/idempotent-burst.ts';
import { call, createAuthTestApp, OPERATOR_KEY } from '../../auth/auth.test-helpers.ts';
import { boCall, operatorToken } from '../../backoffice/backoffice.test-helpers.ts';
import {
  balanceOf,
  expectVerified,
  type Fixture,
  fixture,
  type FundedPlayer,
  fundedPlayer,
} from '../../ledger/ledger.test-helpers.ts';
import { saveLimits, savePayoutConfig } from './vn.config.ts';
import { addDays, drawByDay, weekdayOf } from './vn.draws.ts';
import { sampleVnResult } from './vn.seed.ts';
import { settleVnDraw } from './vn.settle.ts';
import { vnEngineStep } from './vn.step.ts';
import { expectStreamConsistent } from '../../records/records.test-helpers.ts';

/**
 * The Vietnamese lottery through its API, on a Monday (Vietnam time): XSMB (MB, closes 18:00) and
 * TP. Hồ Chí Minh (HCM, closes 16:00) settle on the hand-written results of test-results.ts, whose
 * worked examples (@sorte/lottery's settle.test.ts) give every payout below at the default rates.
 */
let t: TestApp;
let f: Fixture;
let monday: string;
const H = 60 * 60 * 1000;

/** Moves the manual clock to an instant (never back). */
function clockTo(at: Date): void {
  const ms = at.getTime() - t.clock.now().getTime();
  if (ms < 0) throw new Error('the clock only moves forward');
  t.clock.advance(ms);
}
/** UTC instant of a Vietnamese wall-clock time on the test Monday. */
const vnTime = (hhmm: string) => new Date(Date.parse(`${monday}T${hhmm}:00Z`) - 7 * H);

beforeAll(async () => {
  t = await createAuthTestApp({});
  f = await fixture(t);
  let day = addDays(vnLocalDay(t.clock.now()).date, 1);
  while (weekdayOf(day) !== 1) day = addDays(day, 1);
  monday = day;
  clockTo(vnTime('10:00'));
  // The worked examples below are in the quoted đồng figures: the merchant is priced (and limited)
  // at them, as an operator would save them (a BRL merchant's own defaults are these / 100).
  await savePayoutConfig(t.ctx.db, f.merchantId, DEFAULT_VN_PAYOUTS, t.clock.now());
  await saveLimits(t.ctx.db, f.merchantId, DEFAULT_VN_LIMITS, t.clock.now());
});
afterAll(async () => t?.close());
afterEach(() => expectVerified(t.ctx.db));

const bet = (player: FundedPlayer, payload: unknown) =>
  call(t, { method: 'POST', url: '/wps/lottery/vn/bets', payload, token: player.token });
const mainBalance = async (player: FundedPlayer) => (await balanceOf(f, player.mainId)).balance;
const drawOf = async (province: string) => (await drawByDay(t.ctx.db, f.merchantId, province, monday))!;
let keys = 0;
const key = () => `vn-test-${++keys}-${Math.random().toString(36).slice(2, 8)}`;

async function records(memberId: string) {
  return t.ctx.db
    .selectFrom('bet_records')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('source', '=', 'lottery_vn')
    .execute();
}

// North slip: each ticket's cost → payout on NORTH_RESULT (settle.test.ts's worked examples).
const NORTH_SLIP = [
  { betType: 'lo2', numbers: ['17', '33', '99'], points: 1 }, // 69,000 → 17 ×2 + 33 ×2 = 4 × 80,000
  { betType: 'de', numbers: ['17'], points: 1 }, // 1,000 → 80,000
  { betType: 'xien2', numbers: ['17', '81'], points: 1 }, // 1,000 → 17,000
  { betType: 'xien3', numbers: ['17', '81', '48'], points: 1 }, // 1,000 → 65,000
  { betType: 'xien4', numbers: ['17', '81', '48', '00'], points: 1 }, // 1,000 → 0 (00 is not out)
  { betType: 'baoLo2', numbers: ['81', '99'], amount: 1000 }, // 54,000 → 81 ×2 × 75 × 1,000
  { betType: 'lo3', numbers: ['517', '006'], points: 2 }, // 92,000 → 517 once × 2 × 900,000
];
const NORTH_COSTS = [69_000, 1_000, 1_000, 1_000, 1_000, 54_000, 92_000];
const NORTH_PAYOUTS = [320_000, 80_000, 17_000, 65_000, 0, 150_000, 1_800_000];

const SOUTH_SLIP = [
  { betType: 'lo2', numbers: ['47', '35', '00'], points: 2 }, // 108,000 → 6 × 2 × 90,000
  { betType: 'de', numbers: ['35', '47'], points: 10 }, // 20,000 → 35 once × 10 × 80,000
  { betType: 'xien2', numbers: ['47', '35', '00'], points: 1 }, // 3,000 → only 47–35: 30,000
  { betType: 'xien4', numbers: ['47', '35', '81', '90'], points: 1 }, // 1,000 → 1,500,000
  { betType: 'baoLo3', numbers: ['935'], amount: 1000 }, // 17,000 → 3 × 650 × 1,000
];
const SOUTH_COSTS = [108_000, 20_000, 3_000, 1_000, 17_000];
const SOUTH_PAYOUTS = [1_080_000, 800_000, 30_000, 1_500_000, 1_950_000];
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

let north: FundedPlayer;
let south: FundedPlayer;
let northStart: bigint;
let southStart: bigint;

describe('menu', () => {
  it('lists the three regions, today’s games first, with draw and close times and the rates', async () => {
    const r = await call(t, { method: 'GET', url: '/lgw/vn/games/game_menu?prizeMode=1950&device=WEB' });
    expect(r.status).toBe(200);
    expect(r.value.gameCode).toBe('TCG_LOTTO_VN');
    expect(r.value.serverTime).toBe(t.clock.now().toISOString());
    expect(r.value.regions.map((g: { region: string }) => g.region)).toEqual(['north', 'central', 'south']);
    const [northRegion, , southRegion] = r.value.regions;
    expect(northRegion.provinces[0]).toMatchObject({ code: 'MB', drawsToday: true, openToday: true });
    expect(northRegion.provinces[0].nextDraw).toMatchObject({
      drawDate: monday,
      drawAt: vnTime('18:15').toISOString(),
      closesAt: vnTime('18:00').toISOString(),
      host: 'Hà Nội',
    });
    expect(northRegion.provinces[0].nextDraw.drawId).toMatch(/^\d+$/);
    expect(southRegion.provinces.slice(0, 3).map((p: { code: string }) => p.code)).toEqual([
      'HCM',
      'DT',
      'CM',
    ]);
    expect(southRegion.provinces[3].drawsToday).toBe(false);
    expect(northRegion.betTypes).toHaveLength(8);
    expect(northRegion.betTypes.find((b: { betType: string }) => b.betType === 'lo2')).toMatchObject({
      pricing: 'perPoint',
      slots: null,
      rate: { kind: 'perPoint', pricePerPointMinor: 23_000, payoutPerPointMinor: 80_000 },
    });
    expect(southRegion.betTypes.find((b: { betType: string }) => b.betType === 'baoLo2')).toMatchObject({
      pricing: 'perSlot',
      slots: 18,
      rate: { kind: 'perSlot', payoutHundredths: 7500 },
    });
  });
});

describe('bets', () => {
  it('sells a slip for one stake transfer, opens a record per ticket, and answers a retry the same', async () => {
    north = await fundedPlayer(t, f, 'vnn', 5_000_000n);
    northStart = await mainBalance(north);
    const mb = await drawOf('MB');
    const slip = { drawId: String(mb.id), tickets: NORTH_SLIP, idempotencyKey: key() };
    const r = await bet(north, slip);
    expect(r.status).toBe(200);
    expect(r.value.stakeMinor).toBe(sum(NORTH_COSTS));
    expect(r.value.tickets.map((x: { stakeMinor: number }) => x.stakeMinor)).toEqual(NORTH_COSTS);
    expect(await mainBalance(north)).toBe(northStart - BigInt(sum(NORTH_COSTS)));
    const stakes = await t.ctx.db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('idempotency_key', 'like', `lottery_vn:${north.memberId}:%`)
      .execute();
    expect(stakes).toHaveLength(1);
    expect((await records(north.memberId)).map((x) => [x.status, Number(x.stake_minor)])).toEqual(
      expect.arrayContaining(NORTH_COSTS.map((c) => ['open', c])),
    );

    const again = await bet(north, slip);
    expect(again.value.tickets.map((x: { id: string }) => x.id)).toEqual(
      r.value.tickets.map((x: { id: string }) => x.id),
    );
    expect(await mainBalance(north)).toBe(northStart - BigInt(sum(NORTH_COSTS)));
    const other = await bet(north, { ...slip, tickets: NORTH_SLIP.slice(0, 1) });
    expect(other.code).toBe('LEDGER_IDEMPOTENCY_CONFLICT');
  });

  it('takes the draw by province and date, and refuses a bad selection with its reason', async () => {
    south = await fundedPlayer(t, f, 'vns', 5_000_000n);
    southStart = await mainBalance(south);
    const r = await bet(south, { province: 'HCM', date: monday, tickets: SOUTH_SLIP, idempotencyKey: key() });
    expect(r.status).toBe(200);
    expect(r.value.stakeMinor).toBe(sum(SOUTH_COSTS));
    const bad = await bet(south, {
      province: 'HCM',
      date: monday,
      tickets: [{ betType: 'lo2', numbers: ['12', '12'], points: 1 }],
      idempotencyKey: key(),
    });
    expect(bad.status).toBe(400);
    expect(bad.code).toBe('LOTTERY_SELECTION_INVALID');
    expect(bad.details).toMatchObject({ ticket: 0, code: 'BET_DUPLICATE_NUMBER', number: '12' });
    const noStake = await bet(south, {
      province: 'HCM',
      date: monday,
      tickets: [{ betType: 'baoLo2', numbers: ['12'], points: 3 }],
      idempotencyKey: key(),
    });
    expect(noStake.details).toMatchObject({ code: 'BET_BAD_STAKE' });
    const notToday = await bet(south, {
      province: 'DNG',
      date: monday,
      tickets: SOUTH_SLIP,
      idempotencyKey: key(),
    });
    expect(notToday.code).toBe('LOTTERY_DRAW_NOT_FOUND');
    const farOff = await bet(south, {
      province: 'HCM',
      date: addDays(monday, 14),
      tickets: SOUTH_SLIP,
      idempotencyKey: key(),
    });
    expect(farOff.code).toBe('LOTTERY_DRAW_NOT_FOUND');
    expect(await mainBalance(south)).toBe(southStart - BigInt(sum(SOUTH_COSTS)));
  });

  it('lists a player’s own tickets only', async () => {
    const mine = await call(t, {
      method: 'GET',
      url: '/wps/lottery/vn/tickets?pageSize=5',
      token: south.token,
    });
    expect(mine.value).toMatchObject({ total: 5, pageSize: 5 });
    const one = mine.value.list[0];
    expect(one).toMatchObject({ province: 'HCM', drawDate: monday, status: 'pending' });
    const own = await call(t, {
      method: 'GET',
      url: `/wps/lottery/vn/tickets/${one.id}`,
      token: south.token,
    });
    expect(own.value.id).toBe(one.id);
    const theirs = await call(t, {
      method: 'GET',
      url: `/wps/lottery/vn/tickets/${one.id}`,
      token: north.token,
    });
    expect(theirs.status).toBe(404);
    expect(theirs.code).toBe('LOTTERY_TICKET_NOT_FOUND');
  });
});

describe('results and settlement', () => {
  it('refuses a result before betting closes, and a bet after it closes', async () => {
    const admin = await operatorToken(t, 'admin');
    const hcm = await drawOf('HCM');
    const early = await boCall(t, admin, 'POST', `/bo/lottery/vn/draws/${hcm.id}/result`, {
      result: SOUTH_RESULT,
    });
    expect(early.code).toBe('LOTTERY_RESULT_INVALID');
    clockTo(vnTime('16:00'));
    // A fresh player: the earlier sessions have gone idle over the six hours.
    const latecomer = await fundedPlayer(t, f, 'vnl', 1_000_000n);
    const late = await bet(latecomer, { drawId: String(hcm.id), tickets: SOUTH_SLIP, idempotencyKey: key() });
    expect(late.status).toBe(409);
    expect(late.code).toBe('LOTTERY_BETTING_CLOSED');
    expect(await mainBalance(latecomer)).toBe(1_000_000n);
  });

  it('refuses a malformed result with every issue', async () => {
    const admin = await operatorToken(t, 'admin');
    const hcm = await drawOf('HCM');
    const wrong = await boCall(t, admin, 'POST', `/bo/lottery/vn/draws/${hcm.id}/result`, {
      result: NORTH_RESULT,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.code).toBe('LOTTERY_RESULT_INVALID');
    const issues = (wrong.details as { issues: { code: string }[] }).issues.map((i) => i.code);
    expect(issues).toEqual(
      expect.arrayContaining(['RESULT_MISSING_PRIZE', 'RESULT_WRONG_COUNT', 'RESULT_WRONG_LENGTH']),
    );
    expect((await drawOf('HCM')).status).toBe('scheduled');
  });

  it('settles only on a second operator’s approval, paying every bet type as worked out by hand', async () => {
    const first = await operatorToken(t, 'admin');
    const second = await operatorToken(t, 'admin');
    const hcm = await drawOf('HCM');
    const url = `/bo/lottery/vn/draws/${hcm.id}`;
    const entered = await boCall(t, first, 'POST', `${url}/result`, { result: SOUTH_RESULT });
    expect(entered.value).toMatchObject({
      status: 'pending_approval',
      source: 'manual',
      result: null,
      tickets: 5,
    });
    expect((await boCall(t, first, 'POST', `${url}/result`, { result: SOUTH_RESULT })).code).toBe(
      'LOTTERY_RESULT_EXISTS',
    );
    // Players see no result while it waits.
    expect(
      (await call(t, { method: 'GET', url: `/wps/lottery/vn/draws/${hcm.id}` })).value.result,
    ).toBeNull();

    const self = await boCall(t, first, 'POST', `${url}/approve`, {});
    expect(self.code).toBe('LOTTERY_RESULT_SAME_OPERATOR');
    const typo = structuredClone(SOUTH_RESULT) as {
      structure: VnResult['structure'];
      prizes: Record<string, string[]>;
    };
    typo.prizes.g8 = ['74'];
    const differs = await boCall(t, second, 'POST', `${url}/approve`, { result: typo });
    expect(differs.code).toBe('LOTTERY_RESULT_INVALID');
    expect(differs.details).toMatchObject({ differences: [{ prize: 'g8', index: 0, number: '47' }] });

    const approved = await boCall(t, second, 'POST', `${url}/approve`, { result: SOUTH_RESULT });
    expect(approved.status).toBe(200);
    expect(approved.value).toMatchObject({ status: 'settled', de: '35', payoutMinor: sum(SOUTH_PAYOUTS) });
    expect((await boCall(t, second, 'POST', `${url}/approve`, {})).code).toBe('LOTTERY_RESULT_NOT_PENDING');

    expect(await mainBalance(south)).toBe(southStart - BigInt(sum(SOUTH_COSTS)) + BigInt(sum(SOUTH_PAYOUTS)));
    const tickets = await t.ctx.db
      .selectFrom('vn_tickets')
      .select(['payout_minor', 'status'])
      .where('draw_id', '=', hcm.id)
      .orderBy('slip_index')
      .execute();
    expect(tickets.map((x) => Number(x.payout_minor))).toEqual(SOUTH_PAYOUTS);
    expect(tickets.every((x) => x.status === 'won')).toBe(true);
    const recs = await records(south.memberId);
    expect(recs.every((x) => x.status === 'settled')).toBe(true);
    expect(sum(recs.map((x) => Number(x.payout_minor)))).toBe(sum(SOUTH_PAYOUTS));

    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'vn_draw')
      .where('target_id', '=', String(hcm.id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['lottery_vn.result.enter', 'lottery_vn.result.approve']);

    const shown = await call(t, { method: 'GET', url: `/wps/lottery/vn/draws/${hcm.id}` });
    expect(shown.value).toMatchObject({ status: 'settled', de: '35', result: SOUTH_RESULT });
    expect(shown.value.loTable[4]).toEqual(['7', '7', '7']);
  });

  it('an import waits for approval; one matching another operator’s entry is the second source', async () => {
    clockTo(vnTime('18:00'));
    const first = await operatorToken(t, 'admin');
    const second = await operatorToken(t, 'admin');
    // DT: an import alone is only a proposal.
    const alone = await boCall(t, first, 'POST', '/bo/lottery/vn/import', {
      province: 'DT',
      date: monday,
      result: SOUTH_RESULT,
    });
    expect(alone.value).toMatchObject({ province: 'DT', status: 'pending_approval', source: 'import' });
    // The same feed again is a retry, not a second source.
    const retry = await boCall(t, first, 'POST', '/bo/lottery/vn/import', {
      province: 'DT',
      date: monday,
      result: SOUTH_RESULT,
    });
    expect(retry.value.status).toBe('pending_approval');

    // MB: typed by one operator, imported by another with a different number → refused; the same → settled.
    const mb = await drawOf('MB');
    await boCall(t, first, 'POST', `/bo/lottery/vn/draws/${mb.id}/result`, { result: NORTH_RESULT });
    const typo = structuredClone(NORTH_RESULT) as {
      structure: VnResult['structure'];
      prizes: Record<string, string[]>;
    };
    typo.prizes.db = ['38518'];
    const differs = await boCall(t, second, 'POST', '/bo/lottery/vn/import', {
      province: 'MB',
      date: monday,
      result: typo,
    });
    expect(differs.code).toBe('LOTTERY_RESULT_INVALID');
    const same = await boCall(t, first, 'POST', '/bo/lottery/vn/import', {
      province: 'MB',
      date: monday,
      result: NORTH_RESULT,
    });
    expect(same.code).toBe('LOTTERY_RESULT_SAME_OPERATOR');
    const confirmed = await boCall(t, second, 'POST', '/bo/lottery/vn/import', {
      province: 'MB',
      date: monday,
      result: NORTH_RESULT,
    });
    expect(confirmed.value).toMatchObject({ status: 'settled', de: '17', payoutMinor: sum(NORTH_PAYOUTS) });
    const tickets = await t.ctx.db
      .selectFrom('vn_tickets')
      .select(['payout_minor', 'status', 'win_count'])
      .where('draw_id', '=', mb.id)
      .orderBy('slip_index')
      .execute();
    expect(tickets.map((x) => Number(x.payout_minor))).toEqual(NORTH_PAYOUTS);
    expect(tickets.map((x) => x.win_count)).toEqual([4, 1, 1, 1, 0, 2, 1]);
    expect(tickets[4]!.status).toBe('lost');
    expect(await mainBalance(north)).toBe(northStart - BigInt(sum(NORTH_COSTS)) + BigInt(sum(NORTH_PAYOUTS)));
    // A feed resending the settled result is answered unchanged; a different one is a conflict.
    const resent = await boCall(t, second, 'POST', '/bo/lottery/vn/import', {
      province: 'MB',
      date: monday,
      result: NORTH_RESULT,
    });
    expect(resent.value.status).toBe('settled');
    expect(
      (
        await boCall(t, second, 'POST', '/bo/lottery/vn/import', {
          province: 'MB',
          date: monday,
          result: typo,
        })
      ).code,
    ).toBe('LOTTERY_RESULT_EXISTS');
  });

  it('a feed with the operator API key imports; it never counts as both sources', async () => {
    const feed = (payload: unknown, key = OPERATOR_KEY) =>
      t.app
        .inject({
          method: 'POST',
          url: '/bo/lottery/vn/import',
          headers: { 'x-operator-key': key },
          payload: payload as never,
        })
        .then((r) => ({
          status: r.statusCode,
          ...(r.json() as { code?: string; value?: { status: string } }),
        }));
    const cm = { province: 'CM', date: monday, result: SOUTH_RESULT };
    expect((await feed(cm)).code).toBe('VALIDATION_FAILED');
    expect((await feed({ ...cm, merchant: 'demo' }, 'wrong-key-wrong-key')).code).toBe(
      'OPERATOR_UNAUTHENTICATED',
    );
    expect((await feed({ ...cm, merchant: 'nope' })).code).toBe('MERCHANT_UNKNOWN');
    expect((await feed({ ...cm, merchant: 'demo' })).value?.status).toBe('pending_approval');
    expect((await feed({ ...cm, merchant: 'demo' })).value?.status).toBe('pending_approval');
    const admin = await operatorToken(t, 'admin');
    const draw = await drawOf('CM');
    const approved = await boCall(t, admin, 'POST', `/bo/lottery/vn/draws/${draw.id}/approve`, {});
    expect(approved.value.status).toBe('settled');
    // DT waits on an operator's import: the feed's matching import is the second source.
    expect(
      (await feed({ province: 'DT', date: monday, result: SOUTH_RESULT, merchant: 'demo' })).value?.status,
    ).toBe('settled');
    const actors = await t.ctx.db
      .selectFrom('audit_log')
      .select(['operator_id', 'operator_name', 'action'])
      .where('target_id', '=', String(draw.id))
      .where('target_type', '=', 'vn_draw')
      .orderBy('id')
      .execute();
    expect(actors[0]).toMatchObject({ operator_id: null, action: 'lottery_vn.result.import' });
    expect(actors[0]!.operator_name).toMatch(/^key:[0-9a-f]{12}$/);
  });

  it('lists the opened results newest first, at most 100', async () => {
    const two = await call(t, { method: 'GET', url: '/lgw/vn/numeros/opened/game?count=2' });
    expect(two.value).toHaveLength(2);
    expect(two.value[0].province).toBe('MB');
    expect(['HCM', 'DT', 'CM']).toContain(two.value[1].province);
    const all = await call(t, { method: 'GET', url: '/lgw/vn/numeros/opened/game' });
    // Today's two and the demo's three past days of results.
    expect(all.value.length).toBeGreaterThan(10);
    expect(all.value.length).toBeLessThanOrEqual(100);
    const tooMany = await call(t, { method: 'GET', url: '/lgw/vn/numeros/opened/game?count=101' });
    expect(tooMany.status).toBe(400);
    expect(tooMany.code).toBe('VALIDATION_FAILED');
  });

  it('lists draws for operators by status and day', async () => {
    const admin = await operatorToken(t, 'admin');
    const r = await boCall(t, admin, 'GET', `/bo/lottery/vn/draws?status=settled&date=${monday}`);
    expect(r.value.list.map((d: { province: string }) => d.province).sort()).toEqual([
      'CM',
      'DT',
      'HCM',
      'MB',
    ]);
    const support = await operatorToken(t, 'support');
    expect((await boCall(t, support, 'GET', '/bo/lottery/vn/draws')).code).toBe('BO_FORBIDDEN');
  });
});

describe('settling twice at once', () => {
  it('settles every ticket exactly once', async () => {
    // Next Monday's Phú Yên draw: sixty tickets from three players, settled by two callers at once.
    const nextMonday = addDays(monday, 7);
    const players = await Promise.all([1, 2, 3].map(() => fundedPlayer(t, f, 'vnc', 10_000_000n)));
    for (const player of players)
      for (let slip = 0; slip < 1; slip++) {
        const tickets = Array.from({ length: 20 }, (_, i) => ({
          betType: 'lo2',
          numbers: [String(i * 5).padStart(2, '0'), String(i * 5 + 1).padStart(2, '0')],
          points: 1,
        }));
        const r = await bet(player, { province: 'PY', date: nextMonday, tickets, idempotencyKey: key() });
        expect(r.status).toBe(200);
      }
    const draw = (await drawByDay(t.ctx.db, f.merchantId, 'PY', nextMonday))!;
    const result = sampleVnResult('southCentral', 'concurrent');
    await t.ctx.db
      .updateTable('vn_draws')
      .set({ status: 'settling', result: JSON.stringify(result) })
      .where('id', '=', draw.id)
      .execute();
    const at = t.clock.now();
    const [a, b] = await Promise.all([
      settleVnDraw(t.ctx.db, draw.id, at, 7),
      settleVnDraw(t.ctx.db, draw.id, at, 7),
    ]);
    expect(a.settled + b.settled).toBe(60);
    const again = await settleVnDraw(t.ctx.db, draw.id, at, 7);
    expect(again).toEqual({ settled: 0, done: true });
    const rows = await t.ctx.db
      .selectFrom('vn_tickets')
      .select(['id', 'status', 'payout_minor', 'payout_transfer_id'])
      .where('draw_id', '=', draw.id)
      .execute();
    expect(rows.every((r) => r.status === 'won' || r.status === 'lost')).toBe(true);
    const wins = await t.ctx.db
      .selectFrom('ledger_transfers')
      .select(['idempotency_key', 'amount_minor'])
      .where('idempotency_key', 'like', 'lottery_vn:ticket:%:win')
      .where(
        'idempotency_key',
        'in',
        rows.map((r) => `lottery_vn:ticket:${r.id}:win`),
      )
      .execute();
    const winners = rows.filter((r) => r.payout_minor > 0n);
    expect(wins).toHaveLength(winners.length);
    expect(sum(wins.map((w) => Number(w.amount_minor)))).toBe(
      sum(winners.map((r) => Number(r.payout_minor))),
    );
    expect((await drawByDay(t.ctx.db, f.merchantId, 'PY', nextMonday))!.status).toBe('settled');
  });
});

describe('cancellation', () => {
  it('refunds every ticket of a cancelled draw, once', async () => {
    const nextMonday = addDays(monday, 7);
    const players = await Promise.all([1, 2].map(() => fundedPlayer(t, f, 'vnx', 1_000_000n)));
    for (const player of players) {
      const r = await bet(player, {
        province: 'CM',
        date: nextMonday,
        tickets: SOUTH_SLIP,
        idempotencyKey: key(),
      });
      expect(r.status).toBe(200);
      expect(await mainBalance(player)).toBe(1_000_000n - BigInt(sum(SOUTH_COSTS)));
    }
    const draw = (await drawByDay(t.ctx.db, f.merchantId, 'CM', nextMonday))!;
    const admin = await operatorToken(t, 'admin');
    const url = `/bo/lottery/vn/draws/${draw.id}/cancel`;
    const r = await boCall(t, admin, 'POST', url, { reason: 'draw postponed by the lottery company' });
    expect(r.value).toMatchObject({
      status: 'cancelled',
      cancelReason: 'draw postponed by the lottery company',
    });
    for (const player of players) {
      expect(await mainBalance(player)).toBe(1_000_000n);
      expect((await records(player.memberId)).every((x) => x.status === 'cancelled')).toBe(true);
    }
    const statuses = await t.ctx.db
      .selectFrom('vn_tickets')
      .select('status')
      .where('draw_id', '=', draw.id)
      .execute();
    expect(statuses.every((s) => s.status === 'cancelled')).toBe(true);
    expect((await boCall(t, admin, 'POST', url, { reason: 'again' })).code).toBe(
      'LOTTERY_DRAW_NOT_CANCELLABLE',
    );
    const late = await bet(players[0]!, {
      drawId: String(draw.id),
      tickets: SOUTH_SLIP,
      idempotencyKey: key(),
    });
    expect(late.code).toBe('LOTTERY_BETTING_CLOSED');
  });
});

describe('the engine step and withdrawn results', () => {
  it('withdraws a wrong pending result, so it can be entered again', async () => {
    const first = await operatorToken(t, 'admin');
    const second = await operatorToken(t, 'admin');
    const py = await drawOf('PY');
    const url = `/bo/lottery/vn/draws/${py.id}`;
    await boCall(t, first, 'POST', `${url}/result`, { result: sampleVnResult('southCentral', 'wrong') });
    const rejected = await boCall(t, second, 'POST', `${url}/reject`, { reason: 'typed the wrong province' });
    expect(rejected.value).toMatchObject({ status: 'scheduled', proposedResult: null, source: null });
    expect((await boCall(t, second, 'POST', `${url}/reject`, { reason: 'again' })).code).toBe(
      'LOTTERY_RESULT_NOT_PENDING',
    );
    const entered = await boCall(t, second, 'POST', `${url}/result`, { result: SOUTH_RESULT });
    expect(entered.value.status).toBe('pending_approval');
  });

  it('makes the coming draws and finishes a settlement or refund left half done', async () => {
    const later = addDays(monday, 1); // Tuesday
    const player = await fundedPlayer(t, f, 'vne', 1_000_000n);
    await bet(player, { province: 'BTR', date: later, tickets: SOUTH_SLIP, idempotencyKey: key() });
    await bet(player, { province: 'VT', date: later, tickets: SOUTH_SLIP, idempotencyKey: key() });
    const btr = (await drawByDay(t.ctx.db, f.merchantId, 'BTR', later))!;
    const vt = (await drawByDay(t.ctx.db, f.merchantId, 'VT', later))!;
    // As a crash would leave them: approved but unpaid, and cancelled but not refunded.
    await t.ctx.db
      .updateTable('vn_draws')
      .set({ status: 'settling', result: JSON.stringify(SOUTH_RESULT) })
      .where('id', '=', btr.id)
      .execute();
    await t.ctx.db.updateTable('vn_draws').set({ status: 'cancelled' }).where('id', '=', vt.id).execute();
    clockTo(new Date(Date.parse(`${later}T03:00:00Z`)));
    await vnEngineStep(t.ctx.db, t.clock.now());
    expect((await drawByDay(t.ctx.db, f.merchantId, 'BTR', later))!.status).toBe('settled');
    expect(await mainBalance(player)).toBe(
      1_000_000n - BigInt(sum(SOUTH_COSTS)) + BigInt(sum(SOUTH_PAYOUTS)),
    );
    // Tomorrow's (Wednesday's) draws exist, for every merchant.
    expect(await drawByDay(t.ctx.db, f.merchantId, 'DNG', addDays(later, 1))).toBeDefined();
  });

  it('the demo results are well formed for their region', async () => {
    const seeded = await t.ctx.db
      .selectFrom('vn_draws')
      .selectAll()
      .where('merchant_id', '=', f.merchantId)
      .where('status', '=', 'settled')
      .where('approved_by', 'is', null)
      .where('source', '=', 'import')
      .where('draw_date', '<', monday)
      .execute();
    expect(seeded.length).toBeGreaterThan(5);
    for (const draw of seeded) {
      const check = validateVnResult(structureOf(draw.region), draw.result);
      expect(check.ok, `${draw.province_code} ${draw.draw_date}`).toBe(true);
    }
  });
});

describe('payout configuration', () => {
  it('reads the rates, refuses a config returning 100 % or more, and saves a valid one with an audit', async () => {
    // A ticket sold before the change settles at the rate it was sold at.
    const nextMonday = addDays(monday, 7);
    const player = await fundedPlayer(t, f, 'vnr', 100_000n);
    const sold = await bet(player, {
      province: 'MB',
      date: nextMonday,
      tickets: [{ betType: 'de', numbers: ['17'], points: 1 }],
      idempotencyKey: key(),
    });
    expect(sold.status).toBe(200);
    const admin = await operatorToken(t, 'admin');
    const current = await boCall(t, admin, 'GET', '/bo/lottery/vn/payouts');
    expect(current.value.de.north).toEqual({
      kind: 'perPoint',
      pricePerPointMinor: 1000,
      payoutPerPointMinor: 80_000,
    });
    const generous = structuredClone(current.value);
    generous.de.north.payoutPerPointMinor = 100_000;
    const refused = await boCall(t, admin, 'PUT', '/bo/lottery/vn/payouts', generous);
    expect(refused.code).toBe('CONFIG_INVALID');
    expect(refused.details).toMatchObject({
      issues: [{ code: 'CONFIG_RETURN_TOO_HIGH', betType: 'de', region: 'north' }],
    });
    const wrongKind = structuredClone(current.value);
    wrongKind.lo2.south = { kind: 'perSlot', payoutHundredths: 100 };
    expect((await boCall(t, admin, 'PUT', '/bo/lottery/vn/payouts', wrongKind)).code).toBe('CONFIG_INVALID');
    const leaner = structuredClone(current.value);
    leaner.de.north.payoutPerPointMinor = 70_000;
    const saved = await boCall(t, admin, 'PUT', '/bo/lottery/vn/payouts', leaner);
    expect(saved.value.de.north.payoutPerPointMinor).toBe(70_000);
    const menu = await call(t, { method: 'GET', url: '/lgw/vn/games/game_menu' });
    expect(
      menu.value.regions[0].betTypes.find((b: { betType: string }) => b.betType === 'de').rate,
    ).toMatchObject({
      payoutPerPointMinor: 70_000,
    });
    const mb = (await drawByDay(t.ctx.db, f.merchantId, 'MB', nextMonday))!;
    await t.ctx.db
      .updateTable('vn_draws')
      .set({ status: 'settling', result: JSON.stringify(NORTH_RESULT) })
      .where('id', '=', mb.id)
      .execute();
    await settleVnDraw(t.ctx.db, mb.id, t.clock.now());
    expect(await mainBalance(player)).toBe(100_000n - 1_000n + 80_000n);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'lottery_vn.payouts.update')
      .execute();
    expect(audit).toHaveLength(1);
  });
});

describe('idempotency', () => {
  it('answers 50 copies of one slip sent at once with the first answer, taking the stake once', async () => {
    const player = await fundedPlayer(t, f, 'vnb', 1_000_000n);
    const date = addDays(monday, 6);
    const slip = {
      province: 'MB',
      date,
      tickets: [{ betType: 'de', numbers: ['66'], points: 100 }],
      idempotencyKey: key(),
    };
    const first = await expectIdempotentBurst(() => bet(player, slip), {
      db: t.ctx.db,
      balance: () => mainBalance(player),
      moved: -100_000n,
    });
    expect(first).toMatchObject({ status: 200, value: { stakeMinor: 100_000 } });
    const draw = (await drawByDay(t.ctx.db, f.merchantId, 'MB', date))!;
    const exposure = await t.ctx.db
      .selectFrom('vn_exposure')
      .select('total_minor')
      .where('draw_id', '=', draw.id)
      .where('bet_type', '=', 'de')
      .where('number_key', '=', '66')
      .executeTakeFirstOrThrow();
    expect(exposure.total_minor).toBe(100_000n);
  });
});

// Last in the file: every round the tests above settled, voided or resettled is in the bet stream.
it('the bet stream: each settlement one fact, each void or resettlement a delta; the rollups equal a recount', async () => {
  const { facts } = await expectStreamConsistent(t.ctx.db);
  expect(facts).toBeGreaterThan(0);
});
