import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectIdempotentBurst } from '../../../test/idempotent-burst.ts';
import {
  bonusRowOf,
  bonusSlips,
  transfersKeyed as countTransfers,
  expireDue,
  grantOperatorBonus,
} from '../bonuses/bonus.test-helpers.ts';
import { call } from '../auth/auth.test-helpers.ts';
import { houseShardFor, systemAccountId } from '../ledger/index.ts';
import { balanceOf } from '../ledger/ledger.test-helpers.ts';
import { crashTestApp } from './crash.test-helpers.ts';

/**
 * The bonus side of crash (modules/bonuses): a bet of a member with an active bonus takes cash first
 * then bonus and leaves its slip open under `crash:<member>:<key>`; the bet's cash-out shares the
 * payout by stake between cash and bonus, the bust settles it as lost — its contribution (INHOUSE, the
 * category of crash's betting records) counted then. On PGlite and PostgreSQL, `verify` after each.
 */
const bed = crashTestApp();
const { step, msFromStart, bust, roundWhere, start, player, bet, raceCashOuts } = bed;
const f = () => bed.fixture();

beforeAll(async () => {
  await sql`update merchants set bonuses_enabled = true where id = ${f().merchantId}`.execute(f().db);
});

/** A member with `cash` on main and an active bonus: in-house bets count 50 % unless told. */
async function bonusMember(
  cash: bigint,
  bonus: bigint,
  terms: { times?: number; maxBet?: bigint; inhouseBps?: number } = {},
) {
  const p = await player(cash);
  const granted = await grantOperatorBonus(f(), p.memberId, {
    amountMinor: bonus,
    times: terms.times ?? 2,
    maxBetMinor: terms.maxBet ?? 1_000n,
    contributionBps: { INHOUSE: terms.inhouseBps ?? 5_000, RNG: 10_000 },
    now: bed.app().clock.now(),
  });
  const balances = async () => [await p.balance(), (await balanceOf(f(), granted.bonusAccountId)).balance];
  return { ...p, ...granted, balances };
}
type Member = Awaited<ReturnType<typeof bonusMember>>;

const bonusRow = (p: Member) => bonusRowOf(f().db, p.bonusRowId);
const slipsOf = (p: Member) => bonusSlips(f().db, { bonusId: p.bonusRowId });
const transfersKeyed = (pattern: string) => countTransfers(f().db, f().merchantId, pattern);

/** Starts the round and lets the leader run it to `multiplier` (auto cash-outs at or under it paid). */
async function runTo(multiplier: number) {
  await start();
  bed.app().clock.advance(await msFromStart(multiplier));
  await step();
}

