import { type LotteryDrawMessage, lotteryDrawMessage } from '@sorte/contracts';
import { type Draw, nextDraws, verifyDraw } from '@sorte/lottery';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { openDatabase } from '../../platform/database/database.ts';
import { createAuthTestApp } from '../auth/auth.test-helpers.ts';
import { MERCHANT_BROADCAST_CHANNEL } from '../realtime/index.ts';
import { balanceOf, expectVerified, type Fixture, fixture } from '../ledger/ledger.test-helpers.ts';
import { ensureDraws, hmac, sha256 } from './lottery.draws.ts';
import { cancelDraw, drawDue, LotteryEngine, scheduleAhead, settleDrawn } from './lottery.engine.ts';
import { type LotteryGame, scheduleOf } from './lottery.games.ts';
import {
  createTestGame,
  newLotteryPlayer,
  openTestDraw,
  passDraw,
  placeTestBet,
} from './lottery.test-helpers.ts';
import { DEFAULT_ENGINE_TIMINGS } from './lottery.timing.ts';
import { expectStreamConsistent } from '../records/records.test-helpers.ts';

/**
 * The engine's steps on the server's manual clock: draws made ahead with committed seeds, drawn at
 * their time, their tickets settled in batches (also by two workers at once), chases stopped by a
 * win, cancelled draws refunded. The demo merchant's prize mode is Lott: series 1960.
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

const player = (balance?: bigint) => newLotteryPlayer(f, 'lot', balance);

async function ticketRow(id: bigint) {
  return db().selectFrom('lottery_tickets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
async function orderRow(id: bigint) {
  return db().selectFrom('lottery_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
async function recordOf(ticketId: bigint) {
  return db()
    .selectFrom('bet_records')
    .selectAll()
    .where('source', '=', 'lottery')
    .where('source_ref', '=', String(ticketId))
    .executeTakeFirstOrThrow();
}

/** Draws and settles everything due at the clock's time. */
async function playOut() {
  await drawDue(db(), t.clock.now());
  return settleDrawn(db(), t.clock.now(), 1000);
}

/** floor(stake × outOf × 1960 / (wins × 2000)): the series rule, by hand. */
const atSeries1960 = (stake: bigint, wins: number, outOf: number) =>
  (stake * BigInt(outOf) * 1960n) / (BigInt(wins) * 2000n);

const diceSumWays = (sum: number) => {
  let ways = 0;
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) if (a + b + c === sum) ways++;
  return ways;
};

