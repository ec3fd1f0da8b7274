import { randomUUID } from 'node:crypto';
import { betRecordsResponse, personalProfitResponse } from '@sorte/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { call, createAuthTestApp } from '../auth/auth.test-helpers.ts';
import {
  expectVerified,
  type Fixture,
  type FundedPlayer,
  fixture,
  fund,
  fundedPlayer,
} from '../ledger/ledger.test-helpers.ts';
import { settleTestVnDraw, tomorrowVnDay } from '../lottery/lottery.test-helpers.ts';
import { type BetRecordChange, recordBet } from './index.ts';
import { recallOf } from './records.recall.ts';
import { personalProfit } from './records.service.ts';
import { catchUpRollups } from './records.test-helpers.ts';

let t: TestApp;
let f: Fixture;
beforeAll(async () => {
  t = await createAuthTestApp({});
  f = await fixture(t);
});
afterAll(() => t.close());
afterEach(() => expectVerified(t.ctx.db));

type Player = FundedPlayer & { merchantId: string };

/** A player of the demo merchant with an empty wallet (a test funds it when it plays). */
async function player(): Promise<Player> {
  return { ...(await fundedPlayer(t, f, 'rec', 0n)), merchantId: f.merchantId };
}

let refs = 0;
/** A round filed the way a game module files it (a settled in-house dice round unless told otherwise). */
async function round(p: Player, at: string, change: Partial<BetRecordChange> = {}): Promise<void> {
  refs += 1;
  await recordBet(t.ctx.db, {
    merchantId: p.merchantId,
    memberId: p.memberId,
    source: 'originals',
    sourceRef: `test-${refs}-${randomUUID()}`,
    category: 'INHOUSE',
    vendor: 'SORTE',
    gameCode: 'dice',
    currency: 'BRL',
    stakeMinor: 1_000n,
    payoutMinor: 0n,
    status: 'settled',
    at: new Date(at),
    ...change,
  });
}

async function records(p: Player, query: string) {
  const r = await call(t, {
    method: 'GET',
    url: `/wps/member/records/personalHistoryCopy?${query}`,
    token: p.token,
  });
  expect(r.status, JSON.stringify(r)).toBe(200);
  return betRecordsResponse.parse(r.value);
}

async function profit(p: Player, query: string) {
  // The P&L reads the rollups, which the consumer keeps a moment behind the rounds.
  await catchUpRollups(t.ctx.db);
  const r = await call(t, {
    method: 'GET',
    url: `/wps/member/records/personalProfit?${query}`,
    token: p.token,
  });
  expect(r.status, JSON.stringify(r)).toBe(200);
  return personalProfitResponse.parse(r.value);
}

const MARCH = 'dateFrom=2026-03-01&dateTo=2026-03-31';

