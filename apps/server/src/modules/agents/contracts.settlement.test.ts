import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { stalledChild } from '../../../test/stalled-child.ts';
import { createAuthTestApp } from '../auth/auth.test-helpers.ts';
import { expectVerified, type Fixture, fixture } from '../ledger/ledger.test-helpers.ts';
import type { Db } from '../../platform/database/database.ts';
import { consumerHoldsCommitted } from '../records/index.ts';
import { catchUpRollups } from '../records/records.test-helpers.ts';
import { HOURLY_CONSUMER, catchUpHourly as foldHourly } from './contracts.hourly.ts';
import type { ContractType, Tier } from './contracts.math.ts';
import { REALTIME_CONSUMER, catchUpRealtime as foldRealtime } from './contracts.realtime.ts';
import { forceTerminate } from './contracts.service.ts';
import { decideSettlement, payoutKey, settleDue } from './contracts.settlement.ts';
import { incomeOf } from './contracts.views.ts';
import {
  contract,
  member,
  payoutTransfers,
  rateTier,
  realtimeTier,
  settledBet,
  setRules,
  settlementsOf,
} from './contracts.test-helpers.ts';

// The agents' own consumers, caught up with every fact committed so far — also behind another
// database's transaction on a shared PostgreSQL server (files run side by side).
const catchUpHourly = (db: Db) => consumerHoldsCommitted(db, HOURLY_CONSUMER, foldHourly);
const catchUpRealtime = (db: Db) => consumerHoldsCommitted(db, REALTIME_CONSUMER, foldRealtime);

/**
 * Settlement of agent contracts on whichever database the run uses (PGlite by default, PostgreSQL
 * with DATABASE_URL): the differential payouts of a three-level daily salary, two workers at once,
 * a worker dying inside a run (and, on PostgreSQL, a real kill -9), dividends with negative
 * carry-over and payouts that wait for an operator's approval. The ledger's verify runs after each.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

let t: TestApp;
let f: Fixture;
beforeAll(async () => {
  t = await createAuthTestApp({
    agentCentre: true,
    dividendContract: true,
    dailySalary: true,
    hourlySalary: true,
    realtimeSalary: true,
  });
  f = await fixture(t);
});
afterAll(() => t?.close());
afterEach(() => expectVerified(t.ctx.db));
const db = () => t.ctx.db;

const at = (iso: string) => new Date(iso);
const OPERATOR = { merchantId: '', operatorId: null, username: 'test-operator', ip: '127.0.0.1' };

/** Top agent T ← agent A ← agent B, a player under each, with contracts of `type` on these tiers. */
async function threeLevels(type: ContractType, tiers: [Tier[], Tier[], Tier[]], accepted: Date) {
  const T = await member(f, null, true);
  const A = await member(f, T, true);
  const B = await member(f, A, true);
  const [pT, pA, pB] = [await member(f, T, false), await member(f, A, false), await member(f, B, false)];
  const cT = await contract(f, null, T.id, type, tiers[0], accepted);
  const cA = await contract(f, T.id, A.id, type, tiers[1], accepted);
  const cB = await contract(f, A.id, B.id, type, tiers[2], accepted);
  return { T, A, B, pT, pA, pB, cT, cA, cB };
}

/** Daily salaries of 1%, 0.6% and 0.3%. */
function dailyTree(day: string) {
  const tiers = [10_000n, 6_000n, 3_000n].map((r) => [rateTier(0n, r)]) as [Tier[], Tier[], Tier[]];
  return threeLevels('daily', tiers, at(`${day}T00:00:00Z`));
}