describe('crash bets with a bonus', () => {
  it('a bet takes cash first then bonus; its cash-out splits the payout by stake, the remainder to the bonus side', async () => {
    await roundWhere((crash) => crash >= 1.6);
    const even = await bonusMember(100n, 300n); // requirement 600
    const odd = await bonusMember(101n, 300n);
    const placed = await bet(even.token, { amountMinor: 400, autoCashOut: 1.5 });
    expect(placed).toMatchObject({ status: 200, value: { stakeMinor: 400, status: 'active' } });
    const oddBet = await bet(odd.token, { amountMinor: 401, autoCashOut: 1.5 });
    expect(oddBet.status).toBe(200);
    expect(await even.balances()).toEqual([0n, 0n]);
    expect(await odd.balances()).toEqual([0n, 0n]);
    expect(await slipsOf(even)).toEqual([
      expect.objectContaining({ status: 'open', cash: '100', bonus: '300', contribution: '200' }),
    ]);
    expect((await slipsOf(even))[0]!.settle_ref).toMatch(new RegExp(`^crash:${even.memberId}:`));
    // Open: nothing counted yet, the bonus money on the bet keeps the bonus alive at a balance of 0.
    expect(await bonusRow(even)).toMatchObject({ status: 'active', wagered: '0', open: '300' });
    expect(await transfersKeyed(`bonus:crash:${even.memberId}:%:draw`)).toBe(1);
    // The member's bonusDetails lists the open bet and the bonus money on it.
    const open = await call(bed.app(), { method: 'GET', url: '/wps/member/bonuses', token: even.token });
    expect(open.value).toMatchObject({
      active: { openBonusMinor: 300, wageredMinor: 0 },
      openBets: [{ category: 'INHOUSE', stakeMinor: 400, bonusPartMinor: 300, contributionMinor: 200 }],
    });

    await runTo(1.55);
    // 400 × 1.5 = 600: 150 cash (600 × 100 / 400), 450 bonus.
    expect(await even.balances()).toEqual([150n, 450n]);
    expect(await slipsOf(even)).toEqual([
      expect.objectContaining({ status: 'settled', payout_cash: '150', payout_bonus: '450' }),
    ]);
    expect(await bonusRow(even)).toMatchObject({ status: 'active', wagered: '200', open: '0' });
    expect(await transfersKeyed(`bonus:${even.bonusRowId}:crash:${placed.value.id}:share`)).toBe(1);
    const settled = await call(bed.app(), { method: 'GET', url: '/wps/member/bonuses', token: even.token });
    expect(settled.value).toMatchObject({ active: { openBonusMinor: 0, wageredMinor: 200 }, openBets: [] });
    // 401 × 1.5 = 601.5 → 601: 601 × 101 / 401 = 151.37… → 151 cash, the remainder 450 bonus.
    expect(await odd.balances()).toEqual([151n, 450n]);
    expect(await slipsOf(odd)).toEqual([
      expect.objectContaining({ status: 'settled', payout_cash: '151', payout_bonus: '450' }),
    ]);
    await bust();
  });

  it('the bust counts the contribution and pays nothing; a cash player beside it loses as before', async () => {
    await roundWhere(() => true);
    const all = await bonusMember(100n, 300n);
    const part = await bonusMember(50n, 500n);
    const cash = await player(1_000n);
    expect((await bet(all.token, { amountMinor: 400 })).status).toBe(200);
    expect((await bet(part.token, { amountMinor: 200 })).status).toBe(200);
    expect((await bet(cash.token, { amountMinor: 300 })).status).toBe(200);
    await bust();
    expect(await all.balances()).toEqual([0n, 0n]);
    expect(await slipsOf(all)).toEqual([
      expect.objectContaining({
        status: 'settled',
        contribution: '200',
        payout_cash: '0',
        payout_bonus: '0',
      }),
    ]);
    // Nothing left of it, on open bets or in the balance: lost.
    expect(await bonusRow(all)).toMatchObject({ status: 'lost', wagered: '200', open: '0' });
    expect(await transfersKeyed(`bonus:${all.bonusRowId}:%`)).toBe(1); // the grant only
    expect(await part.balances()).toEqual([0n, 350n]);
    expect(await slipsOf(part)).toEqual([
      expect.objectContaining({ status: 'settled', cash: '50', bonus: '150', contribution: '100' }),
    ]);
    expect(await bonusRow(part)).toMatchObject({ status: 'active', wagered: '100', open: '0' });
    expect(await cash.balance()).toBe(700n);
  });

  it('the bet that meets the requirement converts the bonus once; later bets are cash bets', async () => {
    const p = await bonusMember(100n, 500n, { times: 1, inhouseBps: 10_000 }); // requirement 500
    // Round 1: 400 = 100 cash + 300 bonus, a bust: 400 counted, 200 bonus left.
    await roundWhere(() => true);
    expect((await bet(p.token, { amountMinor: 400 })).status).toBe(200);
    await bust();
    expect(await p.balances()).toEqual([0n, 200n]);
    expect(await bonusRow(p)).toMatchObject({ status: 'active', wagered: '400' });
    // Round 2: 200, all bonus, cashed out at 1.5: 300 all to the bonus side; 600 ≥ 500 converts it.
    await roundWhere((crash) => crash >= 1.6);
    expect((await bet(p.token, { amountMinor: 200, autoCashOut: 1.5 })).status).toBe(200);
    expect(await p.balances()).toEqual([0n, 0n]);
    await runTo(1.55);
    expect(await p.balances()).toEqual([300n, 0n]);
    expect(await bonusRow(p)).toMatchObject({ status: 'completed', wagered: '600', converted: '300' });
    expect(await transfersKeyed(`bonus:${p.bonusRowId}:convert`)).toBe(1);
    await bust();
    // Round 3: a cash bet, no slip, no second conversion.
    await roundWhere(() => true);
    expect((await bet(p.token, { amountMinor: 100 })).status).toBe(200);
    await bust();
    expect(await p.balances()).toEqual([200n, 0n]);
    expect(await slipsOf(p)).toHaveLength(2);
    expect(await transfersKeyed(`bonus:${p.bonusRowId}:convert`)).toBe(1);
    expect(await bonusRow(p)).toMatchObject({ status: 'completed', converted: '300' });
  });

  it('a bust that meets the requirement converts what is left of the bonus, once', async () => {
    await roundWhere(() => true);
    const p = await bonusMember(300n, 500n, { times: 1, inhouseBps: 10_000 }); // requirement 500
    const cash = await player(1_000n);
    expect((await bet(p.token, { amountMinor: 600 })).status).toBe(200); // 300 cash + 300 bonus
    expect((await bet(cash.token, { amountMinor: 100 })).status).toBe(200);
    expect(await p.balances()).toEqual([0n, 200n]);
    await bust();
    // 600 counted ≥ 500: the 200 left converts to cash at the bust.
    expect(await p.balances()).toEqual([200n, 0n]);
    expect(await bonusRow(p)).toMatchObject({ status: 'completed', wagered: '600', converted: '200' });
    expect(await transfersKeyed(`bonus:${p.bonusRowId}:convert`)).toBe(1);
    expect(await cash.balance()).toBe(900n);
  });

  it('over the max bet or past cash + bonus is refused with nothing moved', async () => {
    const round = await roundWhere(() => true);
    const p = await bonusMember(2_000n, 300n, { maxBet: 500n });
    expect(await bet(p.token, { amountMinor: 501 })).toMatchObject({
      status: 422,
      code: 'BONUS_MAX_BET_EXCEEDED',
    });
    const poor = await bonusMember(100n, 300n);
    expect(await bet(poor.token, { amountMinor: 401 })).toMatchObject({
      status: 409,
      code: 'WALLET_INSUFFICIENT_FUNDS',
    });
    expect(await p.balances()).toEqual([2_000n, 300n]);
    expect(await poor.balances()).toEqual([100n, 300n]);
    expect(await slipsOf(p)).toEqual([]);
    expect(await slipsOf(poor)).toEqual([]);
    const rows = await f()
      .db.selectFrom('crash_bets')
      .select('id')
      .where('round_id', '=', round.id)
      .where('member_id', 'in', [p.memberId, poor.memberId])
      .execute();
    expect(rows).toEqual([]);
    // At the max bet it is placed in the same round, from cash alone (cash first).
    expect((await bet(p.token, { amountMinor: 500 })).status).toBe(200);
    expect(await p.balances()).toEqual([1_500n, 300n]);
    expect(await slipsOf(p)).toEqual([expect.objectContaining({ status: 'open', cash: '500', bonus: '0' })]);
    await bust();
  });

  it('one bet key sent 20 times at once takes the stake once (100 cash, 300 bonus)', async () => {
    await roundWhere(() => true);
    const p = await bonusMember(100n, 300n);
    const key = randomUUID();
    const first = await expectIdempotentBurst(() => bet(p.token, { amountMinor: 400, idempotencyKey: key }), {
      db: f().db,
      balance: p.balance,
      moved: -100n,
      copies: 20,
    });
    expect(first).toMatchObject({ status: 200, value: { stakeMinor: 400, status: 'active' } });
    expect(await p.balances()).toEqual([0n, 0n]);
    expect(await slipsOf(p)).toHaveLength(1);
    expect(await bonusRow(p)).toMatchObject({ open: '300' });
    expect(await transfersKeyed(`bonus:crash:${p.memberId}:${key}:draw`)).toBe(1);
    await bust();
  });

  it("20 cash-outs of a bonus bet at once, racing the leader's auto cash-out, pay once and share once", async () => {
    const round = await roundWhere((crash) => crash >= 1.3);
    const p = await bonusMember(100n, 300n);
    const placed = (await bet(p.token, { amountMinor: 400, autoCashOut: 1.2 })).value;
    const first = await raceCashOuts(p.token, round.id, 1.25);
    expect(first.value).toMatchObject({ status: 'cashed', cashOut: 1.2, payoutMinor: 480 });
    // 480: 120 cash, 360 bonus.
    expect(await p.balances()).toEqual([120n, 360n]);
    expect(await transfersKeyed(`crash:${placed.id}:win`)).toBe(1);
    expect(await transfersKeyed(`bonus:${p.bonusRowId}:crash:${placed.id}:share`)).toBe(1);
    expect(await bonusRow(p)).toMatchObject({ status: 'active', wagered: '200', open: '0' });
    await bust();
  });

  it('a bet settled after its bonus expired sends the bonus share to the bonus pool', async () => {
    await roundWhere((crash) => crash >= 1.6);
    const p = await bonusMember(100n, 500n);
    const pool = await systemAccountId(
      f().db,
      f().merchantId,
      'bonus_pool',
      f().currency,
      houseShardFor(p.memberId),
    );
    const placed = (await bet(p.token, { amountMinor: 400, autoCashOut: 1.5 })).value; // 100 cash + 300 bonus
    await sql`update member_bonuses set expires_at = now() - interval '1 minute' where id = ${String(p.bonusRowId)}`.execute(
      f().db,
    );
    const poolBefore = (await balanceOf(f(), pool)).balance;
    await expireDue(f().db, new Date());
    expect(await bonusRow(p)).toMatchObject({ status: 'expired', open: '300' });
    expect(await p.balances()).toEqual([0n, 0n]);
    expect((await balanceOf(f(), pool)).balance - poolBefore).toBe(200n);
    // The cash-out: 600 → 150 cash to the member, the 450 bonus share to the pool; nothing counted.
    await runTo(1.55);
    expect(await p.balances()).toEqual([150n, 0n]);
    expect((await balanceOf(f(), pool)).balance - poolBefore).toBe(200n + 450n);
    expect(await bonusRow(p)).toMatchObject({ status: 'expired', wagered: '0', open: '0' });
    expect(await slipsOf(p)).toEqual([
      expect.objectContaining({ status: 'settled', payout_cash: '150', payout_bonus: '450' }),
    ]);
    expect(await transfersKeyed(`bonus:${p.bonusRowId}:crash:${placed.id}:late`)).toBe(1);
    await bust();
  });
});
