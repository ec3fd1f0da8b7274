import { randomUUID } from 'node:crypto';
import type { LotteryBetRequest } from '@sorte/contracts';
import type { Draw } from '@sorte/lottery';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { answerOf, expectIdempotentBurst } from '../../../test/idempotent-burst.ts';
import { createAuthTestApp } from '../auth/auth.test-helpers.ts';
import {
  bonusRowOf,
  bonusSlips,
  transfersKeyed as countTransfers,
  expireDue,
} from '../bonuses/bonus.test-helpers.ts';
import { houseShardFor, systemAccountId } from '../ledger/index.ts';
import { balanceOf, expectVerified, type Fixture, fixture } from '../ledger/ledger.test-helpers.ts';
import { cancelDraw, drawDue, settleDrawn } from './lottery.engine.ts';
import type { LotteryGame } from './lottery.games.ts';
import {
  bonusLotteryPlayer,
  createTestGame,
  newLotteryPlayer,
  openTestDraw,
  passDraw,
  placeTestBet,
} from './lottery.test-helpers.ts';

/**
 * The bonus side of the fast lottery (modules/bonuses): an order of a member wagering a bonus takes
 * cash first then bonus (the whole order, every draw of a chase) and leaves one bonus slip open under
 * `lottery:<member>:<key>`; each ticket settled or refunded is a piece of it — a win's return split by
 * the slip's parts (the remainder to the bonus side), the piece's contribution (ELOTT, the category of
 * the tickets' betting records) counted at its draw, a refund's bonus part back where the bonus went.
 * On PGlite and PostgreSQL, `verify` after each.
 */