describe('daily salary, three levels', () => {
  it('pays each agent its own rate on its whole team minus its downline’s, once, with two workers at once', async () => {
    const x = await dailyTree('2026-03-02');
    await settledBet(f, x.pT.id, 100_000n, 50_000n, at('2026-03-02T10:00:00Z'));
    await settledBet(f, x.pA.id, 200_000n, 0n, at('2026-03-02T11:00:00Z'));
    await settledBet(f, x.pB.id, 300_000n, 900_000n, at('2026-03-02T12:00:00Z'));
    // The next day's bet belongs to the next period.
    await settledBet(f, x.pB.id, 1_000_000n, 0n, at('2026-03-03T00:00:01Z'));
    await catchUpRollups(db());

    // Not yet: the day has ended but the grace has not passed.
    expect(await settleDue(db(), at('2026-03-03T00:05:00Z'))).toEqual([]);
    const runs = await Promise.all([
      settleDue(db(), at('2026-03-03T00:30:00Z')),
      settleDue(db(), at('2026-03-03T00:30:00Z')),
    ]);
    const daily = runs
      .flat()
      .filter((r) => r.type === 'daily' && r.period.start.toISOString() === '2026-03-02T00:00:00.000Z');
    expect(daily).toHaveLength(1);
    expect(daily[0]!.contracts).toBe(3);
    expect(daily[0]!.paidMinor).toBe(6_000n); // T's gross: 1% of the whole 600,000

    const [sT] = await settlementsOf(db(), x.cT);
    const [sA] = await settlementsOf(db(), x.cA);
    const [sB] = await settlementsOf(db(), x.cB);
    // Teams: B 300,000; A 500,000; T 600,000 of valid bet.
    expect([sB!.valid_bet_minor, sA!.valid_bet_minor, sT!.valid_bet_minor]).toEqual([
      300_000n,
      500_000n,
      600_000n,
    ]);
    expect([sB!.gross_minor, sA!.gross_minor, sT!.gross_minor]).toEqual([900n, 3_000n, 6_000n]);
    expect([sB!.amount_minor, sA!.amount_minor, sT!.amount_minor]).toEqual([900n, 2_100n, 3_000n]);
    expect([sB!.status, sA!.status, sT!.status]).toEqual(['paid', 'paid', 'paid']);

    const transfers = await payoutTransfers(db());
    expect(transfers.map((tr) => tr.idempotency_key).sort()).toEqual(
      [x.cT, x.cA, x.cB].map((c) => payoutKey(c, at('2026-03-02T00:00:00Z'))).sort(),
    );
    expect(transfers.find((tr) => tr.id === sA!.transfer_id)?.amount_minor).toBe(2_100n);
    const { rows: commission } = await sql<{ balance_minor: bigint }>`
      select balance_minor from ledger_accounts where owner_id = ${x.A.id} and kind = 'commission'`.execute(
      db(),
    );
    expect(commission[0]?.balance_minor).toBe(2_100n);

    // My Income lists it, newest period first (the day before paid nothing: no bets).
    const income = await incomeOf(db(), { merchantId: f.merchantId, memberId: x.A.id, offset: 0, limit: 10 });
    expect(income.rows[0]).toMatchObject({
      type: 'daily',
      periodStart: '2026-03-02T00:00:00.000Z',
      validBetMinor: 500_000,
      tier: 1,
      rateUnits: 6_000,
      grossMinor: 3_000,
      downlineMinor: 900,
      amountMinor: 2_100,
      status: 'paid',
    });
    // A settled period is never settled again, whoever asks.
    expect(await settleDue(db(), at('2026-03-03T00:30:00Z'))).toEqual([]);
    expect(await payoutTransfers(db())).toHaveLength(3);
  });

  it('a worker dying inside a run leaves no trace; the next settles the period once', async () => {
    const x = await dailyTree('2026-04-06');
    await settledBet(f, x.pB.id, 50_000n, 0n, at('2026-04-06T09:00:00Z'));
    await catchUpRollups(db());
    await dieInsideRunThenSettle(x, at('2026-04-07T01:00:00Z'));
    const paid = (await settlementsOf(db(), x.cB)).filter((s) => s.amount_minor > 0n);
    expect(paid.map((s) => s.amount_minor)).toEqual([150n]);
    expect(await keysOf([x.cT, x.cA, x.cB])).toHaveLength(3);
  });

  it.skipIf(!onPostgres)(
    'killed with SIGKILL inside a run, a restarted worker settles every contract and period once',
    async () => {
      const x = await dailyTree('2026-05-04');
      await settledBet(f, x.pB.id, 70_000n, 0n, at('2026-05-04T09:00:00Z'));
      await settledBet(f, x.pA.id, 30_000n, 0n, at('2026-05-05T09:00:00Z'));
      await catchUpRollups(db());
      const child = await stalledChild(
        'apps/server/src/modules/agents/contracts.settlement.child.ts',
        ['2026-05-06T01:00:00Z'],
        t.database.url,
      );
      expect(await child.kill9()).toBe('SIGKILL');
      // The killed run's transaction goes with its connection; the restarted worker takes the periods.
      await settleDue(db(), at('2026-05-06T01:00:00Z'), { maxPeriods: 200 });
      await settleDue(db(), at('2026-05-06T01:00:00Z'), { maxPeriods: 200 });
      const amounts = async (c: bigint) =>
        (await settlementsOf(db(), c)).filter((s) => s.amount_minor > 0n).map((s) => s.amount_minor);
      expect(await amounts(x.cB)).toEqual([210n]);
      expect(await amounts(x.cA)).toEqual([210n, 180n]);
      expect(await amounts(x.cT)).toEqual([280n, 120n]);
      expect(await keysOf([x.cT, x.cA, x.cB])).toHaveLength(5);
    },
    90_000,
  );
});

