import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  bonusRowOf,
  bonusSlips,
  transfersKeyed as countTransfers,
  grantOperatorBonus,
} from '../bonuses/bonus.test-helpers.ts';
import {
  balanceOf,
  expectVerified,
  type Fixture,
  fixture,
  fund,
  newMember,
} from '../ledger/ledger.test-helpers.ts';
import { ggrReport } from '../records/index.ts';
import { signedWalletCall, vendorRound, vendorSecret, type WalletReply } from './provider.test-helpers.ts';

/**
 * The bonus side of vendor rounds (modules/bonuses, bonus.deferred.ts): a debit of a member with an
 * active bonus takes cash first then bonus and leaves its slip open; the round's first credit (or its
 * end) settles it — the contribution counted then (slots 100 % here), the return split — and a
 * rollback voids it, counting nothing. `verify` after each test.
 */

let t: TestApp;
let f: Fixture;
let secret: string;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'error' });
  f = await fixture(t);
  secret = await vendorSecret(t, f.merchantId);
  await sql`update merchants set bonuses_enabled = true where id = ${f.merchantId}`.execute(f.db);
});
afterAll(() => t.close());
afterEach(() => expectVerified(t.ctx.db));

const call = (name: string, body: Record<string, unknown>, nonce?: string): Promise<WalletReply> =>
  signedWalletCall(t, secret, name, { body, nonce });
const roundOf = (playerId: string) => vendorRound(call, playerId, f.currency);

/** A member with `cash` on main and an active bonus of `bonus`: slots count 100 %, live 0 %. */
async function bonusPlayer(cash: bigint, bonus: bigint, terms: { times?: number; maxBet?: bigint } = {}) {
  const p = await newMember(f, 'vbonus');
  if (cash > 0n) await fund(f, p.mainId, cash);
  const granted = await grantOperatorBonus(f, p.memberId, {
    amountMinor: bonus,
    times: terms.times ?? 2,
    maxBetMinor: terms.maxBet ?? 500n,
    contributionBps: { RNG: 10_000, LIVE: 0 },
    now: t.clock.now(),
  });
  return { ...p, ...granted };
}

async function balances(p: { mainId: bigint; bonusAccountId: bigint }) {
  return [(await balanceOf(f, p.mainId)).balance, (await balanceOf(f, p.bonusAccountId)).balance];
}

const bonusRow = (id: bigint) => bonusRowOf(f.db, id);
const slipsOf = (roundId: string) => bonusSlips(f.db, { settleRefLike: `vendor:%:${roundId}` });
const transfersKeyed = (pattern: string) => countTransfers(f.db, f.merchantId, pattern);