let t: TestApp;
let f: Fixture;
beforeAll(async () => {
  t = await createAuthTestApp({});
  f = await fixture(t);
  await sql`update merchants set bonuses_enabled = true where id = ${f.merchantId}`.execute(f.db);
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => expectVerified(t.ctx.db));

const db = () => t.ctx.db;

/** A member with `cash` on main and an active bonus: lottery tickets (ELOTT) count 50 % unless told. */
const bonusMember = (
  cash: bigint,
  bonus: bigint,
  terms: { times?: number; maxBet?: bigint; elottBps?: number } = {},
) => bonusLotteryPlayer(f, t.clock.now(), 'ELOTT', cash, bonus, { ...terms, bps: terms.elottBps });
type Member = Awaited<ReturnType<typeof bonusMember>>;

const bonusRow = (p: Member) => bonusRowOf(db(), p.bonusRowId);
const slipsOf = (p: Member) => bonusSlips(db(), { bonusId: p.bonusRowId });
const transfersKeyed = (pattern: string) => countTransfers(db(), f.merchantId, pattern);

/** One 5D_POSITION ticket on the first digit: `hit` picks the digit the draw will show, else another. */
function ticket(draw: { future: Draw }, unitStakeMinor: number, hit: boolean) {
  const drawn = Number(draw.future[0]);
  const digit = hit ? drawn : (drawn + 1) % 10;
  return { playType: '5D_POSITION', selection: [[digit], [], [], [], []], unitStakeMinor, multiple: 1 };
}

function bet(p: Member, game: LotteryGame, overrides: Partial<LotteryBetRequest>) {
  return placeTestBet(db(), p, game, t.clock, overrides);
}

/** Draws and settles every draw due at the clock's time. */
async function drawAndSettle() {
  await drawDue(db(), t.clock.now());
  await settleDrawn(db(), t.clock.now(), 1000);
}

async function ticketPayout(ticketId: bigint): Promise<bigint> {
  const row = await db()
    .selectFrom('lottery_tickets')
    .select(['payout_minor'])
    .where('id', '=', ticketId)
    .executeTakeFirstOrThrow();
  return row.payout_minor;
}

describe('fast lottery orders with a bonus', () => {
  it('takes cash first then bonus; a win splits its return by the slip, the remainder to the bonus side', async () => {
    const game = await createTestGame(db(), f.merchantId);
    const draw = await openTestDraw(db(), game, t.clock);
    const even = await bonusMember(100n, 300n); // requirement 600
    const odd = await bonusMember(101n, 300n);
    const cash = await newLotteryPlayer(f, 'lotcash', 1_000n);
    const placed = await bet(even, game, { tickets: [ticket(draw, 400, true)] });
    const oddPlaced = await bet(odd, game, { tickets: [ticket(draw, 401, true)] });
    await placeTestBet(db(), cash, game, t.clock, { tickets: [ticket(draw, 400, true)] });
    expect(await even.balances()).toEqual([0n, 0n]);
    expect(await odd.balances()).toEqual([0n, 0n]);
    expect(await slipsOf(even)).toEqual([
      expect.objectContaining({
        settle_ref: `lottery:${even.memberId}:${placed.order.idempotency_key}`,
        status: 'open',
        cash: '100',
        bonus: '300',
        contribution: '200',
      }),
    ]);
    // Open: nothing counted, the bonus money on the order keeps the bonus alive at a balance of 0.
    expect(await bonusRow(even)).toMatchObject({ status: 'active', wagered: '0', open: '300' });
    expect(await transfersKeyed(`bonus:lottery:${even.memberId}:%:draw`)).toBe(1);

    passDraw(t.clock, draw);
    await drawAndSettle();
    const won = await ticketPayout(placed.tickets[0]!.id);
    expect(won).toBeGreaterThan(400n);
    // Cash gets ⌊return × 100 / 400⌋, the bonus the rest; the cash player is paid the whole return.
    expect(await even.balances()).toEqual([won / 4n, won - won / 4n]);
    expect((await balanceOf(f, cash.mainId)).balance).toBe(600n + won);
    expect(await slipsOf(even)).toEqual([
      expect.objectContaining({
        status: 'settled',
        payout_cash: String(won / 4n),
        payout_bonus: String(won - won / 4n),
      }),
    ]);
    expect(await bonusRow(even)).toMatchObject({ status: 'active', wagered: '200', open: '0' });
    expect(
      await transfersKeyed(`bonus:${even.bonusRowId}:lottery:ticket:${placed.tickets[0]!.id}:share`),
    ).toBe(1);
    const oddWon = await ticketPayout(oddPlaced.tickets[0]!.id);
    const oddCash = (oddWon * 101n) / 401n;
    expect(await odd.balances()).toEqual([oddCash, oddWon - oddCash]);
  });

  it('a losing ticket counts its contribution and pays nothing; a bonus all on it is lost', async () => {
    const game = await createTestGame(db(), f.merchantId);
    const draw = await openTestDraw(db(), game, t.clock);
    const all = await bonusMember(100n, 300n);
    const part = await bonusMember(50n, 500n);
    await bet(all, game, { tickets: [ticket(draw, 400, false)] });
    await bet(part, game, { tickets: [ticket(draw, 200, false)] });
    passDraw(t.clock, draw);
    await drawAndSettle();
    expect(await all.balances()).toEqual([0n, 0n]);
    expect(await slipsOf(all)).toEqual([
      expect.objectContaining({
        status: 'settled',
        contribution: '200',
        payout_cash: '0',
        payout_bonus: '0',
      }),
    ]);
    expect(await bonusRow(all)).toMatchObject({ status: 'lost', wagered: '200', open: '0' });
    expect(await transfersKeyed(`bonus:${all.bonusRowId}:%`)).toBe(1); // the grant only
    expect(await part.balances()).toEqual([0n, 350n]);
    expect(await bonusRow(part)).toMatchObject({ status: 'active', wagered: '100', open: '0' });
  });

  it('the draw that meets the requirement converts the bonus once; later orders are cash', async () => {
    const game = await createTestGame(db(), f.merchantId);
    const p = await bonusMember(100n, 300n, { times: 1, elottBps: 10_000 }); // requirement 300
    const draw = await openTestDraw(db(), game, t.clock);
    const placed = await bet(p, game, { tickets: [ticket(draw, 400, true)] });
    passDraw(t.clock, draw);
    await drawAndSettle();
    const won = await ticketPayout(placed.tickets[0]!.id);
    // 400 counted ≥ 300: the bonus share of the win converts with the rest, once.
    expect(await p.balances()).toEqual([won, 0n]);
    expect(await bonusRow(p)).toMatchObject({
      status: 'completed',
      wagered: '400',
      converted: String(won - won / 4n),
    });
    expect(await transfersKeyed(`bonus:${p.bonusRowId}:convert`)).toBe(1);
    const next = await openTestDraw(db(), game, t.clock);
    await bet(p, game, { tickets: [ticket(next, 100, false)] });
    expect(await p.balances()).toEqual([won - 100n, 0n]);
    passDraw(t.clock, next);
    await drawAndSettle();
    expect(await slipsOf(p)).toHaveLength(1);
    expect(await transfersKeyed(`bonus:${p.bonusRowId}:convert`)).toBe(1);
    expect(await bonusRow(p)).toMatchObject({ status: 'completed', converted: String(won - won / 4n) });
  });

  it('over the max bet (a chase: its whole stake) or past cash + bonus is refused with nothing moved', async () => {
    const game = await createTestGame(db(), f.merchantId);
    const draw = await openTestDraw(db(), game, t.clock);
    const p = await bonusMember(2_000n, 300n, { maxBet: 500n });
    const over = await answerOf(bet(p, game, { tickets: [ticket(draw, 501, true)] }));
    expect(over).toMatchObject({ status: 422, code: 'BONUS_MAX_BET_EXCEEDED' });
    // 300 a draw over two draws is 600: the order's stake is what the max bet holds.
    const chase = await answerOf(
      bet(p, game, {
        tickets: [ticket(draw, 300, true)],
        chase: { draws: 2, stopOnWin: false, multiples: [1, 1] },
      }),
    );
    expect(chase).toMatchObject({ status: 422, code: 'BONUS_MAX_BET_EXCEEDED' });
    const poor = await bonusMember(100n, 300n);
    expect(await answerOf(bet(poor, game, { tickets: [ticket(draw, 401, true)] }))).toMatchObject({
      status: 409,
      code: 'WALLET_INSUFFICIENT_FUNDS',
    });
    expect(await p.balances()).toEqual([2_000n, 300n]);
    expect(await poor.balances()).toEqual([100n, 300n]);
    expect(await slipsOf(p)).toEqual([]);
    expect(await slipsOf(poor)).toEqual([]);
    const orders = await db()
      .selectFrom('lottery_orders')
      .select('id')
      .where('member_id', 'in', [p.memberId, poor.memberId])
      .execute();
    expect(orders).toEqual([]);
    expect(await bonusRow(p)).toMatchObject({ open: '0' });
    // At the max bet it is placed, from cash alone (cash first).
    await bet(p, game, { tickets: [ticket(draw, 500, false)] });
    expect(await p.balances()).toEqual([1_500n, 300n]);
    expect(await slipsOf(p)).toEqual([expect.objectContaining({ status: 'open', cash: '500', bonus: '0' })]);
  });

  it('one order key sent 20 times at once takes the stake once (100 cash, 300 bonus)', async () => {
    const game = await createTestGame(db(), f.merchantId);
    const draw = await openTestDraw(db(), game, t.clock);
    const p = await bonusMember(100n, 300n);
    const key = randomUUID();
    const first = await expectIdempotentBurst(
      () => answerOf(bet(p, game, { tickets: [ticket(draw, 400, false)], idempotencyKey: key })),
      { db: db(), balance: async () => (await balanceOf(f, p.mainId)).balance, moved: -100n, copies: 20 },
    );
    expect(first.status).toBe(200);
    expect(await p.balances()).toEqual([0n, 0n]);
    expect(await slipsOf(p)).toHaveLength(1);
    expect(await bonusRow(p)).toMatchObject({ open: '300' });
    expect(await transfersKeyed(`bonus:lottery:${p.memberId}:${key}:draw`)).toBe(1);
    expect(await transfersKeyed(`lottery:${p.memberId}:${key}:stake`)).toBe(1);
  });

  it('a cancelled draw refunds both parts where they came from, counting nothing', async () => {
    const game = await createTestGame(db(), f.merchantId);
    const draw = await openTestDraw(db(), game, t.clock);
    const p = await bonusMember(100n, 300n);
    await bet(p, game, { tickets: [ticket(draw, 250, true), ticket(draw, 150, false)] });
    expect(await p.balances()).toEqual([0n, 0n]);
    await cancelDraw(db(), f.merchantId, draw.id, 'feed failure', t.clock.now());
    expect(await p.balances()).toEqual([100n, 300n]);
    expect(await slipsOf(p)).toEqual([
      expect.objectContaining({ status: 'void', payout_cash: '0', payout_bonus: '0' }),
    ]);
    expect(await bonusRow(p)).toMatchObject({ status: 'active', wagered: '0', open: '0' });
  });

  it('a chase counts only the draws that settled; the refunded draws give their bonus part back', async () => {
    const game = await createTestGame(db(), f.merchantId);
    const first = await openTestDraw(db(), game, t.clock);
    const p = await bonusMember(100n, 300n);
    // 200 a draw over two draws: 100 cash + 300 bonus; contribution 200 (50 %).
    const placed = await bet(p, game, {
      tickets: [ticket(first, 200, false)],
      chase: { draws: 2, stopOnWin: false, multiples: [1, 1] },
    });
    const second = placed.tickets[1]!.draw_id;
    passDraw(t.clock, first);
    await drawAndSettle();
    // The first draw lost: half the stake settled, 100 counted; 150 of the bonus still on the order.
    expect(await bonusRow(p)).toMatchObject({ status: 'active', wagered: '100', open: '150' });
    expect(await slipsOf(p)).toEqual([expect.objectContaining({ status: 'open' })]);
    await cancelDraw(db(), f.merchantId, second, 'feed failure', t.clock.now());
    // The second refunded: 200 − ⌊100 × 200 / 400⌋ = 150 back to the bonus, 50 stays cash.
    expect(await p.balances()).toEqual([50n, 150n]);
    expect(await slipsOf(p)).toEqual([expect.objectContaining({ status: 'settled', contribution: '200' })]);
    expect(await bonusRow(p)).toMatchObject({ status: 'active', wagered: '100', open: '0' });
  });

  it('a stop-on-win chase: the win is shared, the stopped draws refund their bonus part', async () => {
    const game = await createTestGame(db(), f.merchantId);
    const first = await openTestDraw(db(), game, t.clock);
    const p = await bonusMember(100n, 500n);
    // 200 a draw over three: 100 cash + 500 bonus.
    const placed = await bet(p, game, {
      tickets: [ticket(first, 200, true)],
      chase: { draws: 3, stopOnWin: true, multiples: [1, 1, 1] },
    });
    passDraw(t.clock, first);
    await drawAndSettle();
    const won = await ticketPayout(placed.tickets[0]!.id);
    // The win: ⌊won × 100 / 600⌋ cash. The two stopped draws, 400: 400 − ⌊100 × 400 / 600⌋ = 334 bonus.
    const cash = (won * 100n) / 600n;
    expect(await p.balances()).toEqual([cash + 66n, won - cash + 334n]);
    expect(await slipsOf(p)).toEqual([
      expect.objectContaining({
        status: 'settled',
        payout_cash: String(cash),
        payout_bonus: String(won - cash),
      }),
    ]);
    // Only the settled third counted: ⌊300 × 200 / 600⌋ = 100 of the 300.
    expect(await bonusRow(p)).toMatchObject({ status: 'active', wagered: '100', open: '0' });
  });

  it('two settlers racing on small batches pay and share each ticket once, beside cash players', async () => {
    const game = await createTestGame(db(), f.merchantId);
    const draw = await openTestDraw(db(), game, t.clock);
    const members = await Promise.all(Array.from({ length: 6 }, () => bonusMember(100n, 300n)));
    const cash = await Promise.all(Array.from({ length: 4 }, () => newLotteryPlayer(f, 'lotrace', 1_000n)));
    // Each bonus member: two tickets of 200 (a hit and a miss), one order of 400 = 100 cash + 300 bonus.
    const orders = await Promise.all(
      members.map((p) => bet(p, game, { tickets: [ticket(draw, 200, true), ticket(draw, 200, false)] })),
    );
    await Promise.all(
      cash.map((p) => placeTestBet(db(), p, game, t.clock, { tickets: [ticket(draw, 200, true)] })),
    );
    passDraw(t.clock, draw);
    await drawDue(db(), t.clock.now());
    await Promise.all([
      settleDrawn(db(), t.clock.now(), 1, { workers: 2 }),
      settleDrawn(db(), t.clock.now(), 2, { workers: 2 }),
    ]);
    await settleDrawn(db(), t.clock.now(), 1000);
    for (const [i, p] of members.entries()) {
      const won = await ticketPayout(orders[i]!.tickets[0]!.id);
      expect(await p.balances()).toEqual([won / 4n, won - won / 4n]);
      expect(await slipsOf(p)).toEqual([expect.objectContaining({ status: 'settled' })]);
      expect(await bonusRow(p)).toMatchObject({ status: 'active', wagered: '200', open: '0' });
      expect(await transfersKeyed(`bonus:${p.bonusRowId}:lottery:ticket:%`)).toBe(1);
    }
    for (const p of cash) expect((await balanceOf(f, p.mainId)).balance).toBeGreaterThan(800n);
  });

  it('a draw settled after the bonus expired sends the bonus share to the bonus pool', async () => {
    const game = await createTestGame(db(), f.merchantId);
    const draw = await openTestDraw(db(), game, t.clock);
    const p = await bonusMember(100n, 500n);
    const pool = await systemAccountId(
      db(),
      f.merchantId,
      'bonus_pool',
      f.currency,
      houseShardFor(p.memberId),
    );
    const placed = await bet(p, game, { tickets: [ticket(draw, 400, true)] }); // 100 cash + 300 bonus
    await sql`update member_bonuses set expires_at = now() - interval '1 minute' where id = ${String(p.bonusRowId)}`.execute(
      db(),
    );
    const poolBefore = (await balanceOf(f, pool)).balance;
    await expireDue(db(), new Date());
    expect(await bonusRow(p)).toMatchObject({ status: 'expired', open: '300' });
    expect((await balanceOf(f, pool)).balance - poolBefore).toBe(200n);
    passDraw(t.clock, draw);
    await drawAndSettle();
    const won = await ticketPayout(placed.tickets[0]!.id);
    expect(await p.balances()).toEqual([won / 4n, 0n]);
    expect((await balanceOf(f, pool)).balance - poolBefore).toBe(200n + won - won / 4n);
    expect(await bonusRow(p)).toMatchObject({ status: 'expired', wagered: '0', open: '0' });
    expect(await transfersKeyed(`bonus:${p.bonusRowId}:lottery:ticket:${placed.tickets[0]!.id}:late`)).toBe(
      1,
    );
  });
});