describe('dividends', () => {
  it('carry a won week’s share into the next; payouts above the threshold wait for an operator', async () => {
    await setRules(f, {
      dividendPeriod: 'weekly',
      approvalThresholdMinor: 40_000n,
      activeMinValidBetMinor: 1_000n,
    });
    // Accepted on a Monday.
    const { T, A, cT, cA } = await twoLevels('dividend', 400_000n, 250_000n, at('2026-06-01T00:00:00Z'));
    const [pT, pA] = [await member(f, T, false), await member(f, A, false)];
    // Week 1: A's player wins 200,000, T's player loses 50,000.
    await settledBet(f, pA.id, 100_000n, 300_000n, at('2026-06-02T10:00:00Z'));
    await settledBet(f, pT.id, 50_000n, 0n, at('2026-06-03T10:00:00Z'));
    // Week 2: A's player loses 400,000.
    await settledBet(f, pA.id, 400_000n, 0n, at('2026-06-09T10:00:00Z'));
    await catchUpRollups(db());
    await settleDue(db(), at('2026-06-15T01:00:00Z'), { maxPeriods: 200 });

    const [w1A, w2A] = await settlementsOf(db(), cA);
    const [w1T, w2T] = await settlementsOf(db(), cT);
    // Week 1: A owes 25% of 200,000; T 40% of its team's 150,000 won, less A's share.
    expect([w1A!.gross_minor, w1A!.amount_minor, w1A!.carry_out_minor]).toEqual([-50_000n, 0n, -50_000n]);
    expect([w1T!.gross_minor, w1T!.downline_minor, w1T!.carry_out_minor]).toEqual([
      -60_000n,
      -50_000n,
      -10_000n,
    ]);
    expect(w1T!.active_members).toBe(2);
    // Week 2: 100,000 and 160,000 gross; nets 100,000 − 50,000 carried and 60,000 − 10,000 carried.
    expect([w2A!.carry_in_minor, w2A!.amount_minor, w2A!.status]).toEqual([
      -50_000n,
      50_000n,
      'awaiting_approval',
    ]);
    expect([w2T!.carry_in_minor, w2T!.amount_minor, w2T!.status]).toEqual([
      -10_000n,
      50_000n,
      'awaiting_approval',
    ]);
    expect(w2A!.transfer_id).toBeNull();

    const decide = async (contractId: bigint, approve: boolean, reason: string | null = null) =>
      decideSettlement(db(), {
        merchantId: f.merchantId,
        settlementId: (await idOf(contractId, w2A!.period_start))!,
        approve,
        operator: { ...OPERATOR, merchantId: f.merchantId },
        reason,
        now: at('2026-06-15T02:00:00Z'),
      });
    expect((await decide(cA, true)).status).toBe('approved');
    expect((await decide(cT, false, 'checked: bonus abuse')).status).toBe('rejected');
    // Decided once: a second answer finds nothing waiting.
    await expect(decide(cA, true)).rejects.toMatchObject({ code: 'AGENT_SETTLEMENT_NOT_FOUND' });
    const keys = (await payoutTransfers(db())).map((tr) => tr.idempotency_key);
    expect(keys).toContain(payoutKey(cA, w2A!.period_start));
    expect(keys).not.toContain(payoutKey(cT, w2T!.period_start));
    const { rows: audit } = await sql<{ action: string }>`
      select action from audit_log where target_type = 'agent_contract_settlement' order by id`.execute(db());
    expect(audit.map((a) => a.action)).toEqual(['agent_settlement.approve', 'agent_settlement.reject']);
  });
});

