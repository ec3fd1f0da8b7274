import { createHash, randomBytes } from 'node:crypto';
import { deriveDraw, openDraw, PLAYS_BY_FAMILY, scheduledDrawAt } from '@sorte/lottery';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { call, createAuthTestApp } from '../auth/auth.test-helpers.ts';
import {
  balanceOf,
  expectVerified,
  type Fixture,
  fixture,
  fundedPlayer,
} from '../ledger/ledger.test-helpers.ts';
import { drawDue, hmac, scheduleAhead } from './lottery.draws.ts';
import { settleDrawn } from './lottery.engine.ts';
import { DEMO_LOTTERY_GAMES, seedDemoFastLottery, seedDrawHistory } from './lottery.seed.ts';
import { scheduleOf } from './lottery.games.ts';
import { createTestGame, openTestDraw, passDraw } from './lottery.test-helpers.ts';

let t: TestApp;
let f: Fixture;
beforeAll(async () => {
  t = await createAuthTestApp({});
  f = await fixture(t);
});
afterAll(() => t.close());

const get = (url: string, token?: string) => call(t, { method: 'GET', url, token });

async function gameRow(code: string) {
  return t.ctx.db
    .selectFrom('lottery_games')
    .selectAll()
    .where('merchant_id', '=', f.merchantId)
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
}

/**
 * A draw row written directly (the engine's own scheduling is exercised in its tests): on the
 * game's grid `back` intervals before the open draw, with a fresh secret seed and its commitment.
 */