describe('whose records', () => {
  it('a player reads only their own rounds of their own merchant, in the list, the totals and the P&L', async () => {
    const a = await player();
    const b = await player();
    await round(a, '2026-03-05T10:00:00Z', { payoutMinor: 3_000n });
    await round(a, '2026-03-06T10:00:00Z');
    await round(b, '2026-03-05T11:00:00Z', { stakeMinor: 7_000n });
    // The same member id filed under another merchant (ids are per merchant; the scope is both).
    await round({ ...a, merchantId: randomUUID() }, '2026-03-05T12:00:00Z', { stakeMinor: 9_000n });

    const mine = await records(a, MARCH);
    expect(mine.total).toBe(2);
    expect(mine.list.map((r) => r.stakeMinor)).toEqual([1_000, 1_000]);
    expect(mine.totals).toEqual({ count: 2, stakeMinor: 2_000, payoutMinor: 3_000, profitMinor: 1_000 });
    const theirs = await records(b, MARCH);
    expect(theirs.list.map((r) => r.stakeMinor)).toEqual([7_000]);
    expect((await profit(a, MARCH)).totals.stakeMinor).toBe(2_000);
    expect((await profit(b, MARCH)).totals.stakeMinor).toBe(7_000);
    // Filters never widen the scope.
    expect((await records(b, `${MARCH}&vendor=SORTE&gameCode=dice`)).total).toBe(1);
  });

  it('without a token both calls answer 401 and nothing else', async () => {
    for (const url of ['/wps/member/records/personalHistoryCopy', '/wps/member/records/personalProfit']) {
      const r = await call(t, { method: 'GET', url: `${url}?dateFrom=nonsense` });
      expect(r).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    }
  });

  it("a dice round played through the API is in the records, and its recall is the player's round only", async () => {
    const a = await player();
    const b = await player();
    await fund(f, a.mainId, 50_000n);
    const bet = await call(t, {
      method: 'POST',
      url: '/wps/originals/dice/bet',
      token: a.token,
      payload: { amountMinor: 2_500, target: 50, direction: 'under', idempotencyKey: randomUUID() },
    });
    expect(bet.status).toBe(200);
    const page = await records(a, '');
    expect(page.total).toBe(1);
    const row = page.list[0]!;
    expect(row).toMatchObject({
      category: 'INHOUSE',
      vendor: 'SORTE',
      gameCode: 'dice',
      // The catalog's name in the headers' language (none sent: Portuguese, the default).
      gameName: 'Dados',
      stakeMinor: 2_500,
      payoutMinor: bet.value.payoutMinor,
      profitMinor: bet.value.payoutMinor - 2_500,
      status: 'settled',
      recall: { kind: 'originals', ref: bet.value.id, path: `/wps/originals/rounds/${bet.value.id}` },
    });
    const recall = await call(t, { method: 'GET', url: row.recall!.path, token: a.token });
    expect(recall.value).toEqual(bet.value);
    expect(await call(t, { method: 'GET', url: row.recall!.path, token: b.token })).toMatchObject({
      status: 404,
    });
    expect((await records(b, '')).total).toBe(0);
  });
});