describe('hourly salary', () => {
  it('settles each hour on the bets placed in it, from the agents’ own hourly figures of the stream', async () => {
    const { A, cT, cA } = await twoLevels('hourly', 10_000n, 5_000n, at('2026-07-01T10:00:00Z'));
    const pA = await member(f, A, false);
    await settledBet(f, pA.id, 100_000n, 0n, at('2026-07-01T10:15:00Z'));
    await settledBet(f, pA.id, 200_000n, 500_000n, at('2026-07-01T11:20:00Z'));
    await settledBet(f, pA.id, 100_000n, 0n, at('2026-07-01T11:59:59Z'));
    await catchUpRollups(db());
    // Until the hourly figures hold the hour's bets, it waits.
    await settleDue(db(), at('2026-07-01T12:15:00Z'), { maxPeriods: 200 });
    expect(await settlementsOf(db(), cA)).toEqual([]);
    await catchUpHourly(db());
    await settleDue(db(), at('2026-07-01T12:15:00Z'), { maxPeriods: 200 });
    const amounts = async (c: bigint) =>
      (await settlementsOf(db(), c)).map((s) => [s.period_start.toISOString(), s.amount_minor]);
    expect(await amounts(cA)).toEqual([
      ['2026-07-01T10:00:00.000Z', 500n],
      ['2026-07-01T11:00:00.000Z', 1_500n],
    ]);
    expect(await amounts(cT)).toEqual([
      ['2026-07-01T10:00:00.000Z', 500n],
      ['2026-07-01T11:00:00.000Z', 1_500n],
    ]);
    expect(await keysOf([cT, cA])).toHaveLength(4);
  });
});

