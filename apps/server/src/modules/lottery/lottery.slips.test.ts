import type { VnBetRequest } from '@sorte/contracts';
import { openDraw, vnTicketCostMinor } from '@sorte/lottery';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { answerOf } from '../../../test/idempotent-burst.ts';
import { createAuthTestApp } from '../auth/auth.test-helpers.ts';
import { balanceOf, expectVerified, type Fixture, fixture } from '../ledger/ledger.test-helpers.ts';
import { placeLotteryBet } from './lottery.bets.ts';
import { scheduleOf } from './lottery.games.ts';
import {
  betKey,
  createTestGame,
  newLotteryPlayer,
  placeTestBet,
  tomorrowVnDay,
} from './lottery.test-helpers.ts';
import { limitsOf, payoutConfigOf, saveLimits } from './vn/vn.config.ts';
import { drawByDay } from './vn/vn.draws.ts';
import { placeVnBet, ruleTicket } from './vn/vn.bets.ts';

/**
 * Lottery slips on the bet path (modules/bets, `slipPath`): concurrent slips of one merchant are
 * decided together, in order, on running balances and running per-number totals; a refused slip never
 * fails its neighbours; one key is one order however many copies arrive at once.
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

/** The account's balance after each of its entries, in order: never below 0 for a member's wallet. */
async function lowestBalance(accountId: bigint): Promise<bigint> {
  const { rows } = await sql<{ lowest: bigint }>`
    select min(running) as lowest
      from (select sum(amount_minor) over (order by id) as running
              from ledger_entries where account_id = ${String(accountId)}::bigint) r`.execute(db());
  return BigInt(rows[0]!.lowest);
}

describe('fast lottery', () => {
  it('30 slips of one player at once on a wallet that affords 12: exactly 12 orders, never negative', async () => {
    const game = await createTestGame(db(), f.merchantId);
    const p = await newLotteryPlayer(f, 'slips', 1_250n);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => answerOf(placeTestBet(db(), p, game, t.clock))),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(12);
    expect(answers.filter((a) => a.code === 'WALLET_INSUFFICIENT_FUNDS')).toHaveLength(18);
    expect((await balanceOf(f, p.mainId)).balance).toBe(50n);
    expect(await lowestBalance(p.mainId)).toBeGreaterThanOrEqual(0n);
    const orders = await db()
      .selectFrom('lottery_orders')
      .select(['id', 'stake_minor'])
      .where('member_id', '=', p.memberId)
      .execute();
    expect(orders).toHaveLength(12);
    const records = await db()
      .selectFrom('bet_records')
      .select('id')
      .where('member_id', '=', p.memberId)
      .where('source', '=', 'lottery')
      .execute();
    expect(records).toHaveLength(12);
  });

  it('slips of many players at once, some refused: the refusals fail no neighbour', async () => {
    const game = await createTestGame(db(), f.merchantId);
    const rich = await Promise.all(Array.from({ length: 8 }, () => newLotteryPlayer(f, 'rich', 1_000n)));
    const poor = await Promise.all(Array.from({ length: 8 }, () => newLotteryPlayer(f, 'poor', 50n)));
    const answers = await Promise.all(
      [...rich, ...poor].flatMap((p) => [0, 1].map(() => answerOf(placeTestBet(db(), p, game, t.clock)))),
    );
    expect(answers.slice(0, 16).every((a) => a.status === 200)).toBe(true);
    expect(answers.slice(16).every((a) => a.code === 'WALLET_INSUFFICIENT_FUNDS')).toBe(true);
    for (const p of rich) expect((await balanceOf(f, p.mainId)).balance).toBe(800n);
    for (const p of poor) expect((await balanceOf(f, p.mainId)).balance).toBe(50n);
    // Group-committed: the 16 orders were written by fewer transactions than orders.
    const { rows } = await sql<{ n: string }>`
      select count(distinct xmin::text) as n from lottery_orders
       where member_id = any(${rich.map((p) => p.memberId)}::uuid[])`.execute(db());
    expect(Number(rows[0]!.n)).toBeLessThan(16);
  });

  it('one key sent 20 times at once makes one order; another slip under it is a conflict, even at once', async () => {
    const game = await createTestGame(db(), f.merchantId);
    const p = await newLotteryPlayer(f, 'slipkey');
    const request = {
      gameCode: game.code,
      drawNo: openDraw(scheduleOf(game), t.clock.now().getTime()).drawNo,
      tickets: [
        { playType: '5D_POSITION', selection: [[3], [], [], [], []], unitStakeMinor: 100, multiple: 1 },
      ],
      chase: { draws: 3, stopOnWin: false },
      idempotencyKey: betKey(),
    };
    const other = { ...request, tickets: [{ ...request.tickets[0]!, selection: [[4], [], [], [], []] }] };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        answerOf(placeLotteryBet(db(), p, i === 10 ? other : request, () => t.clock.now())),
      ),
    );
    const placed = answers.filter((a) => a.status === 200);
    const ids = new Set(placed.map((a) => String((a.value as { order: { id: bigint } }).order.id)));
    expect(ids.size).toBe(1);
    // The odd one out is a conflict unless it came first (then the 19 copies are).
    expect(placed.length === 19 || placed.length === 1).toBe(true);
    expect(answers.filter((a) => a.code === 'LEDGER_IDEMPOTENCY_CONFLICT')).toHaveLength(20 - placed.length);
    const orders = await db()
      .selectFrom('lottery_orders')
      .select('id')
      .where('member_id', '=', p.memberId)
      .execute();
    expect(orders).toHaveLength(1);
    expect((await balanceOf(f, p.mainId)).balance).toBe(100_000n - 300n);
  });
});