describe('filters, paging and totals', () => {
  let p: Player;
  beforeAll(async () => {
    p = await player();
    // 12 in-house dice rounds on March 10 (one a minute), the odd ones won at 2×.
    for (let i = 0; i < 12; i++)
      await round(p, `2026-03-10T12:${String(i).padStart(2, '0')}:00Z`, { payoutMinor: i % 2 ? 2_000n : 0n });
    // A vendor slot round won big, one still open, one cancelled.
    await round(p, '2026-03-11T09:00:00Z', {
      source: 'vendor',
      sourceRef: 'sorte-ref:r-1',
      category: 'RNG',
      vendor: 'sorte-ref',
      gameCode: 'fruits',
      stakeMinor: 500n,
      payoutMinor: 10_000n,
    });
    await round(p, '2026-03-11T10:00:00Z', {
      source: 'vendor',
      sourceRef: 'sorte-ref:r-2',
      category: 'RNG',
      vendor: 'sorte-ref',
      gameCode: 'fruits',
      stakeMinor: 800n,
      status: 'open',
    });
    await round(p, '2026-03-12T10:00:00Z', {
      source: 'crash',
      sourceRef: '77:5',
      gameCode: 'crash',
      stakeMinor: 300n,
      status: 'cancelled',
    });
  });

  it('pages newest first with the totals of every settled round in range, whatever the page', async () => {
    const first = await records(p, `${MARCH}&pageSize=5`);
    expect(first).toMatchObject({ total: 15, totalPages: 3, pageNo: 1, pageSize: 5 });
    expect(first.list.map((r) => r.placedAt)).toEqual([
      '2026-03-12T10:00:00.000Z',
      '2026-03-11T10:00:00.000Z',
      '2026-03-11T09:00:00.000Z',
      '2026-03-10T12:11:00.000Z',
      '2026-03-10T12:10:00.000Z',
    ]);
    // 12 dice (12 000 staked, 6 × 2 000 paid) + the vendor win (500 → 10 000); open and cancelled left out.
    const totals = { count: 13, stakeMinor: 12_500, payoutMinor: 22_000, profitMinor: 9_500 };
    expect(first.totals).toEqual(totals);
    const last = await records(p, `${MARCH}&pageSize=5&pageNo=3`);
    expect(last.totals).toEqual(totals);
    expect(last.list.at(-1)!.placedAt).toBe('2026-03-10T12:00:00.000Z');
    const seen = new Set(
      [...first.list, ...(await records(p, `${MARCH}&pageSize=5&pageNo=2`)).list, ...last.list].map(
        (r) => r.id,
      ),
    );
    expect(seen.size).toBe(15);
    expect((await records(p, `${MARCH}&pageSize=5&pageNo=4`)).list).toEqual([]);
  });

  it('filters by category, vendor, game, status and days; each row says where its recall lives', async () => {
    const rng = await records(p, `${MARCH}&category=RNG`);
    expect(rng.list.map((r) => r.recall)).toEqual([
      { kind: 'vendor', ref: 'sorte-ref:r-2', path: '/wps/game/rounds/recall?ref=sorte-ref%3Ar-2' },
      { kind: 'vendor', ref: 'sorte-ref:r-1', path: '/wps/game/rounds/recall?ref=sorte-ref%3Ar-1' },
    ]);
    expect(rng.totals).toEqual({ count: 1, stakeMinor: 500, payoutMinor: 10_000, profitMinor: 9_500 });
    expect((await records(p, `${MARCH}&vendor=SORTE`)).total).toBe(13);
    expect((await records(p, `${MARCH}&vendor=SORTE&gameCode=crash`)).list[0]).toMatchObject({
      status: 'cancelled',
      settledAt: '2026-03-12T10:00:00.000Z',
      recall: { kind: 'crash', ref: '77:5', path: '/wps/crash/rounds/77' },
    });
    expect(recallOf('crash', '5')).toBeNull();
    expect(recallOf('sports', '9')).toBeNull();
    // A Vietnamese ticket is '<drawId>:<ticketId>', both ids; anything else names no ticket.
    expect(recallOf('lottery_vn', '12:34')).toEqual({
      kind: 'lottery_vn',
      ref: '12:34',
      path: '/wps/lottery/vn/tickets/34',
    });
    for (const bad of ['34', '12:', ':34', '12:34:5', '12:x', '12:../34', '0:34'])
      expect(recallOf('lottery_vn', bad), bad).toBeNull();
    // A sportsbook record is its bet's id; the bet answers with its legs and cash-outs.
    expect(recallOf('sportsbook', '41')).toEqual({
      kind: 'sportsbook',
      ref: '41',
      path: '/wps/sports/bets/41',
    });
    for (const bad of ['0', '4x', '../41', '']) expect(recallOf('sportsbook', bad), bad).toBeNull();
    const open = await records(p, `${MARCH}&status=open`);
    expect(open.list).toMatchObject([
      { gameCode: 'fruits', settledAt: null, stakeMinor: 800, profitMinor: -800 },
    ]);
    expect(open.totals.count).toBe(0);
    expect((await records(p, 'dateFrom=2026-03-11&dateTo=2026-03-11')).total).toBe(2);
    expect((await records(p, 'dateFrom=2026-03-13&dateTo=2026-03-20')).totals).toEqual({
      count: 0,
      stakeMinor: 0,
      payoutMinor: 0,
      profitMinor: 0,
    });
  });

  it('personal P&L per day, category or vendor, each with the range total', async () => {
    const days = await profit(p, MARCH);
    expect(days).toMatchObject({
      groupBy: 'day',
      dateFrom: '2026-03-01',
      dateTo: '2026-03-31',
      timeZone: 'UTC',
    });
    expect(days.rows).toEqual([
      { key: '2026-03-10', count: 12, stakeMinor: 12_000, payoutMinor: 12_000, profitMinor: 0 },
      { key: '2026-03-11', count: 1, stakeMinor: 500, payoutMinor: 10_000, profitMinor: 9_500 },
    ]);
    expect(days.totals).toEqual({ count: 13, stakeMinor: 12_500, payoutMinor: 22_000, profitMinor: 9_500 });
    expect((await profit(p, `${MARCH}&groupBy=category`)).rows.map((r) => [r.key, r.profitMinor])).toEqual([
      ['INHOUSE', 0],
      ['RNG', 9_500],
    ]);
    expect((await profit(p, `${MARCH}&groupBy=vendor&category=RNG`)).rows.map((r) => r.key)).toEqual([
      'sorte-ref',
    ]);
    expect((await profit(p, `${MARCH}&gameCode=dice`)).totals.count).toBe(12);
  });
});