describe('real-time salary', () => {
  /**
   * T: 1% loss / 0.4% profit from a R$ 10.00 bet, 1% / 0.6% from R$ 1,000.00; A: 0.8% / 0.3% from
   * R$ 10.00; B: 0.5% / 0.2% from R$ 50.00 — each within its upline's at every tier's minimum.
   */
  // The trees above end the day after the hourly test: their periods are not walked through August.
  beforeAll(async () => {
    await sql`update agent_contracts set status = 'terminated', ended_at = ${at('2026-07-02T00:00:00Z')},
        end_reason = 'forced'
      where merchant_id = ${f.merchantId} and status = 'active'`.execute(db());
  });

  /** Ends a tree's contracts (the next test's periods would otherwise be walked from this one's). */
  const endTree = async (x: { cT: bigint; cA: bigint; cB: bigint }, now: Date) => {
    for (const contractId of [x.cB, x.cA, x.cT])
      await forceTerminate(db(), {
        merchantId: f.merchantId,
        contractId,
        operator: { ...OPERATOR, merchantId: f.merchantId },
        reason: null,
        now,
      });
  };

  const realtimeTree = (accepted: Date) =>
    threeLevels(
      'realtime',
      [
        [realtimeTier(1_000n, 10_000n, 4_000n), realtimeTier(100_000n, 10_000n, 6_000n)],
        [realtimeTier(1_000n, 8_000n, 3_000n)],
        [realtimeTier(5_000n, 5_000n, 2_000n)],
      ],
      accepted,
    );

  it('pays every 5 minutes, bet by bet, the loss or profit rate differential, once, with two workers at once', async () => {
    const x = await realtimeTree(at('2026-08-03T10:00:00Z'));
    // 10:00–10:05
    await settledBet(f, x.pB.id, 10_000n, 0n, at('2026-08-03T10:01:00Z')); // lost: B 50, A 80, T 100
    await settledBet(f, x.pA.id, 2_000n, 5_000n, at('2026-08-03T10:02:00Z')); // won: A 6, T 8
    await settledBet(f, x.pB.id, 3_000n, 0n, at('2026-08-03T10:03:00Z')); // below B's R$ 50: A 24, T 30
    await settledBet(f, x.pT.id, 500n, 0n, at('2026-08-03T10:04:59Z')); // below every tier
    // 10:05–10:10: T's tier 2 (1% / 0.6%) caps nobody below it.
    await settledBet(f, x.pB.id, 200_000n, 400_000n, at('2026-08-03T10:05:00Z')); // won: B 400, A 600, T 1,200

    // Until the real-time rounds hold the period's bets, it waits.
    await settleDue(db(), at('2026-08-03T10:25:00Z'));
    expect(await settlementsOf(db(), x.cB)).toEqual([]);
    await catchUpRealtime(db());
    const runs = await Promise.all([
      settleDue(db(), at('2026-08-03T10:25:00Z')),
      settleDue(db(), at('2026-08-03T10:25:00Z')),
    ]);
    const realtime = runs.flat().filter((r) => r.type === 'realtime');
    // 10:00, 10:05 and 10:10 (ended 10:15, grace 10 min); each by one worker only.
    expect(realtime.map((r) => r.period.start.toISOString()).sort()).toEqual([
      '2026-08-03T10:00:00.000Z',
      '2026-08-03T10:05:00.000Z',
      '2026-08-03T10:10:00.000Z',
    ]);
    const rows = async (c: bigint) =>
      (await settlementsOf(db(), c)).map((s) => [
        s.period_start.toISOString().slice(11, 16),
        s.valid_bet_minor,
        s.gross_minor,
        s.downline_minor,
        s.amount_minor,
        s.status,
      ]);
    // A period without bets leaves no row (the run row marks it settled).
    expect(await rows(x.cB)).toEqual([
      ['10:00', 10_000n, 50n, 0n, 50n, 'paid'],
      ['10:05', 200_000n, 400n, 0n, 400n, 'paid'],
    ]);
    expect(await rows(x.cA)).toEqual([
      ['10:00', 15_000n, 110n, 50n, 60n, 'paid'],
      ['10:05', 200_000n, 600n, 400n, 200n, 'paid'],
    ]);
    expect(await rows(x.cT)).toEqual([
      ['10:00', 15_000n, 138n, 110n, 28n, 'paid'],
      ['10:05', 200_000n, 1_200n, 600n, 600n, 'paid'],
    ]);
    expect(await keysOf([x.cT, x.cA, x.cB])).toHaveLength(6);
    const income = await incomeOf(db(), {
      merchantId: f.merchantId,
      memberId: x.A.id,
      type: 'realtime',
      offset: 0,
      limit: 10,
    });
    expect(income.rows.map((r) => [r.type, r.periodStart, r.amountMinor, r.tier, r.rateUnits])).toEqual([
      ['realtime', '2026-08-03T10:05:00.000Z', 200, 1, 3_000],
      // The effective rate: 110 on 15,000.
      ['realtime', '2026-08-03T10:00:00.000Z', 60, 1, 7_333],
    ]);
    // The settled buckets' rounds are gone; nothing is settled twice.
    const { rows: left } = await sql`select 1 from agent_realtime_rounds
      where merchant_id = ${f.merchantId} and bucket < ${at('2026-08-03T10:15:00Z')}`.execute(db());
    expect(left).toEqual([]);
    const again = await settleDue(db(), at('2026-08-03T10:25:00Z'));
    expect(again.filter((r) => r.type === 'realtime')).toEqual([]);
    await endTree(x, at('2026-08-03T10:25:00Z'));
  });

  it('a worker dying inside a run leaves no trace; the next settles the period once', async () => {
    const x = await realtimeTree(at('2026-08-10T12:00:00Z'));
    await settledBet(f, x.pB.id, 20_000n, 0n, at('2026-08-10T12:06:00Z'));
    await catchUpRealtime(db());
    await dieInsideRunThenSettle(x, at('2026-08-10T12:30:00Z'));
    const amounts = async (c: bigint) => (await settlementsOf(db(), c)).map((s) => s.amount_minor);
    expect([await amounts(x.cB), await amounts(x.cA), await amounts(x.cT)]).toEqual([[100n], [60n], [40n]]);
    expect(await keysOf([x.cT, x.cA, x.cB])).toHaveLength(3);
    await endTree(x, at('2026-08-10T12:30:00Z'));
  });

  it.skipIf(!onPostgres)(
    'killed with SIGKILL inside a run, a restarted worker settles every contract and period once',
    async () => {
      const x = await realtimeTree(at('2026-08-17T08:00:00Z'));
      await settledBet(f, x.pB.id, 30_000n, 0n, at('2026-08-17T08:01:00Z'));
      await settledBet(f, x.pA.id, 10_000n, 0n, at('2026-08-17T08:07:00Z'));
      await catchUpRealtime(db());
      const child = await stalledChild(
        'apps/server/src/modules/agents/contracts.settlement.child.ts',
        ['2026-08-17T08:30:00Z'],
        t.database.url,
      );
      expect(await child.kill9()).toBe('SIGKILL');
      await settleDue(db(), at('2026-08-17T08:30:00Z'), { maxPeriods: 200 });
      await settleDue(db(), at('2026-08-17T08:30:00Z'), { maxPeriods: 200 });
      const amounts = async (c: bigint) => (await settlementsOf(db(), c)).map((s) => s.amount_minor);
      expect(await amounts(x.cB)).toEqual([150n]);
      expect(await amounts(x.cA)).toEqual([90n, 80n]);
      expect(await amounts(x.cT)).toEqual([60n, 20n]);
      expect(await keysOf([x.cT, x.cA, x.cB])).toHaveLength(5);
      await endTree(x, at('2026-08-17T08:30:00Z'));
    },
    90_000,
  );
});