describe('one winning ticket per family pays its worked example', () => {
  const cases: {
    family: LotteryGame['family'];
    playType: string;
    /** The winning selection for a result, or null when this result has none (the test waits a draw). */
    selection: (draw: Draw) => (number | string)[][] | null;
    payout: (draw: Draw) => bigint;
  }[] = [
    {
      // Position digit at series 1960: 100 × 10 × 1960 / 2000 = 980.
      family: 'FIVE_DIGIT',
      playType: '5D_POSITION',
      selection: (d) => [[d[0]!], [], [], [], []],
      payout: () => 980n,
    },
    {
      // The champion's car: 1 in 10, the same 980.
      family: 'RACE_10',
      playType: 'PK10_POSITION',
      selection: (d) => [[d[0]!], [], [], [], [], [], [], [], [], []],
      payout: () => 980n,
    },
    {
      // The first ball of eleven: 100 × 11 × 1960 / 2000 = 1078.
      family: 'ELEVEN_FIVE',
      playType: '11X5_POSITION',
      selection: (d) => [[d[0]!], [], [], [], []],
      payout: () => 1078n,
    },
    {
      // The dice sum s, ways(s) of 216: e.g. sum 10 (27 ways) pays 100 × 216 × 1960 / (27 × 2000) = 784.
      family: 'THREE_DICE',
      playType: 'K3_SUM',
      selection: (d) => {
        const sum = d[0]! + d[1]! + d[2]!;
        return sum >= 4 && sum <= 17 ? [[sum]] : null;
      },
      payout: (d) => atSeries1960(100n, diceSumWays(d[0]! + d[1]! + d[2]!), 216),
    },
  ];

  for (const c of cases)
    it(`${c.family} ${c.playType}`, async () => {
      expect(atSeries1960(100n, 27, 216)).toBe(784n);
      const game = await createTestGame(db(), f.merchantId, {
        family: c.family,
        default_play_type: c.playType,
      });
      let draw = await openTestDraw(db(), game, t.clock);
      while (!c.selection(draw.future)) {
        passDraw(t.clock, draw);
        draw = await openTestDraw(db(), game, t.clock);
      }
      const p = await player();
      const { order, tickets } = await placeTestBet(db(), p, game, t.clock, {
        tickets: [
          { playType: c.playType, selection: c.selection(draw.future)!, unitStakeMinor: 100, multiple: 1 },
        ],
      });
      expect(tickets).toHaveLength(1);
      expect(tickets[0]!.draw_id).toBe(draw.id);
      expect(tickets[0]!.series).toBe(1960);
      expect((await balanceOf(f, p.mainId)).balance).toBe(100_000n - 100n);
      expect((await recordOf(tickets[0]!.id)).status).toBe('open');

      passDraw(t.clock, draw);
      await playOut();
      const expected = c.payout(draw.future);
      const ticket = await ticketRow(tickets[0]!.id);
      expect(ticket.status).toBe('won');
      expect(ticket.payout_minor).toBe(expected);
      expect(ticket.payout_transfer_id).not.toBeNull();
      expect((await balanceOf(f, p.mainId)).balance).toBe(100_000n - 100n + expected);
      const record = await recordOf(ticket.id);
      expect(record).toMatchObject({
        status: 'settled',
        stake_minor: 100n,
        payout_minor: expected,
        vendor: 'SORTE_LOTTO',
        game_code: game.code,
      });
      expect(await orderRow(order.id)).toMatchObject({ status: 'finished', payout_minor: expected });
      const settled = await db()
        .selectFrom('lottery_draws')
        .selectAll()
        .where('id', '=', draw.id)
        .executeTakeFirstOrThrow();
      expect(settled.status).toBe('settled');
      expect(settled.result).toEqual([...draw.future]);
    });

  it('a losing ticket is lost, pays nothing and closes its record', async () => {
    const game = await createTestGame(db(), f.merchantId);
    const draw = await openTestDraw(db(), game, t.clock);
    const losing = (draw.future[0]! + 1) % 10;
    const p = await player();
    const { tickets } = await placeTestBet(db(), p, game, t.clock, {
      tickets: [
        { playType: '5D_POSITION', selection: [[losing], [], [], [], []], unitStakeMinor: 100, multiple: 3 },
      ],
    });
    passDraw(t.clock, draw);
    await playOut();
    expect(await ticketRow(tickets[0]!.id)).toMatchObject({ status: 'lost', payout_minor: 0n });
    expect(await recordOf(tickets[0]!.id)).toMatchObject({
      status: 'settled',
      stake_minor: 300n,
      payout_minor: 0n,
    });
    expect((await balanceOf(f, p.mainId)).balance).toBe(100_000n - 300n);
  });
});

