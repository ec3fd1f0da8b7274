import type { VnBetRequest } from '@sorte/contracts';
import { settleVnTicket, vnLocalDay } from '@sorte/lottery';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness.ts';
import { answerOf, expectIdempotentBurst } from '../../../../test/idempotent-burst.ts';
import { createAuthTestApp } from '../../auth/auth.test-helpers.ts';
import {
  bonusRowOf,
  bonusSlips,
  transfersKeyed as countTransfers,
} from '../../bonuses/bonus.test-helpers.ts';
import { balanceOf, expectVerified, type Fixture, fixture } from '../../ledger/ledger.test-helpers.ts';
import { betKey, bonusLotteryPlayer, newLotteryPlayer } from '../lottery.test-helpers.ts';
import { limitsOf, payoutConfigOf, saveLimits, savePayoutConfig } from './vn.config.ts';
import { addDays, drawByDay } from './vn.draws.ts';
import { placeVnBet, ruleTicket } from './vn.bets.ts';
import { sampleVnResult } from './vn.seed.ts';
import { refundVnDraw, settleVnDraw } from './vn.settle.ts';

/**
 * The bonus side of the Vietnamese lottery (modules/bonuses): a slip of a member wagering a bonus
 * takes cash first then bonus and leaves one bonus slip open under `lottery_vn:<member>:<key>`; each
 * ticket settled (batch by batch) or refunded is a piece of it — a win's return split by the slip's
 * parts, the contribution (LOTT, the tickets' betting records' category) counted at the draw, a
 * refund's bonus part back to the bonus. Đề is repriced to 1 minor unit a point (80 a hit), so a
 * stake is its points. On PGlite and PostgreSQL, `verify` after each.
 */