/**
 * A worker fails inside the first run that pays anything: nothing of it is left (no settlement of the
 * tree, no payout key); then a worker settles what is due.
 */
async function dieInsideRunThenSettle(x: { cT: bigint; cA: bigint; cB: bigint }, now: Date) {
  await expect(
    settleDue(db(), now, {
      maxPeriods: 200,
      inRun: (run) => {
        if (run.paidMinor > 0n) throw new Error('died inside the run');
      },
    }),
  ).rejects.toThrow('died inside the run');
  expect(await settlementsOf(db(), x.cB)).toEqual([]);
  expect(await keysOf([x.cT, x.cA, x.cB])).toEqual([]);
  await settleDue(db(), now, { maxPeriods: 200 });
}

/** A top agent T (the merchant's contract at `topRate`) and its downline agent A (at `rate`). */
async function twoLevels(type: 'dividend' | 'hourly', topRate: bigint, rate: bigint, accepted: Date) {
  const T = await member(f, null, true);
  const A = await member(f, T, true);
  const cT = await contract(f, null, T.id, type, [rateTier(0n, topRate)], accepted);
  const cA = await contract(f, T.id, A.id, type, [rateTier(0n, rate)], accepted);
  return { T, A, cT, cA };
}

async function idOf(contractId: bigint, periodStart: Date): Promise<bigint | undefined> {
  const { rows } = await sql<{ id: bigint }>`
    select id from agent_contract_settlements where contract_id = ${contractId} and period_start = ${periodStart}`.execute(
    db(),
  );
  return rows[0]?.id;
}

/** The payout keys of these contracts (a key per contract and period; the ledger keeps each once). */
async function keysOf(contracts: bigint[]): Promise<string[]> {
  const mine = new Set(contracts.map(String));
  return (await payoutTransfers(db()))
    .map((tr) => tr.idempotency_key)
    .filter((k) => mine.has(k.split(':')[1]!));
}