describe('two workers settle every ticket exactly once', () => {
  it('in parallel, in small batches, over several members', async () => {
    const game = await createTestGame(db(), f.merchantId);
    const draw = await openTestDraw(db(), game, t.clock);
    const members = await Promise.all(Array.from({ length: 6 }, () => player()));
    let counted = 0;
    let n = 0;
    for (const p of members)
      for (let order = 0; order < 2; order++)
        await placeTestBet(db(), p, game, t.clock, {
          tickets: Array.from({ length: 25 }, () => {
            n++;
            return {
              playType: '5D_POSITION',
              selection: [[n % 10], [], [(n * 7) % 10], [], []],
              unitStakeMinor: 10 + (n % 5),
              multiple: 1 + (n % 3),
            };
          }),
        });
    passDraw(t.clock, draw);
    // A second engine: on PostgreSQL its own connection pool, as another instance would have.
    const other = t.database.url ? await openDatabase({ url: t.database.url, poolSize: 4 }) : null;
    const second = other?.db ?? db();
    try {
      const [drawnA, drawnB] = await Promise.all([
        drawDue(db(), t.clock.now()),
        drawDue(second, t.clock.now()),
      ]);
      const drawnIds = [...drawnA, ...drawnB].map((d) => d.id);
      expect(new Set(drawnIds).size).toBe(drawnIds.length);
      expect(drawnIds).toContain(draw.id);
      const [a, b] = await Promise.all([
        settleDrawn(db(), t.clock.now(), 7),
        settleDrawn(second, t.clock.now(), 11, { workers: 2 }),
      ]);
      expect(a.tickets + b.tickets).toBe(300);
      expect(a.draws + b.draws).toBeGreaterThanOrEqual(1);
      counted = a.winners + b.winners;
    } finally {
      await other?.close();
    }

    const tickets = await db()
      .selectFrom('lottery_tickets')
      .selectAll()
      .where('draw_id', '=', draw.id)
      .execute();
    expect(tickets).toHaveLength(300);
    expect(tickets.filter((x) => x.status === 'pending')).toHaveLength(0);
    const winners = tickets.filter((x) => x.payout_minor > 0n);
    expect(winners.length).toBeGreaterThan(0);
    expect(counted).toBe(winners.length);
    const wins = await db()
      .selectFrom('ledger_transfers')
      .select(['idempotency_key', 'amount_minor'])
      .where('merchant_id', '=', f.merchantId)
      .where(
        'idempotency_key',
        'in',
        tickets.map((x) => `lottery:ticket:${x.id}:win`),
      )
      .execute();
    expect(wins).toHaveLength(winners.length);
    expect(wins.reduce((s, w) => s + w.amount_minor, 0n)).toBe(
      winners.reduce((s, w) => s + w.payout_minor, 0n),
    );
    // Each ticket's own result, recomputed: 1 or 2 of its two picks hit, each paying 10 × 1960 / 2000.
    for (const x of tickets) {
      const picks = x.selection as unknown as number[][];
      const hits = Number(draw.future[0] === picks[0]![0]) + Number(draw.future[2] === picks[2]![0]);
      expect(x.payout_minor).toBe(
        BigInt(hits) * atSeries1960(x.unit_stake_minor * BigInt(x.multiple), 1, 10),
      );
      expect(x.status).toBe(hits ? 'won' : 'lost');
    }
    const records = await db()
      .selectFrom('bet_records')
      .select(['status', 'payout_minor'])
      .where('source', '=', 'lottery')
      .where(
        'source_ref',
        'in',
        tickets.map((x) => String(x.id)),
      )
      .execute();
    expect(records.every((r) => r.status === 'settled')).toBe(true);
    expect(records.reduce((s, r) => s + r.payout_minor, 0n)).toBe(
      winners.reduce((s, w) => s + w.payout_minor, 0n),
    );
    const status = await db()
      .selectFrom('lottery_draws')
      .select('status')
      .where('id', '=', draw.id)
      .executeTakeFirst();
    expect(status?.status).toBe('settled');
  });
});

