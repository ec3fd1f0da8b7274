import { randomUUID } from 'node:crypto';
import { cashOutValue } from '@sorte/money';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectIdempotentBurst } from '../../../test/idempotent-burst.ts';
import type { TestApp } from '../../../test/harness.ts';
import { call, createAuthTestApp } from '../auth/auth.test-helpers.ts';
import {
  bonusRowOf,
  bonusSlips,
  transfersKeyed as countTransfers,
  expireDue,
  grantOperatorBonus,
} from '../bonuses/bonus.test-helpers.ts';
import { houseShardFor, systemAccountId } from '../ledger/index.ts';
import { balanceOf, expectVerified, type Fixture, fixture } from '../ledger/ledger.test-helpers.ts';
import { testBook } from './sportsbook.book.test-helpers.ts';
import { settleSportsBets } from './sportsbook.settle.ts';

/**
 * The bonus side of the sportsbook (modules/bonuses): a bet of a member with an active bonus takes cash
 * first then bonus and leaves its slip open under `sportsbook:<member>:<key>:<i>`; settlement moves the
 * slip with the bet's money — a win split by the slip's parts (the remainder to the bonus side), a loss
 * paying nothing, both counted (SPORTS) when decided; a void refunding each part where it came from,
 * counted nothing; a rollback taking each side back from where it went and reopening the slip, so a
 * resettlement counts once. A full cash-out is the bet's return and counts nothing; a partial one is
 * refused. On PGlite and PostgreSQL, `verify` after each.
 */
let t: TestApp;
let f: Fixture;
const run = randomUUID().slice(0, 8);
const { apply, marketOf, newFixture, sel, player, place, settleMarket, rollback, win, setOdds } = testBook(
  () => t,
  () => f,
  run,
);

beforeAll(async () => {
  t = await createAuthTestApp({});
  f = await fixture(t);
  await sql`update merchants set bonuses_enabled = true where id = ${f.merchantId}`.execute(f.db);
});
afterAll(async () => t?.close());
afterEach(() => expectVerified(t.ctx.db));

const settle = () => settleSportsBets(t.ctx.db, new Date());

/** A member with `cash` on main and an active bonus: sports bets count 50 % unless told. */
async function bonusMember(
  cash: bigint,
  bonus: bigint,
  terms: { times?: number; maxBet?: bigint; sportsBps?: number } = {},
) {
  const p = await player(cash);
  const granted = await grantOperatorBonus(f, p.memberId, {
    amountMinor: bonus,
    times: terms.times ?? 2,
    maxBetMinor: terms.maxBet ?? 1_000n,
    contributionBps: { SPORTS: terms.sportsBps ?? 5_000, RNG: 10_000 },
    now: t.clock.now(),
  });
  const balances = async () => [await p.balance(), (await balanceOf(f, granted.bonusAccountId)).balance];
  return { ...p, ...granted, balances };
}
type Member = Awaited<ReturnType<typeof bonusMember>>;

const bonusRow = (p: Member) => bonusRowOf(f.db, p.bonusRowId);
const slipsOf = (p: Member) => bonusSlips(f.db, { bonusId: p.bonusRowId });
const transfersKeyed = (pattern: string) => countTransfers(f.db, f.merchantId, pattern);
/** The member's one bonus slip, as far as `fields` say. */
const expectSlip = async (p: Member, fields: Record<string, string>) =>
  expect(await slipsOf(p)).toEqual([expect.objectContaining(fields)]);
/** The feed voids the fixture's market (a cancel without a time window). */
const cancel = (fixtureId: string, market: Parameters<typeof marketOf>[0]) =>
  apply({ type: 'bet_cancel', fixtureId, reason: 'void', markets: [marketOf(market)] } as never);

/** A single of `stakeMinor` on the fixture's home win (2.10), answered whole (status, code, bets). */
function bet(token: string, fx: string, stakeMinor: number, idempotencyKey = randomUUID()) {
  return call(t, {
    method: 'POST',
    url: '/wps/sports/bets',
    token,
    payload: {
      type: 'single',
      stakeMinor,
      idempotencyKey,
      oddsPolicy: 'none',
      selections: [sel(fx, '1x2', 'home')],
    },
  });
}