test('slot rounds take cash then bonus, count 100 % when they settle, and convert once', async () => {
  const p = await bonusPlayer(100n, 1000n); // requirement 2 × 1000
  // Round 1: 400 = 100 cash + 300 bonus; open — nothing counted yet.
  const r1 = roundOf(p.memberId);
  expect(await r1.debit(400)).toMatchObject({ status: 200, value: { balanceMinor: 0 } });
  expect(await balances(p)).toEqual([0n, 700n]);
  expect(await slipsOf(r1.roundId)).toEqual([
    expect.objectContaining({ status: 'open', cash: '100', bonus: '300', contribution: '400' }),
  ]);
  expect(await bonusRow(p.bonusRowId)).toMatchObject({ wagered: '0', open: '300' });
  // Its credit of 800 settles it: 1:3 → 200 cash, 600 bonus; 400 counted. A retry moves nothing.
  const creditTxn = randomUUID();
  const won = await r1.credit(800, creditTxn);
  expect(won).toMatchObject({ status: 200, value: { balanceMinor: 200 } });
  expect(await r1.credit(800, creditTxn)).toEqual(won);
  expect(await balances(p)).toEqual([200n, 1300n]);
  expect(await bonusRow(p.bonusRowId)).toMatchObject({ status: 'active', wagered: '400', open: '0' });
  expect(await slipsOf(r1.roundId)).toEqual([
    expect.objectContaining({ status: 'settled', payout_cash: '200', payout_bonus: '600' }),
  ]);
  // A round left open with 100 of bonus on it while the requirement is met elsewhere.
  const late = roundOf(p.memberId);
  // Cash first: 200 cash + 300 bonus, then ended as a loss; then the open round: 100 from bonus.
  const r2 = roundOf(p.memberId);
  expect((await r2.debit(500)).status).toBe(200);
  expect((await r2.end()).status).toBe(200);
  expect(await bonusRow(p.bonusRowId)).toMatchObject({ wagered: '900' });
  expect((await late.debit(100)).status).toBe(200);
  expect(await balances(p)).toEqual([0n, 900n]);
  // Two rounds of 500 returning 250 each (all bonus money now: cash is 0).
  for (const n of [1, 2]) {
    const r = roundOf(p.memberId);
    expect((await r.debit(500)).status, `round ${n}`).toBe(200);
    expect((await r.credit(250)).status).toBe(200);
  }
  // 900 − 1000 + 2 × 250 = 400 bonus left, wagered 1900: one more 100 completes it.
  expect(await balances(p)).toEqual([0n, 400n]);
  expect(await bonusRow(p.bonusRowId)).toMatchObject({ status: 'active', wagered: '1900', open: '100' });
  const last = roundOf(p.memberId);
  expect((await last.debit(100)).status).toBe(200);
  expect((await last.end()).status).toBe(200);
  expect(await bonusRow(p.bonusRowId)).toMatchObject({
    status: 'completed',
    wagered: '2000',
    converted: '300',
  });
  expect(await balances(p)).toEqual([300n, 0n]);
  expect(await transfersKeyed(`bonus:${p.bonusRowId}:convert`)).toBe(1);
  // The bet still open when it completed: its bonus share comes home as cash, nothing more counted —
  // converted late: in the bonus's converted amount and the GGR report's bonus cost, once.
  const costBefore = await bonusCost();
  const lateCredit = randomUUID();
  expect((await late.credit(300, lateCredit)).status).toBe(200);
  expect((await late.credit(300, lateCredit)).status).toBe(200);
  expect(await balances(p)).toEqual([600n, 0n]);
  expect(await bonusRow(p.bonusRowId)).toMatchObject({
    status: 'completed',
    wagered: '2000',
    open: '0',
    converted: '600',
  });
  expect(await bonusCost()).toBe(costBefore + 300);
  expect(await slipsOf(late.roundId)).toEqual([
    expect.objectContaining({ status: 'settled', cash: '0', bonus: '100', payout_bonus: '300' }),
  ]);
  expect(await transfersKeyed(`bonus:${p.bonusRowId}:convert`)).toBe(1);
});

/** The merchant's bonus cost in the GGR report, today ± a day (the transfers' database clock). */
async function bonusCost(): Promise<number> {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const report = await ggrReport(f.db, f.merchantId, { dateFrom: day(-1), dateTo: day(1) });
  return report.rows.filter((r) => r.cost === 'bonus').reduce((sum, r) => sum + r.bonusCostMinor, 0);
}

test('over the max bet is refused with nothing moved; a rollback gives each part back and counts nothing', async () => {
  const p = await bonusPlayer(50n, 1000n);
  const r = roundOf(p.memberId);
  expect(await r.debit(501)).toMatchObject({ code: 'BONUS_MAX_BET_EXCEEDED' });
  expect(await balances(p)).toEqual([50n, 1000n]);
  const txn = randomUUID();
  expect((await r.debit(200, txn)).status).toBe(200);
  expect(await balances(p)).toEqual([0n, 850n]);
  const back = await r.rollback(txn);
  expect(back).toMatchObject({ status: 200, value: { refundedMinor: 200, balanceMinor: 50 } });
  expect(await r.rollback(txn)).toEqual(back);
  expect(await balances(p)).toEqual([50n, 1000n]);
  expect(await bonusRow(p.bonusRowId)).toMatchObject({ status: 'active', wagered: '0', open: '0' });
  expect(await slipsOf(r.roundId)).toEqual([expect.objectContaining({ status: 'void' })]);
  // Rolled back after its credit settled it: the contribution counted at the credit is taken back.
  const s = roundOf(p.memberId);
  const txn2 = randomUUID();
  expect((await s.debit(200, txn2)).status).toBe(200);
  expect((await s.credit(0)).status).toBe(200);
  expect(await bonusRow(p.bonusRowId)).toMatchObject({ wagered: '200' });
  expect((await s.rollback(txn2)).status).toBe(200);
  expect(await bonusRow(p.bonusRowId)).toMatchObject({ wagered: '0', open: '0' });
  expect(await balances(p)).toEqual([50n, 1000n]);
});