describe('chase', () => {
  async function chaseGame() {
    const game = await createTestGame(db(), f.merchantId);
    const schedule = scheduleOf(game);
    const draws = await ensureDraws(db(), game, nextDraws(schedule, t.clock.now().getTime(), 3));
    const first = await openTestDraw(db(), game, t.clock);
    return { game, draws, first };
  }

  it('stops on a win: the later draws’ tickets are refunded and the order is stopped', async () => {
    const { game, draws, first } = await chaseGame();
    const p = await player();
    const { order, tickets } = await placeTestBet(db(), p, game, t.clock, {
      tickets: [
        {
          playType: '5D_POSITION',
          selection: [[first.future[0]!], [], [], [], []],
          unitStakeMinor: 100,
          multiple: 1,
        },
      ],
      chase: { draws: 3, stopOnWin: true, multiples: [1, 2, 1] },
    });
    expect(tickets.map((x) => x.draw_id)).toEqual(draws.map((d) => d.id));
    expect(tickets.map((x) => x.stake_minor)).toEqual([100n, 200n, 100n]);
    expect(order.stake_minor).toBe(400n);
    expect((await balanceOf(f, p.mainId)).balance).toBe(100_000n - 400n);

    passDraw(t.clock, draws[0]!);
    const counts = await playOut();
    expect(counts.refunded).toBe(2);
    expect((await ticketRow(tickets[0]!.id)).status).toBe('won');
    for (const later of tickets.slice(1)) {
      const row = await ticketRow(later.id);
      expect(row.status).toBe('cancelled');
      expect(row.refund_transfer_id).not.toBeNull();
      expect((await recordOf(later.id)).status).toBe('cancelled');
    }
    expect(await orderRow(order.id)).toMatchObject({
      status: 'stopped',
      payout_minor: 980n,
      refunded_minor: 300n,
    });
    expect((await balanceOf(f, p.mainId)).balance).toBe(100_000n - 400n + 980n + 300n);

    // The later draws come and go with nothing left to settle; the refunds are not made twice.
    passDraw(t.clock, draws[2]!);
    await playOut();
    await playOut();
    expect(await orderRow(order.id)).toMatchObject({ status: 'stopped', refunded_minor: 300n });
    expect((await balanceOf(f, p.mainId)).balance).toBe(100_000n - 400n + 980n + 300n);
  });

  it('goes on after a win without stopOnWin', async () => {
    const { game, draws, first } = await chaseGame();
    const p = await player();
    const { order, tickets } = await placeTestBet(db(), p, game, t.clock, {
      tickets: [
        {
          playType: '5D_POSITION',
          selection: [[first.future[0]!], [], [], [], []],
          unitStakeMinor: 100,
          multiple: 1,
        },
      ],
      chase: { draws: 3, stopOnWin: false },
    });
    passDraw(t.clock, draws[0]!);
    await playOut();
    expect((await ticketRow(tickets[0]!.id)).status).toBe('won');
    expect((await ticketRow(tickets[1]!.id)).status).toBe('pending');
    expect((await orderRow(order.id)).status).toBe('active');
    passDraw(t.clock, draws[2]!);
    await playOut();
    const rows = await Promise.all(tickets.map((x) => ticketRow(x.id)));
    expect(rows.every((x) => x.status === 'won' || x.status === 'lost')).toBe(true);
    const paid = rows.reduce((s, x) => s + x.payout_minor, 0n);
    expect(await orderRow(order.id)).toMatchObject({
      status: 'finished',
      payout_minor: paid,
      refunded_minor: 0n,
    });
    expect((await balanceOf(f, p.mainId)).balance).toBe(100_000n - 300n + paid);
  });

  it('a win settled while a later draw of the chase settles at the same time refunds the rest once', async () => {
    // Backlog: draws 1–3 are all drawn before any is settled; two workers settle them at once.
    const { game, draws, first } = await chaseGame();
    const players = await Promise.all(Array.from({ length: 4 }, () => player()));
    const orders = [];
    for (const p of players)
      orders.push(
        await placeTestBet(db(), p, game, t.clock, {
          tickets: [
            {
              playType: '5D_POSITION',
              selection: [[first.future[0]!], [], [], [], []],
              unitStakeMinor: 100,
              multiple: 1,
            },
          ],
          chase: { draws: 3, stopOnWin: true },
        }),
      );
    passDraw(t.clock, draws[2]!);
    await drawDue(db(), t.clock.now());
    await Promise.all([settleDrawn(db(), t.clock.now(), 1), settleDrawn(db(), t.clock.now(), 1)]);
    await settleDrawn(db(), t.clock.now(), 1);
    for (const [i, { order, tickets }] of orders.entries()) {
      const rows = await Promise.all(tickets.map((x) => ticketRow(x.id)));
      expect(rows[0]!.status).toBe('won');
      expect(rows.every((x) => x.status !== 'pending')).toBe(true);
      const o = await orderRow(order.id);
      expect(o.status).toBe('stopped');
      const paid = rows.reduce((s, x) => s + x.payout_minor, 0n);
      const refunded = rows.filter((x) => x.status === 'cancelled').reduce((s, x) => s + x.stake_minor, 0n);
      expect(o.payout_minor).toBe(paid);
      expect(o.refunded_minor).toBe(refunded);
      expect((await balanceOf(f, players[i]!.mainId)).balance).toBe(100_000n - 300n + paid + refunded);
    }
  });
});