const betsOf = (memberId: string) =>
  f.db.selectFrom('sb_bets').selectAll().where('member_id', '=', memberId).orderBy('id').execute();

const cashOut = (token: string, id: string, body: Record<string, unknown>) =>
  call(t, {
    method: 'POST',
    url: `/wps/sports/bets/${id}/cashout`,
    token,
    payload: { idempotencyKey: randomUUID(), ...body },
  });

describe('sportsbook bets with a bonus', () => {
  it('a bet of 400 takes 100 cash + 300 bonus; its win splits by parts, counted at settlement, once', async () => {
    const p = await bonusMember(100n, 300n); // requirement 600
    const fx = await newFixture();
    const [placed] = await place(p.token, [sel(fx, '1x2', 'home')], 'single', 400);
    expect(await p.balances()).toEqual([0n, 0n]);
    const [slip] = await slipsOf(p);
    expect(slip).toMatchObject({ status: 'open', cash: '100', bonus: '300', contribution: '200' });
    expect(slip!.settle_ref).toMatch(new RegExp(`^sportsbook:${p.memberId}:.+:0$`));
    expect(await bonusRow(p)).toMatchObject({ status: 'active', wagered: '0', open: '300' });
    expect(await transfersKeyed(`bonus:sportsbook:${p.memberId}:%:draw`)).toBe(1);
    // The member's bonusDetails lists the open sports bet under its category.
    const open = await call(t, { method: 'GET', url: '/wps/member/bonuses', token: p.token });
    expect(open.value).toMatchObject({
      openBets: [{ category: 'SPORTS', stakeMinor: 400, bonusPartMinor: 300, contributionMinor: 200 }],
    });

    await settleMarket(fx, '1x2', win('home', 'draw', 'away'));
    await settle();
    // 400 × 2.10 = 840: 210 cash (840 × 100 / 400), 630 bonus.
    expect(await p.balances()).toEqual([210n, 630n]);
    await expectSlip(p, { status: 'settled', payout_cash: '210', payout_bonus: '630' });
    expect(await bonusRow(p)).toMatchObject({ status: 'active', wagered: '200', open: '0' });
    expect(await transfersKeyed(`bonus:${p.bonusRowId}:sportsbook:${placed!.id}:0:share`)).toBe(1);
    // The facts again and settlement again: nothing more moves or counts.
    await settleMarket(fx, '1x2', win('home', 'draw', 'away'));
    await settle();
    expect(await p.balances()).toEqual([210n, 630n]);
    expect(await bonusRow(p)).toMatchObject({ wagered: '200' });
  });

  it('a loss counts and pays nothing (a bonus all on it is lost); a half-win splits its return by parts', async () => {
    const all = await bonusMember(100n, 300n);
    const half = await bonusMember(101n, 300n, { times: 10 });
    const cash = await player(1_000n);
    const fx = await newFixture();
    await place(all.token, [sel(fx, '1x2', 'draw')], 'single', 400);
    await place(cash.token, [sel(fx, '1x2', 'draw')], 'single', 400);
    await place(half.token, [sel(fx, 'asian_handicap|hcp=-0.25', 'home')], 'single', 401);
    await settleMarket(fx, '1x2', win('home', 'draw', 'away'));
    await settleMarket(fx, 'asian_handicap|hcp=-0.25', [
      { id: 'home', result: 'half_win' },
      { id: 'away', result: 'half_lose' },
    ]);
    await settle();
    expect(await all.balances()).toEqual([0n, 0n]);
    await expectSlip(all, { status: 'settled', contribution: '200', payout_cash: '0', payout_bonus: '0' });
    expect(await bonusRow(all)).toMatchObject({ status: 'lost', wagered: '200', open: '0' });
    expect(await cash.balance()).toBe(600n);
    // Half-win at 1.95 on 401: ⌊401 × 1.475⌋ = 591; cash ⌊591 × 101 / 401⌋ = 148, the remainder 443 bonus.
    expect(await half.balances()).toEqual([148n, 443n]);
    expect(await bonusRow(half)).toMatchObject({ status: 'active', wagered: '200' });
  });

  it('a void refunds each part where it came from and counts nothing', async () => {
    const p = await bonusMember(100n, 300n);
    const fx = await newFixture();
    await place(p.token, [sel(fx, 'total|total=2.5', 'over')], 'single', 400);
    await cancel(fx, 'total|total=2.5');
    await settle();
    expect(await p.balances()).toEqual([100n, 300n]);
    await expectSlip(p, { status: 'settled', contribution: '0', payout_cash: '100', payout_bonus: '300' });
    expect(await bonusRow(p)).toMatchObject({ status: 'active', wagered: '0', open: '0' });
  });

  it('the bet that meets the requirement converts the bonus once; later bets are cash bets', async () => {
    const p = await bonusMember(100n, 500n, { times: 1, sportsBps: 10_000 }); // requirement 500
    const [a, b, c] = [await newFixture(), await newFixture(), await newFixture()];
    await place(p.token, [sel(a, '1x2', 'draw')], 'single', 400); // 100 cash + 300 bonus, lost
    await settleMarket(a, '1x2', win('home', 'draw', 'away'));
    await settle();
    expect(await p.balances()).toEqual([0n, 200n]);
    expect(await bonusRow(p)).toMatchObject({ status: 'active', wagered: '400' });
    await place(p.token, [sel(b, '1x2', 'home')], 'single', 200); // all bonus
    await settleMarket(b, '1x2', win('home', 'draw', 'away'));
    await settle();
    // 420 all to the bonus side, then 600 ≥ 500 converts it.
    expect(await p.balances()).toEqual([420n, 0n]);
    expect(await bonusRow(p)).toMatchObject({ status: 'completed', wagered: '600', converted: '420' });
    expect(await transfersKeyed(`bonus:${p.bonusRowId}:convert`)).toBe(1);
    await place(p.token, [sel(c, '1x2', 'home')], 'single', 100);
    await settleMarket(c, '1x2', win('home', 'draw', 'away'));
    await settle();
    expect(await p.balances()).toEqual([530n, 0n]);
    expect(await slipsOf(p)).toHaveLength(2);
    expect(await transfersKeyed(`bonus:${p.bonusRowId}:convert`)).toBe(1);
  });

  it('over the max bet or past cash + bonus is refused with nothing moved and no bet taken', async () => {
    const p = await bonusMember(2_000n, 300n, { maxBet: 500n });
    const poor = await bonusMember(100n, 300n);
    const fx = await newFixture();
    expect(await bet(p.token, fx, 501)).toMatchObject({ status: 422, code: 'BONUS_MAX_BET_EXCEEDED' });
    expect(await bet(poor.token, fx, 401)).toMatchObject({ status: 409, code: 'WALLET_INSUFFICIENT_FUNDS' });
    expect(await p.balances()).toEqual([2_000n, 300n]);
    expect(await poor.balances()).toEqual([100n, 300n]);
    expect(await slipsOf(p)).toEqual([]);
    expect(await slipsOf(poor)).toEqual([]);
    // No bet, so no liability (the liability is the open bets' legs).
    expect(await betsOf(p.memberId)).toEqual([]);
    expect(await betsOf(poor.memberId)).toEqual([]);
    // At the max bet it is placed, from cash alone (cash first).
    expect((await bet(p.token, fx, 500)).status).toBe(200);
    expect(await p.balances()).toEqual([1_500n, 300n]);
    await expectSlip(p, { status: 'open', cash: '500', bonus: '0' });
  });

  it('one bet key sent 20 times at once takes the stake once (100 cash, 300 bonus)', async () => {
    const p = await bonusMember(100n, 300n);
    const fx = await newFixture();
    const key = randomUUID();
    const first = await expectIdempotentBurst(() => bet(p.token, fx, 400, key), {
      db: f.db,
      balance: p.balance,
      moved: -100n,
      copies: 20,
    });
    expect(first).toMatchObject({ status: 200 });
    expect(await p.balances()).toEqual([0n, 0n]);
    expect(await betsOf(p.memberId)).toHaveLength(1);
    expect(await slipsOf(p)).toHaveLength(1);
    expect(await bonusRow(p)).toMatchObject({ open: '300' });
    expect(await transfersKeyed(`bonus:sportsbook:${p.memberId}:${key}:0:draw`)).toBe(1);
  });

  it('a full cash-out is the return split by parts, counted nothing; 20 at once pay and share once; partial refused', async () => {
    const p = await bonusMember(100n, 300n);
    const fx = await newFixture();
    const [placed] = await place(p.token, [sel(fx, '1x2', 'home')], 'single', 400);
    await setOdds(fx, '1x2', { home: 1_500, draw: 3_800, away: 5_000 });
    // 400 × 2.10 / 1.50 × 0.95 = 532.
    const price = cashOutValue(400n, [{ odds: 2_100, currentOdds: 1_500 }], 500);
    expect(price).toBe(532n);
    // Offered whole only: the bet's view says so, and part of it is refused.
    const view = await call(t, { method: 'GET', url: `/wps/sports/bets/${placed!.id}`, token: p.token });
    expect(view.value).toMatchObject({ cashOut: { availableMinor: 532, partial: false } });
    const partial = await cashOut(p.token, placed!.id, { expectedMinor: 532, amountMinor: 200 });
    expect(partial).toMatchObject({ status: 422, code: 'SPORTS_CASHOUT_PARTIAL_BONUS' });
    expect(await p.balances()).toEqual([0n, 0n]);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        cashOut(p.token, placed!.id, { expectedMinor: 532, ...(i % 2 ? { idempotencyKey: key } : {}) }),
      ),
    );
    const paid = answers.filter((a) => a.status === 200);
    expect(paid.length).toBeGreaterThanOrEqual(1);
    for (const a of answers)
      if (a.status !== 200) expect(a).toMatchObject({ status: 409, code: 'SPORTS_CASHOUT_UNAVAILABLE' });
    // 532: 133 cash (532 × 100 / 400), 399 bonus; nothing counted.
    expect(await p.balances()).toEqual([133n, 399n]);
    expect(await transfersKeyed(`sportsbook:bet:${placed!.id}:cashout:%`)).toBe(1);
    expect(await transfersKeyed(`bonus:${p.bonusRowId}:sportsbook:cashout:${placed!.id}:share`)).toBe(1);
    await expectSlip(p, { status: 'settled', contribution: '0', payout_cash: '133', payout_bonus: '399' });
    expect(await bonusRow(p)).toMatchObject({ status: 'active', wagered: '0', open: '0' });
    // Settlement leaves a cashed-out bet alone.
    await settleMarket(fx, '1x2', win('home', 'draw', 'away'));
    await settle();
    expect(await p.balances()).toEqual([133n, 399n]);
  });

  it('a bet settled after its bonus expired sends the bonus share to the bonus pool', async () => {
    const p = await bonusMember(100n, 500n);
    const pool = await systemAccountId(
      f.db,
      f.merchantId,
      'bonus_pool',
      f.currency,
      houseShardFor(p.memberId),
    );
    const fx = await newFixture();
    const [placed] = await place(p.token, [sel(fx, '1x2', 'home')], 'single', 400); // 100 cash + 300 bonus
    await sql`update member_bonuses set expires_at = now() - interval '1 minute' where id = ${String(p.bonusRowId)}`.execute(
      f.db,
    );
    const poolBefore = (await balanceOf(f, pool)).balance;
    await expireDue(f.db, new Date());
    expect(await bonusRow(p)).toMatchObject({ status: 'expired', open: '300' });
    expect(await p.balances()).toEqual([0n, 0n]);
    await settleMarket(fx, '1x2', win('home', 'draw', 'away'));
    await settle();
    // 840: 210 cash to the member, the 630 bonus share to the pool; nothing counted.
    expect(await p.balances()).toEqual([210n, 0n]);
    expect((await balanceOf(f, pool)).balance - poolBefore).toBe(200n + 630n);
    expect(await bonusRow(p)).toMatchObject({ status: 'expired', wagered: '0', open: '0' });
    expect(await transfersKeyed(`bonus:${p.bonusRowId}:sportsbook:${placed!.id}:0:late`)).toBe(1);
    // A rollback then takes the bonus side back from the pool and only the cash side from the member.
    await rollback(fx, '1x2');
    await settle();
    expect(await p.balances()).toEqual([0n, 0n]);
    expect((await balanceOf(f, pool)).balance - poolBefore).toBe(200n);
    expect(await transfersKeyed(`bonus:${p.bonusRowId}:sportsbook:${placed!.id}:1:late-back`)).toBe(1);
  });

  it('a rollback takes each side back from where it went and reopens the slip; resettlement counts once', async () => {
    const p = await bonusMember(100n, 500n, { times: 10 }); // requirement 5,000: never met here
    const fx = await newFixture();
    const [placed] = await place(p.token, [sel(fx, '1x2', 'home')], 'single', 400); // 100 cash + 300 bonus
    await settleMarket(fx, '1x2', win('home', 'draw', 'away'));
    await settle();
    expect(await p.balances()).toEqual([210n, 830n]);
    expect(await bonusRow(p)).toMatchObject({ wagered: '200', open: '0' });
    // Rollback: 630 back from the bonus, 210 from cash; the slip open again, its count taken back.
    await rollback(fx, '1x2');
    await settle();
    expect(await p.balances()).toEqual([0n, 200n]);
    await expectSlip(p, { status: 'open', contribution: '200', payout_cash: '0', payout_bonus: '0' });
    expect(await bonusRow(p)).toMatchObject({ status: 'active', wagered: '0', open: '300' });
    expect(await transfersKeyed(`bonus:${p.bonusRowId}:sportsbook:${placed!.id}:1:back`)).toBe(1);
    // Resettled as a loss, then as a win: counted once, the win split as before.
    await settleMarket(fx, '1x2', win('away', 'home', 'draw'));
    await settle();
    expect(await p.balances()).toEqual([0n, 200n]);
    expect(await bonusRow(p)).toMatchObject({ status: 'active', wagered: '200', open: '0' });
    await settleMarket(fx, '1x2', win('home', 'draw', 'away'));
    await settle();
    expect(await p.balances()).toEqual([210n, 830n]);
    expect(await bonusRow(p)).toMatchObject({ status: 'active', wagered: '200', open: '0' });
    await expectSlip(p, { status: 'settled', payout_cash: '210', payout_bonus: '630' });
    // Corrected to void: 840 − 400 = 440 comes back, 330 from the bonus and 110 from cash; nothing counts.
    await cancel(fx, '1x2');
    await settle();
    expect(await p.balances()).toEqual([100n, 500n]);
    expect(await bonusRow(p)).toMatchObject({ status: 'active', wagered: '0', open: '0' });
    await expectSlip(p, { status: 'settled', contribution: '0', payout_cash: '100', payout_bonus: '300' });
  });

  it('a win settled after its bonus completed stays cash as converted late; its rollback undoes that conversion', async () => {
    const p = await bonusMember(100n, 500n, { times: 1, sportsBps: 10_000 }); // requirement 500
    const [a, b, c] = [await newFixture(), await newFixture(), await newFixture()];
    await place(p.token, [sel(a, '1x2', 'home')], 'single', 400); // 100 cash + 300 bonus, left open
    await place(p.token, [sel(b, '1x2', 'home')], 'single', 200); // all bonus
    await settleMarket(b, '1x2', win('home', 'draw', 'away'));
    await settle();
    expect(await p.balances()).toEqual([0n, 420n]);
    await place(p.token, [sel(c, '1x2', 'draw')], 'single', 400); // all bonus, lost: 600 ≥ 500
    await settleMarket(c, '1x2', win('home', 'draw', 'away'));
    await settle();
    expect(await bonusRow(p)).toMatchObject({ status: 'completed', converted: '20', open: '300' });
    expect(await p.balances()).toEqual([20n, 0n]);
    const lateOf = async () =>
      (
        await sql<{ amount_minor: string }>`
          select amount_minor::text from bonus_late_cash where bonus_id = ${p.bonusRowId} order by created_at, event_ref`.execute(
          f.db,
        )
      ).rows.map((r) => r.amount_minor);
    // The open bet wins 840: 210 cash, and its 630 bonus share stays cash — converted late.
    await settleMarket(a, '1x2', win('home', 'draw', 'away'));
    await settle();
    expect(await p.balances()).toEqual([860n, 0n]);
    expect(await bonusRow(p)).toMatchObject({ status: 'completed', converted: '650', open: '0' });
    expect(await lateOf()).toEqual(['630']);
    // The result rolled back: all 840 comes back from cash, and the 630 conversion with it.
    await rollback(a, '1x2');
    await settle();
    expect(await p.balances()).toEqual([20n, 0n]);
    expect(await bonusRow(p)).toMatchObject({ status: 'completed', converted: '20' });
    expect(await lateOf()).toEqual(['630', '-630']);
  });

  it('20 settlement runs at once over bonus bets move each share and count each bet once', async () => {
    const members = await Promise.all(
      Array.from({ length: 4 }, () => bonusMember(100n, 900n, { times: 10 })),
    );
    const fx = await newFixture();
    // Each: a winner of 400 (100 cash + 300 bonus) and a loser of 200 (bonus).
    for (const p of members) {
      await place(p.token, [sel(fx, '1x2', 'home')], 'single', 400);
      await place(p.token, [sel(fx, '1x2', 'draw')], 'single', 200);
    }
    await settleMarket(fx, '1x2', win('home', 'draw', 'away'));
    await Promise.all(
      Array.from({ length: 20 }, () => settleSportsBets(t.ctx.db, new Date(), { batchSize: 3 })),
    );
    for (const p of members) {
      // 840: 210 cash, 630 bonus on the 400 left of the bonus.
      expect(await p.balances()).toEqual([210n, 1_030n]);
      expect(await bonusRow(p)).toMatchObject({ status: 'active', wagered: '300', open: '0' });
      expect(await transfersKeyed(`bonus:${p.bonusRowId}:sportsbook:%:share`)).toBe(1);
    }
  });

  it('a rollback finding the bonus spent takes the rest from cash, never below zero; the rest stays owed', async () => {
    const p = await bonusMember(100n, 300n, { times: 10 });
    const [a, b] = [await newFixture(), await newFixture()];
    const [first] = await place(p.token, [sel(a, '1x2', 'home')], 'single', 400);
    await settleMarket(a, '1x2', win('home', 'draw', 'away'));
    await settle();
    expect(await p.balances()).toEqual([210n, 630n]);
    // 800 more staked: 210 cash + 590 bonus, 40 bonus left.
    await place(p.token, [sel(b, '1x2', 'home')], 'single', 800);
    expect(await p.balances()).toEqual([0n, 40n]);
    await rollback(a, '1x2');
    await settle();
    // 840 owed back: 40 from the bonus, nothing in cash; 800 stays owed on the bet.
    expect(await p.balances()).toEqual([0n, 0n]);
    const [row] = (await betsOf(p.memberId)).filter((r) => String(r.id) === first!.id);
    expect(row).toMatchObject({ status: 'open', credited_minor: 800n, settled_return_minor: 0n });
    expect(await slipsOf(p)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ status: 'open', payout_cash: '210', payout_bonus: '590' }),
      ]),
    );
    // The other bet still holds bonus money: not lost.
    expect(await bonusRow(p)).toMatchObject({ status: 'active', open: `${300 + 590}` });
  });
});