describe('Vietnamese lottery', () => {
  const deSlip = (date: string, numbers: string[], points: number): VnBetRequest => ({
    province: 'MB',
    date,
    tickets: [{ betType: 'de', numbers, points }],
    idempotencyKey: betKey(),
  });

  it('concurrent slips of many players never take a number past its cap, in a batch or across', async () => {
    const date = tomorrowVnDay(t.clock.now());
    const config = await payoutConfigOf(db(), f.merchantId);
    const slip = deSlip(date, ['66', '67'], 10);
    // Two numbers, the stake split evenly over them: each takes half the slip's stake.
    const stake = vnTicketCostMinor(ruleTicket(slip.tickets[0]!, 'north'), config);
    const perNumber = stake / 2n;
    const limits = await limitsOf(db(), f.merchantId);
    await saveLimits(
      db(),
      f.merchantId,
      { ...limits, de: { minStakeMinor: 1n, maxStakeMinor: stake, perNumberMaxMinor: perNumber * 7n + 1n } },
      t.clock.now(),
    );
    try {
      const players = await Promise.all(
        Array.from({ length: 10 }, () => newLotteryPlayer(f, 'vncap', stake * 5n)),
      );
      const answers = await Promise.all(
        players.flatMap((p) =>
          [0, 1, 2].map(() =>
            answerOf(placeVnBet(db(), p, deSlip(date, ['66', '67'], 10), () => t.clock.now())),
          ),
        ),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(7);
      expect(answers.filter((a) => a.code === 'LOTTERY_NUMBER_LIMIT_REACHED')).toHaveLength(23);
      const draw = (await drawByDay(db(), f.merchantId, 'MB', date))!;
      const exposure = await db()
        .selectFrom('vn_exposure')
        .select(['number_key', 'total_minor'])
        .where('draw_id', '=', draw.id)
        .where('bet_type', '=', 'de')
        .orderBy('number_key')
        .execute();
      expect(exposure).toEqual([
        { number_key: '66', total_minor: perNumber * 7n },
        { number_key: '67', total_minor: perNumber * 7n },
      ]);
      const sold = await db()
        .selectFrom('vn_tickets')
        .select((eb) => eb.fn.sum<string>('stake_minor').as('total'))
        .where('draw_id', '=', draw.id)
        .executeTakeFirstOrThrow();
      expect(BigInt(sold.total)).toBe(stake * 7n);
      let balances = 0n;
      for (const p of players) balances += (await balanceOf(f, p.mainId)).balance;
      expect(balances).toBe(stake * 50n - stake * 7n);
    } finally {
      await saveLimits(db(), f.merchantId, limits, t.clock.now());
    }
  });

  it('30 slips of one player at once on a wallet that affords 12, and one key 20 times: one slip', async () => {
    const date = tomorrowVnDay(t.clock.now());
    const config = await payoutConfigOf(db(), f.merchantId);
    const first = deSlip(date, ['12'], 10);
    const stake = vnTicketCostMinor(ruleTicket(first.tickets[0]!, 'north'), config);
    const p = await newLotteryPlayer(f, 'vnfunds', stake * 12n + 1n);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        answerOf(placeVnBet(db(), p, deSlip(date, ['12'], 10), () => t.clock.now())),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(12);
    expect(answers.filter((a) => a.code === 'WALLET_INSUFFICIENT_FUNDS')).toHaveLength(18);
    expect((await balanceOf(f, p.mainId)).balance).toBe(1n);
    expect(await lowestBalance(p.mainId)).toBeGreaterThanOrEqual(0n);

    const q = await newLotteryPlayer(f, 'vnkey', stake * 3n);
    const slip = deSlip(date, ['34'], 10);
    const copies = await Promise.all(
      Array.from({ length: 20 }, () => answerOf(placeVnBet(db(), q, slip, () => t.clock.now()))),
    );
    expect(copies.every((a) => a.status === 200)).toBe(true);
    const ids = new Set(copies.map((a) => String((a.value as { tickets: { id: bigint }[] }).tickets[0]!.id)));
    expect(ids.size).toBe(1);
    expect((await balanceOf(f, q.mainId)).balance).toBe(stake * 2n);
    const tickets = await db()
      .selectFrom('vn_tickets')
      .select('id')
      .where('member_id', '=', q.memberId)
      .execute();
    expect(tickets).toHaveLength(1);
  });
});