describe('cancelling a draw', () => {
  it('refunds every ticket of a scheduled draw; a second cancel is refused', async () => {
    const game = await createTestGame(db(), f.merchantId);
    const draw = await openTestDraw(db(), game, t.clock);
    const players = await Promise.all(Array.from({ length: 3 }, () => player()));
    const placed = [];
    for (const p of players) placed.push(await placeTestBet(db(), p, game, t.clock));
    const { refunded } = await cancelDraw(db(), f.merchantId, draw.id, 'feed failure', t.clock.now());
    expect(refunded).toBe(3);
    for (const [i, { order, tickets }] of placed.entries()) {
      expect((await balanceOf(f, players[i]!.mainId)).balance).toBe(100_000n);
      expect(await ticketRow(tickets[0]!.id)).toMatchObject({ status: 'cancelled' });
      expect((await recordOf(tickets[0]!.id)).status).toBe('cancelled');
      expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled', refunded_minor: 100n });
    }
    const row = await db()
      .selectFrom('lottery_draws')
      .selectAll()
      .where('id', '=', draw.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'cancelled', cancel_reason: 'feed failure' });
    await expect(cancelDraw(db(), f.merchantId, draw.id, 'again', t.clock.now())).rejects.toMatchObject({
      code: 'LOTTERY_DRAW_NOT_CANCELLABLE',
    });
    // Its time passes: a cancelled draw is never drawn.
    passDraw(t.clock, draw);
    await playOut();
    expect(
      (await db().selectFrom('lottery_draws').select('status').where('id', '=', draw.id).executeTakeFirst())
        ?.status,
    ).toBe('cancelled');
  });

  it('refunds a drawn draw not yet settled; a settled draw cannot be cancelled', async () => {
    const game = await createTestGame(db(), f.merchantId);
    const draw = await openTestDraw(db(), game, t.clock);
    const p = await player();
    await placeTestBet(db(), p, game, t.clock);
    await placeTestBet(db(), p, game, t.clock);
    passDraw(t.clock, draw);
    await drawDue(db(), t.clock.now());
    const { refunded } = await cancelDraw(db(), f.merchantId, draw.id, 'wrong result', t.clock.now());
    expect(refunded).toBe(2);
    expect((await balanceOf(f, p.mainId)).balance).toBe(100_000n);
    await playOut();
    expect((await balanceOf(f, p.mainId)).balance).toBe(100_000n);

    const other = await openTestDraw(db(), game, t.clock);
    await placeTestBet(db(), p, game, t.clock);
    passDraw(t.clock, other);
    await playOut();
    await expect(cancelDraw(db(), f.merchantId, other.id, 'too late', t.clock.now())).rejects.toMatchObject({
      code: 'LOTTERY_DRAW_NOT_CANCELLABLE',
    });
    await expect(cancelDraw(db(), f.merchantId, 999_999_999n, 'none', t.clock.now())).rejects.toMatchObject({
      code: 'LOTTERY_DRAW_NOT_FOUND',
    });
  });
});

describe('cancelling a draw inside a chase', () => {
  it('refunds that draw only: the chase plays its other draws and finishes', async () => {
    const game = await createTestGame(db(), f.merchantId);
    const draws = await ensureDraws(db(), game, nextDraws(scheduleOf(game), t.clock.now().getTime(), 2));
    const p = await player();
    const { order, tickets } = await placeTestBet(db(), p, game, t.clock, {
      chase: { draws: 2, stopOnWin: false },
    });
    await cancelDraw(db(), f.merchantId, draws[1]!.id, 'operator', t.clock.now());
    expect(await orderRow(order.id)).toMatchObject({ status: 'active', refunded_minor: 100n });
    passDraw(t.clock, draws[0]!);
    await playOut();
    const first = await ticketRow(tickets[0]!.id);
    expect(['won', 'lost']).toContain(first.status);
    expect(await orderRow(order.id)).toMatchObject({ status: 'finished', payout_minor: first.payout_minor });
    expect((await balanceOf(f, p.mainId)).balance).toBe(100_000n - 100n + first.payout_minor);
  });

  it('a cancellation whose refunds were interrupted is completed by the next settlement pass', async () => {
    const game = await createTestGame(db(), f.merchantId);
    const draw = await openTestDraw(db(), game, t.clock);
    const p = await player();
    const { order } = await placeTestBet(db(), p, game, t.clock);
    // As a cancellation that stopped right after marking the draw: its tickets still pending.
    await db()
      .updateTable('lottery_draws')
      .set({ status: 'cancelled', cancelled_at: t.clock.now(), cancel_reason: 'interrupted' })
      .where('id', '=', draw.id)
      .execute();
    const counts = await settleDrawn(db(), t.clock.now(), 10);
    expect(counts.refunded).toBe(1);
    expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled', refunded_minor: 100n });
    expect((await balanceOf(f, p.mainId)).balance).toBe(100_000n);
    expect((await settleDrawn(db(), t.clock.now(), 10)).refunded).toBe(0);
  });
});