let t: TestApp;
let f: Fixture;
beforeAll(async () => {
  t = await createAuthTestApp({});
  f = await fixture(t);
  await sql`update merchants set bonuses_enabled = true where id = ${f.merchantId}`.execute(f.db);
  const config = await payoutConfigOf(f.db, f.merchantId);
  const onePerPoint = { kind: 'perPoint', pricePerPointMinor: 1n, payoutPerPointMinor: 80n } as const;
  await savePayoutConfig(
    f.db,
    f.merchantId,
    { ...config, de: { north: onePerPoint, central: onePerPoint, south: onePerPoint } },
    t.clock.now(),
  );
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => expectVerified(t.ctx.db));

const db = () => t.ctx.db;
const transfersKeyed = (pattern: string) => countTransfers(db(), f.merchantId, pattern);

/** A member with `cash` on main and an active bonus: Vietnamese tickets (LOTT) count 50 %. */
const bonusMember = (cash: bigint, bonus: bigint) =>
  bonusLotteryPlayer(f, t.clock.now(), 'LOTT', cash, bonus);

/** Hà Nội's (MB) draw `days` ahead: it draws daily, so each test takes a draw of its own. */
const dayAhead = (days: number) => addDays(vnLocalDay(t.clock.now()).date, days);

const slip = (date: string, tickets: { number: string; points: number }[]): VnBetRequest => ({
  province: 'MB',
  date,
  tickets: tickets.map((x) => ({ betType: 'de', numbers: [x.number], points: x.points })),
  idempotencyKey: betKey(),
});

/** A đề number the sample result of `seed` pays, and one it does not. */
async function numbersFor(seed: string) {
  const result = sampleVnResult('north', seed);
  const config = await payoutConfigOf(db(), f.merchantId);
  const pays = (number: string) =>
    settleVnTicket(ruleTicket({ betType: 'de', numbers: [number], points: 1 }, 'north'), result, config)
      .payoutMinor > 0n;
  const all = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
  return { hit: all.find(pays)!, miss: all.find((n) => !pays(n))! };
}

/** Gives the draw the sample result of `seed` as if approved, and settles it one ticket a batch. */
async function settle(drawId: bigint, seed: string) {
  await db()
    .updateTable('vn_draws')
    .set({ status: 'settling', result: JSON.stringify(sampleVnResult('north', seed)) })
    .where('id', '=', drawId)
    .execute();
  return settleVnDraw(db(), drawId, t.clock.now(), 1);
}

describe('Vietnamese slips with a bonus', () => {
  it('takes cash first then bonus; its tickets settle batch by batch, the win split by the slip', async () => {
    const date = dayAhead(1);
    const { hit, miss } = await numbersFor('bonus-1');
    const p = await bonusMember(100n, 300n); // requirement 600
    const placed = await placeVnBet(
      db(),
      p,
      slip(date, [
        { number: hit, points: 150 },
        { number: miss, points: 250 },
      ]),
      () => t.clock.now(),
    );
    expect(await p.balances()).toEqual([0n, 0n]);
    expect(await bonusSlips(db(), { bonusId: p.bonusRowId })).toEqual([
      expect.objectContaining({ status: 'open', cash: '100', bonus: '300', contribution: '200' }),
    ]);
    expect(await bonusRowOf(db(), p.bonusRowId)).toMatchObject({ wagered: '0', open: '300' });
    await settle(placed.draw.id, 'bonus-1');
    const tickets = await db()
      .selectFrom('vn_tickets')
      .select(['payout_minor', 'status'])
      .where('member_id', '=', p.memberId)
      .orderBy('slip_index')
      .execute();
    expect(tickets.map((x) => x.status)).toEqual(['won', 'lost']);
    const won = tickets[0]!.payout_minor;
    expect(won).toBeGreaterThan(0n);
    expect(await p.balances()).toEqual([won / 4n, won - won / 4n]);
    expect(await bonusSlips(db(), { bonusId: p.bonusRowId })).toEqual([
      expect.objectContaining({
        status: 'settled',
        payout_cash: String(won / 4n),
        payout_bonus: String(won - won / 4n),
      }),
    ]);
    // Both pieces counted: ⌊200 × 150 / 400⌋ = 75, then 200 − 75.
    expect(await bonusRowOf(db(), p.bonusRowId)).toMatchObject({
      status: 'active',
      wagered: '200',
      open: '0',
    });
  });

  it('a losing slip counts and pays nothing; a bonus all on it is lost', async () => {
    const date = dayAhead(2);
    const { miss } = await numbersFor('bonus-2');
    const p = await bonusMember(100n, 300n);
    const placed = await placeVnBet(db(), p, slip(date, [{ number: miss, points: 400 }]), () =>
      t.clock.now(),
    );
    await settle(placed.draw.id, 'bonus-2');
    expect(await p.balances()).toEqual([0n, 0n]);
    expect(await bonusRowOf(db(), p.bonusRowId)).toMatchObject({ status: 'lost', wagered: '200', open: '0' });
  });

  it('a per-number cap refusal of a bonus slip leaves bonus, cash and caps untouched', async () => {
    const date = dayAhead(3);
    const limits = await limitsOf(db(), f.merchantId);
    await saveLimits(
      db(),
      f.merchantId,
      { ...limits, de: { minStakeMinor: 1n, maxStakeMinor: 1_000n, perNumberMaxMinor: 300n } },
      t.clock.now(),
    );
    try {
      const p = await bonusMember(100n, 300n);
      const refused = await answerOf(
        placeVnBet(db(), p, slip(date, [{ number: '77', points: 400 }]), () => t.clock.now()),
      );
      expect(refused).toMatchObject({ status: 409, code: 'LOTTERY_NUMBER_LIMIT_REACHED' });
      // A number another player's slip has taken 100 of: 250 more is past its 300, though cash + bonus afford it.
      const other = await newLotteryPlayer(f, 'vncash', 1_000n);
      await placeVnBet(db(), other, slip(date, [{ number: '81', points: 100 }]), () => t.clock.now());
      const full = await answerOf(
        placeVnBet(db(), p, slip(date, [{ number: '81', points: 250 }]), () => t.clock.now()),
      );
      expect(full).toMatchObject({ status: 409, code: 'LOTTERY_NUMBER_LIMIT_REACHED' });
      const poor = await answerOf(
        placeVnBet(db(), p, slip(date, [{ number: '78', points: 401 }]), () => t.clock.now()),
      );
      expect(poor.code).toBe('LOTTERY_NUMBER_LIMIT_REACHED');
      expect(await p.balances()).toEqual([100n, 300n]);
      expect(await bonusSlips(db(), { bonusId: p.bonusRowId })).toEqual([]);
      expect(await bonusRowOf(db(), p.bonusRowId)).toMatchObject({ open: '0' });
      const draw = await drawByDay(db(), f.merchantId, 'MB', date);
      const exposure = draw
        ? await db()
            .selectFrom('vn_exposure')
            .select(['number_key', 'total_minor'])
            .where('draw_id', '=', draw.id)
            .execute()
        : [];
      const taken = (rows: { number_key: string; total_minor: bigint }[]) =>
        Object.fromEntries(rows.filter((e) => e.total_minor > 0n).map((e) => [e.number_key, e.total_minor]));
      expect(taken(exposure)).toEqual({ '81': 100n });
      // Within the cap but past cash + bonus: refused by the funds, the cap still untouched.
      const broke = await answerOf(
        placeVnBet(
          db(),
          p,
          slip(date, [
            { number: '79', points: 300 },
            { number: '80', points: 101 },
          ]),
          () => t.clock.now(),
        ),
      );
      expect(broke).toMatchObject({ status: 409, code: 'WALLET_INSUFFICIENT_FUNDS' });
      const after = await db()
        .selectFrom('vn_exposure')
        .select(['number_key', 'total_minor'])
        .where('draw_id', '=', draw!.id)
        .execute();
      expect(taken(after)).toEqual({ '81': 100n });
      expect(await p.balances()).toEqual([100n, 300n]);
      // The same slip within both is taken, and raises the caps.
      await placeVnBet(
        db(),
        p,
        slip(date, [
          { number: '79', points: 300 },
          { number: '80', points: 100 },
        ]),
        () => t.clock.now(),
      );
      expect(await p.balances()).toEqual([0n, 0n]);
    } finally {
      await saveLimits(db(), f.merchantId, limits, t.clock.now());
    }
  });

  it('one slip key sent 20 times at once takes the stake once (100 cash, 300 bonus)', async () => {
    const p = await bonusMember(100n, 300n);
    const request = slip(dayAhead(4), [{ number: '12', points: 400 }]);
    const first = await expectIdempotentBurst(
      () => answerOf(placeVnBet(db(), p, request, () => t.clock.now())),
      {
        db: db(),
        balance: async () => (await balanceOf(f, p.mainId)).balance,
        moved: -100n,
        copies: 20,
      },
    );
    expect(first.status).toBe(200);
    expect(await p.balances()).toEqual([0n, 0n]);
    expect(await bonusSlips(db(), { bonusId: p.bonusRowId })).toHaveLength(1);
    expect(await transfersKeyed(`bonus:lottery_vn:${p.memberId}:${request.idempotencyKey}:draw`)).toBe(1);
  });

  it('a cancelled draw refunds both parts where they came from, counting nothing', async () => {
    const p = await bonusMember(100n, 300n);
    const placed = await placeVnBet(
      db(),
      p,
      slip(dayAhead(5), [
        { number: '21', points: 250 },
        { number: '22', points: 150 },
      ]),
      () => t.clock.now(),
    );
    expect(await p.balances()).toEqual([0n, 0n]);
    await db()
      .updateTable('vn_draws')
      .set({ status: 'cancelled' })
      .where('id', '=', placed.draw.id)
      .execute();
    await refundVnDraw(db(), placed.draw.id, t.clock.now(), 1);
    expect(await p.balances()).toEqual([100n, 300n]);
    expect(await bonusSlips(db(), { bonusId: p.bonusRowId })).toEqual([
      expect.objectContaining({ status: 'void' }),
    ]);
    expect(await bonusRowOf(db(), p.bonusRowId)).toMatchObject({ status: 'active', wagered: '0', open: '0' });
  });
});