describe('game names', () => {
  it("names each round's game from the catalog in the asked language; a game it does not list has none", async () => {
    const p = await player();
    await round(p, '2026-05-04T10:00:00Z'); // in-house dice
    await round(p, '2026-05-04T11:00:00Z', {
      source: 'lottery',
      sourceRef: '901',
      category: 'ELOTT',
      vendor: 'SORTE_LOTTO',
      gameCode: 'FD5_1M',
    });
    await round(p, '2026-05-04T12:00:00Z', {
      source: 'lottery_vn',
      sourceRef: '31:902',
      category: 'LOTT',
      vendor: 'TCG_LOTTO_VN',
      gameCode: 'TCG_LOTTO_VN',
    });
    await round(p, '2026-05-04T13:00:00Z', {
      source: 'vendor',
      sourceRef: 'sorte-ref:r-names',
      category: 'RNG',
      vendor: 'sorte-ref',
      gameCode: 'fruits',
    });
    const named = async (query: string) =>
      (await records(p, `dateFrom=2026-05-04&dateTo=2026-05-04${query}`)).list.map((r) => [
        r.gameCode,
        r.gameName,
      ]);
    const expected = (dice: string, fast: string, vn: string) => [
      ['fruits', null],
      ['TCG_LOTTO_VN', vn],
      ['FD5_1M', fast],
      ['dice', dice],
    ];
    expect(await named('&language=en')).toEqual(expected('Dice', 'Fast 5D 1 min', 'Vietnam Lottery'));
    expect(await named('&language=pt-BR')).toEqual(expected('Dados', 'Rápido 5D 1 min', 'Loteria do Vietnã'));
    // Without `language` the headers decide, as on the game lists (none here: Portuguese).
    expect(await named('')).toEqual(expected('Dados', 'Rápido 5D 1 min', 'Loteria do Vietnã'));
    // A page cut after the join would lose or repeat rows; the names ride on the page as cut.
    expect(
      (await records(p, 'dateFrom=2026-05-04&dateTo=2026-05-04&pageSize=1&pageNo=3')).list,
    ).toMatchObject([{ gameCode: 'FD5_1M', gameName: 'Rápido 5D 1 min' }]);
    const bad = await call(t, {
      method: 'GET',
      url: '/wps/member/records/personalHistoryCopy?language=fr',
      token: p.token,
    });
    expect(bad).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  });
});

describe('Vietnamese lottery tickets', () => {
  it("a settled ticket's record names the game and recalls the ticket, for its owner only", async () => {
    const a = await player();
    const b = await player();
    await fund(f, a.mainId, 100_000n);
    const date = tomorrowVnDay(t.clock.now());
    const bet = await call(t, {
      method: 'POST',
      url: '/wps/lottery/vn/bets',
      token: a.token,
      payload: {
        province: 'MB',
        date,
        tickets: [{ betType: 'de', numbers: ['17'], points: 1 }],
        idempotencyKey: randomUUID(),
      },
    });
    expect(bet.status, JSON.stringify(bet)).toBe(200);
    const drawId = BigInt(bet.value.drawId);
    const ticketId: string = bet.value.tickets[0].id;
    expect(await settleTestVnDraw(t.ctx.db, drawId, t.clock.now(), 'north', 'records')).toEqual({
      settled: 1,
      done: true,
    });

    const page = await records(a, 'category=LOTT');
    expect(page.total).toBe(1);
    const row = page.list[0]!;
    expect(row).toMatchObject({
      vendor: 'TCG_LOTTO_VN',
      gameCode: 'TCG_LOTTO_VN',
      gameName: 'Loteria do Vietnã',
      // One đề point at the merchant's default price (1,000 ₫ quoted, R$ 0,10 in BRL).
      stakeMinor: 10,
      status: 'settled',
      recall: {
        kind: 'lottery_vn',
        ref: `${drawId}:${ticketId}`,
        path: `/wps/lottery/vn/tickets/${ticketId}`,
      },
    });
    const recall = await call(t, { method: 'GET', url: row.recall!.path, token: a.token });
    expect(recall.status).toBe(200);
    expect(recall.value).toMatchObject({
      id: ticketId,
      drawId: String(drawId),
      stakeMinor: 10,
      payoutMinor: row.payoutMinor,
    });
    expect(['won', 'lost']).toContain(recall.value.status);
    // Another player's token finds no such ticket (not even that it exists).
    expect(await call(t, { method: 'GET', url: row.recall!.path, token: b.token })).toMatchObject({
      status: 404,
      code: 'LOTTERY_TICKET_NOT_FOUND',
    });
  });
});

