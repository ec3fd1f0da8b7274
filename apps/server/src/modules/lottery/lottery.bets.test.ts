import { openDraw } from '@sorte/lottery';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { answerOf, expectIdempotentBurst } from '../../../test/idempotent-burst.ts';
import { createAuthTestApp } from '../auth/auth.test-helpers.ts';
import { balanceOf, expectVerified, type Fixture, fixture } from '../ledger/ledger.test-helpers.ts';
import { placeLotteryBet } from './lottery.bets.ts';
import { limitsFor, scheduleOf, seriesOf } from './lottery.games.ts';
import { jsonb } from './lottery.queries.ts';
import { betKey, createTestGame, newLotteryPlayer, placeTestBet } from './lottery.test-helpers.ts';

/**
 * Placing a bet slip: the open draw only, every ticket priced and within its limits, one stake for
 * the whole order, idempotent by key (also when the same key arrives twice at once), and nothing
 * written when the stake cannot be paid.
 */

let t: TestApp;
let f: Fixture;
beforeAll(async () => {
  t = await createAuthTestApp({});
  f = await fixture(t);
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => expectVerified(t.ctx.db));

const db = () => t.ctx.db;

const player = (balance?: bigint) => newLotteryPlayer(f, 'lotbet', balance);

async function written(memberId: string) {
  const orders = await db()
    .selectFrom('lottery_orders')
    .select('id')
    .where('member_id', '=', memberId)
    .execute();
  const tickets = await db()
    .selectFrom('lottery_tickets')
    .select('id')
    .where('member_id', '=', memberId)
    .execute();
  const records = await db()
    .selectFrom('bet_records')
    .select('id')
    .where('member_id', '=', memberId)
    .where('source', '=', 'lottery')
    .execute();
  return { orders: orders.length, tickets: tickets.length, records: records.length };
}

const NOTHING = { orders: 0, tickets: 0, records: 0 };

describe('placing', () => {
  it('one stake for the order, a ticket per draw of the chase, an open record per ticket', async () => {
    const game = await createTestGame(db(), f.merchantId);
    const p = await player();
    const { order, tickets } = await placeTestBet(db(), p, game, t.clock, {
      tickets: [
        { playType: '5D_POSITION', selection: [[1, 2], [], [], [], [3]], unitStakeMinor: 20, multiple: 2 },
        { playType: '5D_SUM_BSOE', selection: [['BIG']], unitStakeMinor: 50, multiple: 1 },
      ],
      chase: { draws: 3, stopOnWin: true, multiples: [1, 2, 3] },
    });
    // Ticket 1: 3 units × 20 × 2 = 120; ticket 2: 50. Per draw × 1, 2, 3.
    expect(tickets.map((x) => x.stake_minor)).toEqual([120n, 50n, 240n, 100n, 360n, 150n]);
    expect(tickets.map((x) => x.multiple)).toEqual([2, 1, 4, 2, 6, 3]);
    expect(order).toMatchObject({ stake_minor: 1020n, chase_draws: 3, stop_on_win: true, status: 'active' });
    expect(new Set(tickets.map((x) => x.draw_id)).size).toBe(3);
    expect(order.first_draw_id).toBe(tickets[0]!.draw_id);
    expect((await balanceOf(f, p.mainId)).balance).toBe(100_000n - 1020n);
    const stakes = await db()
      .selectFrom('ledger_transfers')
      .selectAll()
      .where('idempotency_key', 'like', `lottery:${p.memberId}:%`)
      .execute();
    expect(stakes).toHaveLength(1);
    expect(stakes[0]).toMatchObject({ id: order.stake_transfer_id, amount_minor: 1020n, code: 'bet' });
    expect(await written(p.memberId)).toEqual({ orders: 1, tickets: 6, records: 6 });
  });

  it('sells at the member’s own series, else the top of the merchant’s prize mode', async () => {
    const game = await createTestGame(db(), f.merchantId);
    const p = await player();
    expect(await seriesOf(db(), f.merchantId, p.memberId)).toBe(1960);
    await db()
      .insertInto('lottery_series')
      .values({ member_id: p.memberId, merchant_id: f.merchantId, series: 1800 })
      .execute();
    expect(await seriesOf(db(), f.merchantId, p.memberId)).toBe(1800);
    const { tickets } = await placeTestBet(db(), p, game, t.clock);
    expect(tickets[0]!.series).toBe(1800);
  });
});

describe('refusals move nothing', () => {
  it('a draw whose betting closed, a draw not open yet, an unknown game', async () => {
    const game = await createTestGame(db(), f.merchantId);
    const p = await player();
    const open = openDraw(scheduleOf(game), t.clock.now().getTime());
    t.clock.advance(open.closesAt - t.clock.now().getTime());
    await expect(placeTestBet(db(), p, game, t.clock, { drawNo: open.drawNo })).rejects.toMatchObject({
      code: 'LOTTERY_BETTING_CLOSED',
      status: 409,
    });
    await expect(placeTestBet(db(), p, game, t.clock, { drawNo: '20990101-0001' })).rejects.toMatchObject({
      code: 'LOTTERY_DRAW_NOT_FOUND',
    });
    await expect(placeTestBet(db(), p, game, t.clock, { drawNo: '20250101-9999' })).rejects.toMatchObject({
      code: 'LOTTERY_DRAW_NOT_FOUND',
    });
    await expect(placeTestBet(db(), p, game, t.clock, { gameCode: 'NO_SUCH_GAME' })).rejects.toMatchObject({
      code: 'LOTTERY_GAME_NOT_FOUND',
    });
    await db().updateTable('lottery_games').set({ enabled: false }).where('id', '=', game.id).execute();
    await expect(placeTestBet(db(), p, game, t.clock)).rejects.toMatchObject({
      code: 'LOTTERY_GAME_NOT_FOUND',
    });
    expect(await written(p.memberId)).toEqual(NOTHING);
    expect((await balanceOf(f, p.mainId)).balance).toBe(100_000n);
  });

  it('an invalid selection, a play type of another family, stakes out of limits, a bad chase', async () => {
    const game = await createTestGame(db(), f.merchantId, {
      max_chase_draws: 3,
      // The jsonb column's insert type is its select type (Generated<JSONColumnType>): a cast expression goes in.
      play_limits: jsonb({ '5D_SUM_BSOE': { minUnitStakeMinor: 200 } }) as never,
    });
    expect(limitsFor(game, '5D_SUM_BSOE')).toEqual({
      minUnitStakeMinor: 200n,
      maxTicketStakeMinor: 1_000_000n,
    });
    expect(limitsFor(game, '5D_POSITION')).toEqual({
      minUnitStakeMinor: 10n,
      maxTicketStakeMinor: 1_000_000n,
    });
    const p = await player();
    const ticket = (over: object) => ({
      tickets: [
        { playType: '5D_POSITION', selection: [[1], [], [], [], []], unitStakeMinor: 100, multiple: 1 },
        {
          playType: '5D_POSITION',
          selection: [[1], [], [], [], []],
          unitStakeMinor: 100,
          multiple: 1,
          ...over,
        },
      ],
    });
    await expect(
      placeTestBet(db(), p, game, t.clock, ticket({ selection: [[12], [], [], [], []] })),
    ).rejects.toMatchObject({
      code: 'LOTTERY_SELECTION_INVALID',
      details: { ticket: 1, reason: 'PICK_OUT_OF_RANGE' },
    });
    await expect(
      placeTestBet(db(), p, game, t.clock, ticket({ playType: 'K3_SUM', selection: [[10]] })),
    ).rejects.toMatchObject({
      code: 'LOTTERY_SELECTION_INVALID',
      details: { ticket: 1, reason: 'UNKNOWN_PLAY_TYPE' },
    });
    await expect(placeTestBet(db(), p, game, t.clock, ticket({ unitStakeMinor: 5 }))).rejects.toMatchObject({
      code: 'LOTTERY_STAKE_OUT_OF_LIMITS',
      details: { ticket: 1, minUnitStakeMinor: 10 },
    });
    await expect(
      placeTestBet(
        db(),
        p,
        game,
        t.clock,
        ticket({ playType: '5D_SUM_BSOE', selection: [['BIG']], unitStakeMinor: 150 }),
      ),
    ).rejects.toMatchObject({ code: 'LOTTERY_STAKE_OUT_OF_LIMITS', details: { minUnitStakeMinor: 200 } });
    // 10 units × 1,000 × 50 = 500,000 per draw; the chase's × 3 takes it over 1,000,000.
    const big = {
      playType: '5D_POSITION',
      selection: [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [], [], [], []],
      unitStakeMinor: 1000,
      multiple: 50,
    };
    await expect(
      placeTestBet(db(), p, game, t.clock, {
        tickets: [big],
        chase: { draws: 2, stopOnWin: true, multiples: [1, 3] },
      }),
    ).rejects.toMatchObject({
      code: 'LOTTERY_STAKE_OUT_OF_LIMITS',
      details: { maxTicketStakeMinor: 1_000_000 },
    });
    await expect(
      placeTestBet(db(), p, game, t.clock, { chase: { draws: 4, stopOnWin: true } }),
    ).rejects.toMatchObject({
      code: 'LOTTERY_CHASE_INVALID',
    });
    await expect(
      placeTestBet(db(), p, game, t.clock, { chase: { draws: 3, stopOnWin: true, multiples: [1, 2] } }),
    ).rejects.toMatchObject({ code: 'LOTTERY_CHASE_INVALID' });
    expect(await written(p.memberId)).toEqual(NOTHING);
    expect((await balanceOf(f, p.mainId)).balance).toBe(100_000n);
  });

  it('insufficient balance: the ledger’s refusal, and no order, ticket, record or draw written', async () => {
    const game = await createTestGame(db(), f.merchantId);
    const p = await player(50n);
    await expect(
      placeTestBet(db(), p, game, t.clock, { chase: { draws: 3, stopOnWin: false } }),
    ).rejects.toMatchObject({
      code: 'WALLET_INSUFFICIENT_FUNDS',
    });
    expect(await written(p.memberId)).toEqual(NOTHING);
    expect((await balanceOf(f, p.mainId)).balance).toBe(50n);
    const draws = await db()
      .selectFrom('lottery_draws')
      .select('id')
      .where('game_id', '=', game.id)
      .execute();
    expect(draws).toHaveLength(0);
  });
});

describe('idempotency', () => {
  it('a retry answers the same order and moves nothing; another slip with the key is a conflict', async () => {
    const game = await createTestGame(db(), f.merchantId);
    const p = await player();
    const key = betKey();
    const first = await placeTestBet(db(), p, game, t.clock, { idempotencyKey: key });
    const again = await placeTestBet(db(), p, game, t.clock, { idempotencyKey: key });
    expect(again.order.id).toBe(first.order.id);
    expect(again.tickets.map((x) => x.id)).toEqual(first.tickets.map((x) => x.id));
    expect((await balanceOf(f, p.mainId)).balance).toBe(100_000n - 100n);
    await expect(
      placeTestBet(db(), p, game, t.clock, {
        idempotencyKey: key,
        tickets: [
          { playType: '5D_POSITION', selection: [[2], [], [], [], []], unitStakeMinor: 100, multiple: 1 },
        ],
      }),
    ).rejects.toMatchObject({ code: 'LEDGER_IDEMPOTENCY_CONFLICT' });
    expect(await written(p.memberId)).toEqual({ orders: 1, tickets: 1, records: 1 });
  });

  it('the same key sent 50 times at once makes one order, and every copy answers it', async () => {
    const game = await createTestGame(db(), f.merchantId);
    const p = await player();
    const request = {
      gameCode: game.code,
      drawNo: openDraw(scheduleOf(game), t.clock.now().getTime()).drawNo,
      tickets: [
        { playType: '5D_POSITION', selection: [[7], [], [], [], []], unitStakeMinor: 100, multiple: 1 },
      ],
      chase: { draws: 2, stopOnWin: true },
      idempotencyKey: betKey(),
    };
    const first = await expectIdempotentBurst(
      () => answerOf(placeLotteryBet(db(), p, request, () => t.clock.now())),
      { db: db(), balance: async () => (await balanceOf(f, p.mainId)).balance, moved: -200n },
    );
    expect(first.status).toBe(200);
    expect(await written(p.memberId)).toEqual({ orders: 1, tickets: 2, records: 2 });
  });
});