async function insertDraw(
  code: string,
  back: number,
  status: 'scheduled' | 'drawn' | 'settled' | 'cancelled',
  result: number[] | null = null,
) {
  const game = await gameRow(code);
  const schedule = {
    intervalMinutes: game.interval_minutes,
    closeSeconds: game.close_seconds,
    utcOffsetMinutes: game.utc_offset_minutes,
  };
  const open = openDraw(schedule, t.clock.now().getTime());
  const at = scheduledDrawAt(schedule, open.drawsAt - back * game.interval_minutes * 60_000);
  const seed = randomBytes(32).toString('hex');
  const row = await t.ctx.db
    .insertInto('lottery_draws')
    .values({
      merchant_id: f.merchantId,
      game_id: game.id,
      draw_no: at.drawNo,
      closes_at: new Date(at.closesAt),
      draws_at: new Date(at.drawsAt),
      commitment: createHash('sha256').update(seed).digest('hex'),
      server_seed: seed,
      result: result ? JSON.stringify(result) : null,
      status,
      drawn_at: status === 'drawn' || status === 'settled' ? new Date(at.drawsAt) : null,
    })
    .onConflict((oc) => oc.columns(['game_id', 'draw_no']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return { drawNo: at.drawNo, seed, row };
}

describe('games', () => {
  it('lists the enabled games in their order, names in the request language, odds at the top series', async () => {
    const en = await call(t, { method: 'GET', url: '/wps/lottery/games?lang=en' });
    expect(en.status).toBe(200);
    expect(en.value.map((g: { gameCode: string }) => g.gameCode)).toEqual(
      DEMO_LOTTERY_GAMES.map((g) => g.code),
    );
    expect(en.value[0]).toMatchObject({
      gameCode: 'FD5_1M',
      family: 'FIVE_DIGIT',
      name: 'Fast 5D 1 min',
      intervalMinutes: 1,
      closeSeconds: 10,
      defaultPlayType: '5D_POSITION',
      // The demo merchant's prize mode is Lott: its top series is 1960.
      series: 1960,
    });
    expect(Date.parse(en.value[0].serverTime)).toBe(t.clock.now().getTime());
    const pt = await t.app.inject({
      method: 'GET',
      url: '/wps/lottery/games',
      headers: { 'accept-language': 'pt-BR' },
    });
    expect(pt.json().value[0].name).toBe('Rápido 5D 1 min');
  });

  it('details a game with every play type of its family, priced, and its limits', async () => {
    const r = await get('/wps/lottery/games/FD5_1M');
    expect(r.status).toBe(200);
    const codes = r.value.playTypes.map((p: { code: string }) => p.code);
    expect(codes).toEqual(PLAYS_BY_FAMILY.FIVE_DIGIT.map((p) => p.code));
    const byCode = Object.fromEntries(r.value.playTypes.map((p: { code: string }) => [p.code, p]));
    // 1 in 10 at series 1960: 10 × 1960 / 2000.
    expect(byCode['5D_POSITION']).toMatchObject({ odds: 9.8, maxOdds: 9.8, minUnitStakeMinor: 10 });
    // The sum value's units differ: the likeliest sum pays least, sum 0 (1 in 100 000) the most.
    expect(byCode['5D_SUM_VALUE'].maxOdds).toBe(98_000);
    expect(byCode['5D_SUM_VALUE'].odds).toBeLessThan(byCode['5D_SUM_VALUE'].maxOdds);
    // The seeded per play type cap on the long-odds straights.
    expect(byCode['5D_BACK3_STRAIGHT']).toMatchObject({ odds: 980, maxTicketStakeMinor: 200_000 });
    expect(byCode['5D_POSITION'].maxTicketStakeMinor).toBe(500_000);
  });

  it('an unknown or switched-off game is LOTTERY_GAME_NOT_FOUND', async () => {
    expect((await get('/wps/lottery/games/NOPE')).code).toBe('LOTTERY_GAME_NOT_FOUND');
    await t.ctx.db
      .updateTable('lottery_games')
      .set({ enabled: false })
      .where('code', '=', 'PK10_5M')
      .execute();
    try {
      expect((await get('/wps/lottery/games/PK10_5M')).status).toBe(404);
      const list = await get('/wps/lottery/games');
      expect(list.value.map((g: { gameCode: string }) => g.gameCode)).not.toContain('PK10_5M');
    } finally {
      await t.ctx.db
        .updateTable('lottery_games')
        .set({ enabled: true })
        .where('code', '=', 'PK10_5M')
        .execute();
    }
  });
});

describe('draws', () => {
  it('never serves the seed of a draw not yet drawn; serves it and the result once drawn', async () => {
    const open = await insertDraw('K3_3M', 0, 'scheduled');
    const done = await insertDraw('K3_3M', 1, 'settled', [2, 3, 6]);
    const cancelled = await insertDraw('K3_3M', 2, 'cancelled');

    const game = await get('/wps/lottery/games/K3_3M');
    expect(game.value.openDraw).toMatchObject({
      drawNo: open.drawNo,
      status: 'scheduled',
      commitment: createHash('sha256').update(open.seed).digest('hex'),
      serverSeed: null,
      result: null,
    });
    expect(game.value.lastDraw).toMatchObject({
      drawNo: done.drawNo,
      serverSeed: done.seed,
      result: [2, 3, 6],
    });

    const one = await get(`/wps/lottery/games/K3_3M/draws/${open.drawNo}`);
    expect(one.value.serverSeed).toBeNull();
    const everything = JSON.stringify([
      game,
      one,
      await get('/wps/lottery/games'),
      await get('/wps/lottery/games/K3_3M/draws'),
    ]);
    expect(everything).not.toContain(open.seed);
    expect(everything).not.toContain(cancelled.seed);

    const history = await get('/wps/lottery/games/K3_3M/draws?count=5');
    expect(history.value.map((d: { drawNo: string }) => d.drawNo)).toEqual([done.drawNo, cancelled.drawNo]);
    expect(history.value[1]).toMatchObject({ status: 'cancelled', serverSeed: null, result: null });
    const verified = await get(`/wps/lottery/games/K3_3M/draws/${done.drawNo}`);
    expect(verified.value).toMatchObject({ serverSeed: done.seed, status: 'settled' });

    expect((await get('/wps/lottery/games/K3_3M/draws/20200101-0001')).code).toBe('LOTTERY_DRAW_NOT_FOUND');
    expect((await get('/wps/lottery/games/K3_3M/draws?count=0')).code).toBe('VALIDATION_FAILED');
  });
});

describe('series', () => {
  it('a member reads their series and the prize mode; without a token 401', async () => {
    const player = await fundedPlayer(t, f, 'lser', 0n);
    const r = await get('/wps/lottery/series', player.token);
    expect(r.value).toEqual({ series: 1960, prizeMode: 'LOTT', minSeries: 1700, maxSeries: 1960 });
    expect((await get('/wps/lottery/series')).status).toBe(401);
  });
});

describe('agent series rule', () => {
  /** An agent (members.type 1) with a direct downline and that downline's own downline. */
  async function team() {
    const agent = await fundedPlayer(t, f, 'lagent', 0n);
    const downline = await fundedPlayer(t, f, 'ldown', 0n);
    const below = await fundedPlayer(t, f, 'lbelow', 0n);
    await t.ctx.db.updateTable('members').set({ type: 1 }).where('id', '=', agent.memberId).execute();
    await t.ctx.db
      .updateTable('members')
      .set({ parent_id: agent.memberId, ancestry: `/${agent.memberId}/` })
      .where('id', '=', downline.memberId)
      .execute();
    await t.ctx.db
      .updateTable('members')
      .set({ parent_id: downline.memberId, ancestry: `/${agent.memberId}/${downline.memberId}/` })
      .where('id', '=', below.memberId)
      .execute();
    return { agent, downline, below };
  }
  const put = (token: string | undefined, payload: unknown) =>
    call(t, { method: 'PUT', url: '/wps/agent/lottery/series', token, payload });

  it('an agent sets a direct downline series in the mode and not above its own; it prices their games', async () => {
    const { agent, downline } = await team();
    const r = await put(agent.token, { account: downline.account.toUpperCase(), series: 1900 });
    expect(r.status).toBe(200);
    expect(r.value).toEqual({ memberId: downline.memberId, account: downline.account, series: 1900 });
    const stored = await t.ctx.db
      .selectFrom('lottery_series')
      .selectAll()
      .where('member_id', '=', downline.memberId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ series: 1900, set_by_member_id: agent.memberId });
    expect((await get('/wps/lottery/series', downline.token)).value.series).toBe(1900);
    // The downline's games are priced at its series: 1 in 10 at 1900 is 9.5.
    const detail = await get('/wps/lottery/games/FD5_1M', downline.token);
    expect(detail.value.series).toBe(1900);
    expect(detail.value.playTypes.find((p: { code: string }) => p.code === '5D_POSITION').odds).toBe(9.5);
    // By member id too, and changed again.
    expect((await put(agent.token, { memberId: downline.memberId, series: 1850 })).value.series).toBe(1850);
  });

  it("an agent's series bounds the whole team: inherited below, and lowering it lowers every downline", async () => {
    const { agent, downline, below } = await team();
    const seriesOf = async (token: string) => (await get('/wps/lottery/series', token)).value.series;
    const setStored = (memberId: string, series: number) =>
      t.ctx.db
        .insertInto('lottery_series')
        .values({ member_id: memberId, merchant_id: f.merchantId, series, set_by_member_id: null })
        .onConflict((oc) => oc.column('member_id').doUpdateSet({ series }))
        .execute();
    await setStored(agent.memberId, 1900);
    // Members with no series of their own are priced at their upline's, never the mode's top.
    expect(await seriesOf(downline.token)).toBe(1900);
    expect(await seriesOf(below.token)).toBe(1900);
    expect((await put(agent.token, { memberId: downline.memberId, series: 1850 })).status).toBe(200);
    expect(await seriesOf(below.token)).toBe(1850);
    // The agent's own series lowered afterwards: the downline's stored 1850 no longer applies above it.
    await setStored(agent.memberId, 1800);
    expect(await seriesOf(downline.token)).toBe(1800);
    expect(await seriesOf(below.token)).toBe(1800);
    const detail = await get('/wps/lottery/games/FD5_1M', below.token);
    expect(detail.value.series).toBe(1800);
  });

  it('refuses a series above the agent, out of the mode, or for anyone but a direct downline', async () => {
    const { agent, downline, below } = await team();
    await t.ctx.db
      .insertInto('lottery_series')
      .values({ member_id: agent.memberId, merchant_id: f.merchantId, series: 1900, set_by_member_id: null })
      .execute();
    const above = await put(agent.token, { memberId: downline.memberId, series: 1950 });
    expect(above).toMatchObject({
      status: 422,
      code: 'LOTTERY_SERIES_INVALID',
      details: { reason: 'SERIES_ABOVE_AGENT' },
    });
    const outOfMode = await put(agent.token, { memberId: downline.memberId, series: 1500 });
    expect(outOfMode.details).toEqual({ reason: 'SERIES_OUT_OF_MODE' });
    // The downline's own downline is not the agent's to price, nor is the agent itself.
    expect((await put(agent.token, { memberId: below.memberId, series: 1800 })).details).toEqual({
      reason: 'NOT_DIRECT_DOWNLINE',
    });
    expect((await put(agent.token, { memberId: agent.memberId, series: 1800 })).code).toBe(
      'LOTTERY_SERIES_INVALID',
    );
    // A plain member is no agent; no token is 401; a body naming nobody is a validation error.
    expect((await put(downline.token, { memberId: below.memberId, series: 1800 })).code).toBe('FORBIDDEN');
    expect((await put(undefined, { memberId: downline.memberId, series: 1800 })).status).toBe(401);
    expect((await put(agent.token, { series: 1800 })).code).toBe('VALIDATION_FAILED');
    const untouched = await t.ctx.db
      .selectFrom('lottery_series')
      .select('member_id')
      .where('member_id', 'in', [downline.memberId, below.memberId])
      .execute();
    expect(untouched).toEqual([]);
  });
});

describe('catalog', () => {
  it('the lobby lists every demo lottery game under SORTE_LOTTO with its default play type', async () => {
    const r = await get('/lgw/games/game_list?gameType=ELOTT&pageSize=50');
    const games = r.value.games as { code: string; vendor: string; defaultPlayType: string }[];
    expect(games.map((g) => [g.code, g.defaultPlayType])).toEqual(
      DEMO_LOTTERY_GAMES.map((g) => [g.code, g.defaultPlayType]),
    );
    expect(new Set(games.map((g) => g.vendor))).toEqual(new Set(['SORTE_LOTTO']));
    const vn = await get('/lgw/games/game_list?gameType=LOTT');
    expect(vn.value.games.map((g: { code: string }) => g.code)).toEqual(['TCG_LOTTO_VN']);
  });
});

describe('bets, tickets and orders', () => {
  let keys = 0;
  const slip = (drawNo: string, extra: Record<string, unknown> = {}) => ({
    gameCode: 'FD5_1M',
    drawNo,
    tickets: [
      { playType: '5D_POSITION', selection: [[1, 2], [], [], [], [7]], unitStakeMinor: 100, multiple: 2 },
    ],
    idempotencyKey: `lottery-route-${++keys}-${Math.random().toString(36).slice(2, 8)}`,
    ...extra,
  });
  const bet = (token: string | undefined, payload: unknown) =>
    call(t, { method: 'POST', url: '/wps/lottery/bets', token, payload });

  async function openDrawNo(): Promise<string> {
    await scheduleAhead(t.ctx.db, t.clock.now(), { scheduleAheadMinutes: 30 });
    const game = await get('/wps/lottery/games/FD5_1M');
    return game.value.openDraw.drawNo;
  }

  it('places a slip and reads it back as an order, its tickets one by one and paged; only the owner', async () => {
    const player = await fundedPlayer(t, f, 'lbet', 100_000n);
    const drawNo = await openDrawNo();
    const placed = await bet(player.token, slip(drawNo));
    expect(placed.status).toBe(200);
    // 3 units (1st position 1 or 2, 5th position 7) × R$ 1 × 2.
    expect(placed.value).toMatchObject({
      gameCode: 'FD5_1M',
      firstDrawNo: drawNo,
      chaseDraws: 1,
      status: 'active',
      stakeMinor: 600,
      payoutMinor: 0,
    });
    expect(placed.value.tickets).toHaveLength(1);
    const ticket = placed.value.tickets[0];
    expect(ticket).toMatchObject({
      drawNo,
      units: 3,
      stakeMinor: 600,
      series: 1960,
      status: 'pending',
      result: null,
    });
    expect((await balanceOf(f, player.mainId)).balance).toBe(100_000n - 600n);

    const order = await get(`/wps/lottery/orders/${placed.value.id}`, player.token);
    expect(order.value).toEqual(placed.value);
    expect((await get(`/wps/lottery/tickets/${ticket.id}`, player.token)).value).toEqual(ticket);
    const page = await get('/wps/lottery/tickets?pageSize=10&gameCode=FD5_1M&status=pending', player.token);
    expect(page.value).toMatchObject({ total: 1, pageNo: 1, totalPages: 1 });
    expect(page.value.list[0].id).toBe(ticket.id);
    expect((await get('/wps/lottery/tickets?status=won', player.token)).value.total).toBe(0);
    // Betting is playing: the game is now among the member's recent games, with its play type.
    const recent = await get('/wps/game/recent', player.token);
    expect(
      recent.value.list.map((g: { code: string; defaultPlayType: string }) => [g.code, g.defaultPlayType]),
    ).toEqual([['FD5_1M', '5D_POSITION']]);

    // Another member sees none of it; without a token it is 401.
    const other = await fundedPlayer(t, f, 'lother', 0n);
    expect((await get(`/wps/lottery/tickets/${ticket.id}`, other.token)).code).toBe(
      'LOTTERY_TICKET_NOT_FOUND',
    );
    expect((await get(`/wps/lottery/orders/${placed.value.id}`, other.token)).status).toBe(404);
    expect((await get('/wps/lottery/tickets', other.token)).value.total).toBe(0);
    expect((await get(`/wps/lottery/tickets/${ticket.id}`)).status).toBe(401);
    expect((await get('/wps/lottery/tickets')).status).toBe(401);
    expect((await bet(undefined, slip(drawNo))).status).toBe(401);
    await expectVerified(t.ctx.db);
  });

  it('refuses a slip on a closed draw or an unknown game; the same key answers the same order', async () => {
    const player = await fundedPlayer(t, f, 'lbet', 100_000n);
    const drawNo = await openDrawNo();
    const first = slip(drawNo);
    const placed = await bet(player.token, first);
    const again = await bet(player.token, first);
    expect(again.value.id).toBe(placed.value.id);
    expect((await balanceOf(f, player.mainId)).balance).toBe(100_000n - 600n);
    expect((await bet(player.token, slip(drawNo, { gameCode: 'NOPE' }))).code).toBe('LOTTERY_GAME_NOT_FOUND');
    expect((await bet(player.token, slip('20200101-0001'))).code).toBe('LOTTERY_BETTING_CLOSED');
    await expectVerified(t.ctx.db);
  });
});

describe('demo history', () => {
  it('seeds real past draws once: each seed matches its commitment and derives its result', async () => {
    const game = await gameRow('FD5_5M');
    expect(await seedDrawHistory(t.ctx.db, game, t.clock.now(), 5)).toBe(5);
    expect(await seedDrawHistory(t.ctx.db, game, t.clock.now(), 5)).toBe(0);
    const history = await get('/wps/lottery/games/FD5_5M/draws?count=10');
    expect(history.value).toHaveLength(5);
    for (const draw of history.value) {
      expect(draw.status).toBe('settled');
      expect(Date.parse(draw.drawsAt)).toBeLessThanOrEqual(t.clock.now().getTime());
      expect(createHash('sha256').update(draw.serverSeed).digest('hex')).toBe(draw.commitment);
      expect(draw.result).toEqual(
        deriveDraw(hmac, {
          family: 'FIVE_DIGIT',
          gameCode: 'FD5_5M',
          drawNo: draw.drawNo,
          serverSeed: draw.serverSeed,
        }),
      );
    }
    // Newest first, one interval apart, the last one just before the open draw.
    const times = history.value.map((d: { drawsAt: string }) => Date.parse(d.drawsAt));
    expect(times[0] - times[1]).toBe(5 * 60_000);
    expect((await get('/wps/lottery/games/FD5_5M')).value.lastDraw.drawNo).toBe(history.value[0].drawNo);
  });

  it('in the closing window (betting closed, not drawn yet) the history still ends at a past draw', async () => {
    const game = await createTestGame(t.ctx.db, f.merchantId);
    const open = openDraw(scheduleOf(game), t.clock.now().getTime());
    t.clock.advance(open.closesAt - t.clock.now().getTime() + 1);
    expect(await seedDrawHistory(t.ctx.db, game, t.clock.now(), 5)).toBe(5);
    const history = await get(`/wps/lottery/games/${game.code}/draws`);
    expect(history.value[0].drawsAt).toBe(new Date(open.drawsAt - 60_000).toISOString());
    expect(history.value).toHaveLength(5);
  });

  it('the demo seed outside tests gives each game without past draws 30 of them, once', async () => {
    const demo = { ...t.ctx, config: { ...t.ctx.config, NODE_ENV: 'development' as const } };
    await seedDemoFastLottery(demo);
    await seedDemoFastLottery(demo);
    const history = await get('/wps/lottery/games/PK10_5M/draws?count=100');
    expect(history.value).toHaveLength(30);
    expect(
      history.value.every(
        (d: { status: string; result: number[] }) => d.status === 'settled' && d.result.length === 10,
      ),
    ).toBe(true);
    // A game that had its history already keeps it as it was.
    expect((await get('/wps/lottery/games/FD5_5M/draws?count=100')).value).toHaveLength(5);
  });
});

describe('settlement through the engine steps', () => {
  it('a ticket placed through the API settles with its payout, visible on the ticket, the order and the records', async () => {
    const game = await createTestGame(t.ctx.db, f.merchantId);
    const draw = await openTestDraw(t.ctx.db, game, t.clock);
    const player = await fundedPlayer(t, f, 'lsettle', 10_000n);
    const hit = draw.future[0]!;
    const miss = (hit + 1) % 10;
    // Two units on the 1st position: the drawn digit and another; R$ 1 each.
    const placed = await call(t, {
      method: 'POST',
      url: '/wps/lottery/bets',
      token: player.token,
      payload: {
        gameCode: game.code,
        drawNo: draw.draw_no,
        tickets: [
          {
            playType: '5D_POSITION',
            selection: [[hit, miss], [], [], [], []],
            unitStakeMinor: 100,
            multiple: 1,
          },
        ],
        idempotencyKey: `settle-${draw.draw_no}-${player.memberId.slice(0, 8)}`,
      },
    });
    expect(placed.status).toBe(200);
    const ticketId = placed.value.tickets[0].id;
    const before = await get(`/wps/lottery/games/${game.code}/draws/${draw.draw_no}`);
    expect(before.value).toMatchObject({ status: 'scheduled', serverSeed: null, result: null });

    passDraw(t.clock, draw);
    await drawDue(t.ctx.db, t.clock.now());
    await settleDrawn(t.ctx.db, t.clock.now(), 100);

    const ticket = await get(`/wps/lottery/tickets/${ticketId}`, player.token);
    // One winning unit at 1 in 10, series 1960: 100 × 10 × 1960 / 2000 = 980.
    expect(ticket.value).toMatchObject({
      status: 'won',
      payoutMinor: 980,
      result: draw.future,
      winning: [{ key: `p1:${hit}`, payoutMinor: 980 }],
    });
    expect(ticket.value.settledAt).not.toBeNull();
    const order = await get(`/wps/lottery/orders/${placed.value.id}`, player.token);
    expect(order.value).toMatchObject({ status: 'finished', stakeMinor: 200, payoutMinor: 980 });
    expect((await balanceOf(f, player.mainId)).balance).toBe(10_000n - 200n + 980n);
    const after = await get(`/wps/lottery/games/${game.code}/draws/${draw.draw_no}`);
    expect(after.value).toMatchObject({
      status: 'settled',
      serverSeed: draw.server_seed,
      result: draw.future,
    });

    // The betting record opens the ticket.
    const records = await get('/wps/member/records/personalHistoryCopy?pageSize=50', player.token);
    const record = records.value.list.find((r: { gameCode: string }) => r.gameCode === game.code);
    expect(record.recall).toEqual({
      kind: 'lottery',
      ref: ticketId,
      path: `/wps/lottery/tickets/${ticketId}`,
    });
    expect((await get(record.recall.path, player.token)).value.id).toBe(ticketId);
    await expectVerified(t.ctx.db);
  });
});