describe('days', () => {
  it('a UTC day runs from midnight to midnight: rounds either side of it fall in different days', async () => {
    const p = await player();
    await round(p, '2026-04-09T23:59:59.999Z');
    await round(p, '2026-04-10T00:00:00.000Z', { stakeMinor: 2_000n });
    expect(
      (await profit(p, 'dateFrom=2026-04-09&dateTo=2026-04-10')).rows.map((r) => [r.key, r.stakeMinor]),
    ).toEqual([
      ['2026-04-09', 1_000],
      ['2026-04-10', 2_000],
    ]);
    expect((await records(p, 'dateFrom=2026-04-10&dateTo=2026-04-10')).list.map((r) => r.stakeMinor)).toEqual(
      [2_000],
    );
    expect((await records(p, 'dateFrom=2026-04-09&dateTo=2026-04-09')).list.map((r) => r.stakeMinor)).toEqual(
      [1_000],
    );
  });

  it("in a merchant's own zone the day boundary is its local midnight (São Paulo, UTC−3)", async () => {
    const p = await player();
    await round(p, '2026-04-10T02:59:00Z'); // 23:59 on April 9 in São Paulo
    await round(p, '2026-04-10T03:01:00Z', { stakeMinor: 2_000n }); // 00:01 on April 10
    const caller = { memberId: p.memberId, merchantId: p.merchantId, timeZone: 'America/Sao_Paulo' };
    const now = new Date('2026-04-10T12:00:00Z');
    const range = { dateFrom: '2026-04-09', dateTo: '2026-04-10' };
    const days = await personalProfit(t.ctx.db, caller, { ...range, groupBy: 'day' }, now);
    expect(days.rows.map((r) => [r.key, r.stakeMinor])).toEqual([
      ['2026-04-09', 1_000],
      ['2026-04-10', 2_000],
    ]);
    const tenth = await personalProfit(
      t.ctx.db,
      caller,
      { dateFrom: '2026-04-10', dateTo: '2026-04-10', groupBy: 'day' },
      now,
    );
    expect(tenth.totals.stakeMinor).toBe(2_000);
    // The same two rounds are one UTC day.
    expect((await profit(p, 'dateFrom=2026-04-10&dateTo=2026-04-10')).rows).toHaveLength(1);
  });

  it('defaults to the last 90 days up to today; refuses a reversed range, more than 90 days and bad input', async () => {
    const p = await player();
    const today = t.clock.now().toISOString().slice(0, 10);
    const dflt = await records(p, '');
    expect(dflt.dateTo).toBe(today);
    expect(Date.parse(dflt.dateTo) - Date.parse(dflt.dateFrom)).toBe(89 * 86_400_000);
    expect((await records(p, 'dateFrom=2026-01-01&dateTo=2026-03-31')).dateFrom).toBe('2026-01-01');

    const get = (path: string, query: string) =>
      call(t, { method: 'GET', url: `/wps/member/records/${path}?${query}`, token: p.token });
    for (const path of ['personalHistoryCopy', 'personalProfit']) {
      expect(await get(path, 'dateFrom=2026-03-02&dateTo=2026-03-01')).toMatchObject({
        status: 400,
        code: 'RECORDS_RANGE_INVALID',
      });
      expect(await get(path, 'dateFrom=2026-01-01&dateTo=2026-04-01')).toMatchObject({
        status: 400,
        code: 'RECORDS_RANGE_TOO_LONG',
      });
      for (const bad of [
        'dateFrom=2026-02-30',
        'dateTo=31/03/2026',
        'category=CASINO',
        'vendor=a%20b',
        'status=won',
        'gameCode=',
        'pageSize=1000',
        'groupBy=hour',
      ]) {
        if (path === 'personalProfit' && bad.startsWith('pageSize')) continue;
        if (path === 'personalHistoryCopy' && bad.startsWith('groupBy')) continue;
        expect(await get(path, bad), `${path}?${bad}`).toMatchObject({
          status: 400,
          code: 'VALIDATION_FAILED',
        });
      }
    }
  });
});