test('a bet settled after its bonus was forfeited sends its bonus share to the pool', async () => {
  const p = await bonusPlayer(0n, 1000n);
  const won = roundOf(p.memberId);
  const voided = roundOf(p.memberId);
  const voidTxn = randomUUID();
  expect((await won.debit(300)).status).toBe(200);
  expect((await voided.debit(200, voidTxn)).status).toBe(200);
  await sql`update member_bonuses set expires_at = now() - interval '1 second' where id = ${String(p.bonusRowId)}`.execute(
    f.db,
  );
  // Overdue (the sweep has not run): already not live — nothing counted, shares leave for the pool.
  expect((await won.credit(600)).status).toBe(200);
  expect(await balances(p)).toEqual([0n, 500n]);
  expect((await voided.rollback(voidTxn)).status).toBe(200);
  expect(await balances(p)).toEqual([0n, 500n]);
  expect(await bonusRow(p.bonusRowId)).toMatchObject({ wagered: '0', open: '0' });
  expect(await transfersKeyed(`bonus:${p.bonusRowId}:%:late`)).toBe(2);
});

test('40 debits of one bonus member at once never overspend cash + bonus; one txn 20 times moves once', async () => {
  const p = await bonusPlayer(1000n, 3000n, { maxBet: 200n, times: 10 });
  const rounds = Array.from({ length: 40 }, () => roundOf(p.memberId));
  const replies = await Promise.all(rounds.map((r) => r.debit(150)));
  const taken = replies.filter((r) => r.status === 200).length;
  expect(taken).toBe(26); // ⌊4000 / 150⌋
  for (const r of replies.filter((x) => x.status !== 200)) expect(r.code).toBe('WALLET_INSUFFICIENT_FUNDS');
  expect(await balances(p)).toEqual([0n, 100n]);
  const { rows } = await sql<{ cash: string; bonus: string; n: string }>`
    select sum(cash_part_minor)::text as cash, sum(bonus_part_minor)::text as bonus, count(*)::text as n
      from bonus_bet_slips where bonus_id = ${String(p.bonusRowId)} and status = 'open'`.execute(f.db);
  expect(rows[0]).toEqual({ cash: '1000', bonus: '2900', n: '26' });
  expect(await bonusRow(p.bonusRowId)).toMatchObject({ open: '2900' });
  // One more member: one txn id sent 20 times at once takes one stake and writes one slip.
  const q = await bonusPlayer(0n, 1000n);
  const r = roundOf(q.memberId);
  const txn = randomUUID();
  const burst = await Promise.all(Array.from({ length: 20 }, () => r.debit(120, txn)));
  expect(new Set(burst.map((b) => JSON.stringify(b))).size).toBe(1);
  expect(await balances(q)).toEqual([0n, 880n]);
  expect(await slipsOf(r.roundId)).toHaveLength(1);
  // Credits of all 26 rounds at once, with their retries: each settles once.
  const credits = rounds.flatMap((round, n) => (replies[n]!.status === 200 ? [round] : []));
  const txns = credits.map(() => randomUUID());
  await Promise.all([
    ...credits.map((c, n) => c.credit(150, txns[n])),
    ...credits.map((c, n) => c.credit(150, txns[n])),
  ]);
  expect(await bonusRow(p.bonusRowId)).toMatchObject({ wagered: String(26 * 150), open: '0' });
  expect((await balances(p)).reduce((a, b) => a + b)).toBe(100n + 26n * 150n);
});