describe('scheduling and the engine loop', () => {
  it('schedules every enabled game ahead, once, and the tick draws and settles', async () => {
    const game = await createTestGame(db(), f.merchantId, { interval_minutes: 5, close_seconds: 30 });
    const timings = { ...DEFAULT_ENGINE_TIMINGS, scheduleAheadMinutes: 60, tickMs: 10 };
    await Promise.all([
      scheduleAhead(db(), t.clock.now(), timings),
      scheduleAhead(db(), t.clock.now(), timings),
    ]);
    const rows = await db()
      .selectFrom('lottery_draws')
      .selectAll()
      .where('game_id', '=', game.id)
      .orderBy('draws_at')
      .execute();
    const horizon = t.clock.now().getTime() + 60 * 60_000;
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(rows.at(-1)!.draws_at.getTime()).toBeLessThanOrEqual(horizon);
    expect(rows.at(-1)!.draws_at.getTime()).toBeGreaterThan(horizon - 5 * 60_000);
    expect(new Set(rows.map((r) => r.draw_no)).size).toBe(rows.length);
    for (const r of rows) expect(r.commitment).toBe(Buffer.from(sha256(r.server_seed)).toString('hex'));
    expect(await scheduleAhead(db(), t.clock.now(), timings)).toBe(0);

    const p = await player();
    const { tickets } = await placeTestBet(db(), p, game, t.clock);
    const pushed: { merchantId: string; message: LotteryDrawMessage }[] = [];
    await t.ctx.bus.subscribe(MERCHANT_BROADCAST_CHANNEL, (raw) => {
      const parsed = JSON.parse(raw);
      if (parsed.message?.type === 'lottery.draw' && parsed.message.draw.gameCode === game.code)
        pushed.push(parsed);
    });
    passDraw(t.clock, rows[0]!);
    const engine = new LotteryEngine(t.ctx, timings);
    await engine.tick();
    const ticket = await ticketRow(tickets[0]!.id);
    expect(['won', 'lost']).toContain(ticket.status);
    // Announced when drawn (seed and result revealed) and again when settled.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pushed.map((x) => x.message.draw.status)).toEqual(['drawn', 'settled']);
    for (const { merchantId, message } of pushed) {
      expect(merchantId).toBe(f.merchantId);
      expect(lotteryDrawMessage.parse(message).draw).toMatchObject({
        drawNo: rows[0]!.draw_no,
        serverSeed: rows[0]!.server_seed,
        commitment: rows[0]!.commitment,
      });
      expect(message.draw.result).toHaveLength(5);
    }
    engine.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await engine.stop();
  });
});

describe('provably fair', () => {
  it('every drawn draw verifies against its commitment and its result', async () => {
    const rows = await db()
      .selectFrom('lottery_draws as d')
      .innerJoin('lottery_games as g', 'g.id', 'd.game_id')
      .select(['d.draw_no', 'd.server_seed', 'd.commitment', 'd.result', 'g.code', 'g.family'])
      .where('d.status', 'in', ['drawn', 'settled'])
      .execute();
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      const check = verifyDraw(
        { sha256, hmac },
        {
          family: row.family,
          gameCode: row.code,
          drawNo: row.draw_no,
          serverSeed: row.server_seed,
          commitment: row.commitment,
          announced: row.result as unknown as Draw,
        },
      );
      expect(check.ok).toBe(true);
    }
    const unsettled = await sql<{ n: number }>`select count(*)::int as n from lottery_tickets t
      join lottery_draws d on d.id = t.draw_id where d.status = 'settled' and t.status = 'pending'`.execute(
      db(),
    );
    expect(unsettled.rows[0]!.n).toBe(0);
  });
});

// Last in the file: every round the tests above settled, voided or resettled is in the bet stream.
it('the bet stream: each settlement one fact, each void or resettlement a delta; the rollups equal a recount', async () => {
  const { facts } = await expectStreamConsistent(t.ctx.db);
  expect(facts).toBeGreaterThan(0);
});
