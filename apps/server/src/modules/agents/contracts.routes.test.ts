import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { call, createAuthTestApp, login } from '../auth/auth.test-helpers.ts';
import { expectVerified, type Fixture, fixture } from '../ledger/ledger.test-helpers.ts';
import { DEMO_AGENT } from './agents.seed.ts';
import { consumerHoldsCommitted } from '../records/index.ts';
import { catchUpRealtime, REALTIME_CONSUMER } from './contracts.realtime.ts';
import { acceptOffer, offerContract } from './contracts.service.ts';
import { settleDue } from './contracts.settlement.ts';
import { rateTier, realtimeTier, settledBet, signUp } from './contracts.test-helpers.ts';

/**
 * The contract calls over HTTP: the four processing POSTs (spec §7) and the pending requests of
 * GET /wps/member/info/funds/consolidated. Another agent's contract or request, or one of another
 * type than the path's, is not found.
 */
let t: TestApp;
let f: Fixture;
beforeAll(async () => {
  t = await createAuthTestApp({
    agentCentre: true,
    dividendContract: true,
    dailySalary: true,
    realtimeSalary: true,
  });
  f = await fixture(t);
});
afterAll(() => t?.close());
afterEach(() => expectVerified(t.ctx.db));

const account = (agent: boolean, affiliateCode?: string) => signUp(t, f, agent, affiliateCode);

const process = (token: string, path: string, payload: unknown) =>
  call(t, { method: 'POST', url: `/wps/agent/contract/${path}`, token, payload });

const pending = async (token: string) =>
  (
    await call(t, {
      method: 'GET',
      url: '/wps/member/info/funds/consolidated?dailysalreqtype=1&divtypereq=1',
      token,
    })
  ).value.pendingContractRequests;

describe('POST /wps/agent/contract/*', () => {
  it('an agent offers its direct downline a daily salary; the downline accepts, then asks to terminate', async () => {
    const T = await account(true);
    const A = await account(true, T.code);
    const X = await account(true);
    const player = await account(false, T.code);
    const now = t.clock.now();
    const top = await offerContract(f.db, {
      merchantId: f.merchantId,
      uplineId: null,
      downlineId: T.id,
      type: 'daily',
      tiers: [rateTier(0n, 10_000n)],
      now,
    });
    await acceptOffer(f.db, { merchantId: f.merchantId, memberId: T.id, contractId: top.contractId, now });

    const tiers = [{ minValidBetMinor: 0, rateUnits: 5_000 }];
    const above = await process(T.token, 'dailysalary', {
      action: 'offer',
      downlineId: A.id,
      tiers: [{ minValidBetMinor: 0, rateUnits: 10_001 }],
    });
    expect([above.status, above.code]).toEqual([422, 'AGENT_CONTRACT_ABOVE_UPLINE']);
    const bad = await process(T.token, 'dailysalary', { action: 'offer', downlineId: A.id, tiers: [] });
    expect([bad.status, bad.code]).toEqual([400, 'VALIDATION_FAILED']);
    const stranger = await process(T.token, 'dailysalary', { action: 'offer', downlineId: X.id, tiers });
    expect([stranger.status, stranger.code]).toEqual([404, 'AGENT_MEMBER_NOT_FOUND']);
    const notAgent = await process(player.token, 'dailysalary', { action: 'offer', downlineId: A.id, tiers });
    expect([notAgent.status, notAgent.code]).toEqual([403, 'AUTH_NOT_AGENT']);

    const offered = await process(T.token, 'dailysalary', { action: 'offer', downlineId: A.id, tiers });
    expect(offered.status).toBe(200);
    const { contractId, requestId } = offered.value as { contractId: string; requestId: string };
    expect(await pending(A.token)).toEqual({ daily: 1, dividend: 0 });
    // Consolidated without the flags has no contract field.
    const plain = await call(t, {
      method: 'GET',
      url: '/wps/member/info/funds/consolidated',
      token: A.token,
    });
    expect(plain.value.pendingContractRequests).toBeUndefined();

    // Another type's path, or another agent, finds nothing.
    const wrongType = await process(A.token, 'dividend', { action: 'accept', requestId });
    expect([wrongType.status, wrongType.code]).toEqual([404, 'AGENT_CONTRACT_NOT_FOUND']);
    const notMine = await process(X.token, 'dailysalary', { action: 'accept', requestId });
    expect([notMine.status, notMine.code]).toEqual([404, 'AGENT_CONTRACT_NOT_FOUND']);
    const seen = await call(t, { method: 'GET', url: '/wps/agent/contracts?type=daily', token: A.token });
    expect(seen.value.held).toBeNull();
    expect(seen.value.given.map((c: { id: string; status: string }) => [c.id, c.status])).toEqual([
      [contractId, 'offered'],
    ]);
    expect(seen.value.requests.map((r: { id: string; toMe: boolean }) => [r.id, r.toMe])).toEqual([
      [requestId, true],
    ]);
    const accepted = await process(A.token, 'dailysalary', { action: 'accept', requestId });
    expect(accepted.status).toBe(200);
    expect(await pending(A.token)).toEqual({ daily: 0, dividend: 0 });
    const again = await process(A.token, 'dailysalary', { action: 'accept', requestId });
    expect([again.status, again.code]).toEqual([409, 'AGENT_CONTRACT_STATE']);

    const foreign = await process(X.token, 'dailysalary', { action: 'terminate', contractId });
    expect([foreign.status, foreign.code]).toEqual([404, 'AGENT_CONTRACT_NOT_FOUND']);
    const ask = await process(A.token, 'dailysalary', { action: 'terminate', contractId });
    expect(ask.status).toBe(200);
    expect(await pending(T.token)).toEqual({ daily: 1, dividend: 0 });
    const refused = await process(T.token, 'dailysalary', {
      action: 'reject',
      requestId: ask.value.requestId,
    });
    expect(refused.status).toBe(200);
    expect(await pending(T.token)).toEqual({ daily: 0, dividend: 0 });

    // T reads the contract it holds and the one it gave; X, outside, reads nothing of them.
    const mine = await call(t, { method: 'GET', url: '/wps/agent/contracts?type=daily', token: T.token });
    expect(mine.value.held.id).toBe(String(top.contractId));
    expect(mine.value.given.map((c: { id: string; downlineId: string }) => [c.id, c.downlineId])).toEqual([
      [contractId, A.id],
    ]);
    const theirs = await call(t, { method: 'GET', url: '/wps/agent/contracts?type=daily', token: X.token });
    expect(theirs.value).toEqual({ held: null, given: [], requests: [] });
    const income = await call(t, { method: 'GET', url: '/wps/agent/income?pageSize=10', token: A.token });
    expect([income.status, income.value.total, income.value.list]).toEqual([200, 0, []]);
    const badType = await call(t, { method: 'GET', url: '/wps/agent/contracts?type=weekly', token: A.token });
    expect([badType.status, badType.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('a real-time salary: offered with its loss and profit rates, accepted, paid per 5 minutes into My Income', async () => {
    const T = await account(true);
    const A = await account(true, T.code);
    const pA = await account(false, A.code);
    const now = new Date(Math.ceil(t.clock.now().getTime() / 300_000) * 300_000);
    const top = await offerContract(f.db, {
      merchantId: f.merchantId,
      uplineId: null,
      downlineId: T.id,
      type: 'realtime',
      tiers: [realtimeTier(1_000n, 8_000n, 4_000n)],
      now,
    });
    await acceptOffer(f.db, { merchantId: f.merchantId, memberId: T.id, contractId: top.contractId, now });
    const offerOf = (tiers: unknown[]) =>
      process(T.token, 'realtimesalary', { action: 'offer', downlineId: A.id, tiers });
    // A profit rate is required, at most the loss rate, and within the upline's.
    const noProfit = await offerOf([{ minValidBetMinor: 1_000, rateUnits: 5_000 }]);
    expect([noProfit.status, noProfit.code]).toEqual([400, 'VALIDATION_FAILED']);
    const profitAbove = await offerOf([
      { minValidBetMinor: 1_000, rateUnits: 5_000, profitRateUnits: 6_000 },
    ]);
    expect([profitAbove.status, profitAbove.code]).toEqual([400, 'VALIDATION_FAILED']);
    const above = await offerOf([{ minValidBetMinor: 1_000, rateUnits: 5_000, profitRateUnits: 4_001 }]);
    expect([above.status, above.code]).toEqual([422, 'AGENT_CONTRACT_ABOVE_UPLINE']);
    const offered = await offerOf([{ minValidBetMinor: 1_000, rateUnits: 5_000, profitRateUnits: 2_000 }]);
    expect(offered.status).toBe(200);
    const requests = await call(t, {
      method: 'GET',
      url: '/wps/member/info/funds/consolidated?realtimesalreqtype=1',
      token: A.token,
    });
    expect(requests.value.pendingContractRequests).toEqual({ realtime: 1 });
    const accepted = await process(A.token, 'realtimesalary', {
      action: 'accept',
      requestId: offered.value.requestId,
    });
    expect(accepted.status).toBe(200);
    const held = await call(t, { method: 'GET', url: '/wps/agent/contracts?type=realtime', token: A.token });
    expect([held.value.held.period, held.value.held.tiers[0].profitRateUnits]).toEqual(['realtime', 2_000]);

    // A player of A loses R$ 100.00 and wins on R$ 50.00: A earns 0.5% + 0.2%, T the differences.
    await settledBet(f, pA.id, 10_000n, 0n, new Date(now.getTime() + 60_000));
    await settledBet(f, pA.id, 5_000n, 9_000n, new Date(now.getTime() + 120_000));
    // Every fact committed so far, even behind another database's transaction on a shared server.
    await consumerHoldsCommitted(f.db, REALTIME_CONSUMER, catchUpRealtime);
    await settleDue(f.db, new Date(now.getTime() + 20 * 60_000));
    const income = async (token: string) =>
      (
        await call(t, { method: 'GET', url: '/wps/agent/income?type=realtime&pageSize=10', token })
      ).value.list.map(
        (r: {
          type: string;
          periodStart: string;
          validBetMinor: number;
          amountMinor: number;
          status: string;
        }) => [r.type, r.periodStart, r.validBetMinor, r.amountMinor, r.status],
      );
    expect(await income(A.token)).toEqual([['realtime', now.toISOString(), 15_000, 60, 'paid']]);
    expect(await income(T.token)).toEqual([['realtime', now.toISOString(), 15_000, 40, 'paid']]);
  });

  it('My Income answers the totals over the whole filter, not over the page', async () => {
    const T = await account(true);
    const top = await offerContract(f.db, {
      merchantId: f.merchantId,
      uplineId: null,
      downlineId: T.id,
      type: 'daily',
      tiers: [rateTier(0n, 10_000n)],
      now: t.clock.now(),
    });
    // Five settled days (paid, approved, awaiting, rejected, paid) written as the engine leaves them.
    const statuses = ['paid', 'approved', 'awaiting_approval', 'rejected', 'paid'];
    for (const [i, status] of statuses.entries()) {
      const start = new Date(Date.UTC(2026, 0, 1 + i));
      await sql`insert into agent_contract_settlements (merchant_id, contract_id, agent_id, type, period_start,
          period_end, currency, valid_bet_minor, profit_loss_minor, active_members, tier, rate_units, gross_minor,
          downline_minor, carry_in_minor, carry_out_minor, amount_minor, status, created_at)
        values (${f.merchantId}, ${top.contractId}, ${T.id}, 'daily', ${start}, ${new Date(start.getTime() + 86_400_000)},
          ${f.currency}, 100000, 0, 0, 0, 10000, ${(i + 1) * 100}, 0, 0, 0, ${(i + 1) * 100}, ${status}, ${start})`.execute(
        f.db,
      );
    }
    const page = async (url: string) => (await call(t, { method: 'GET', url, token: T.token })).value;
    const first = await page('/wps/agent/income?pageSize=2');
    expect([first.list.length, first.total, first.paidMinor, first.awaitingMinor]).toEqual([
      2,
      5,
      100 + 200 + 500,
      300,
    ]);
    // Another page, the same totals; another type's filter, none.
    const third = await page('/wps/agent/income?pageSize=2&pageNo=3');
    expect([third.list.length, third.paidMinor, third.awaitingMinor]).toEqual([1, 800, 300]);
    const dividends = await page('/wps/agent/income?type=dividend');
    expect([dividends.total, dividends.paidMinor, dividends.awaitingMinor]).toEqual([0, 0, 0]);
  });

  it('the demo agent holds the merchant’s daily salary, hourly salary, weekly dividend and real-time salary (demo data)', async () => {
    const demo = await login(t, DEMO_AGENT.account, DEMO_AGENT.password);
    for (const [type, period] of [
      ['daily', 'daily'],
      ['hourly', 'hourly'],
      ['dividend', 'weekly'],
      ['realtime', 'realtime'],
    ]) {
      const r = await call(t, {
        method: 'GET',
        url: `/wps/agent/contracts?type=${type}`,
        token: demo.value.token,
      });
      expect([r.value.held.uplineId, r.value.held.status, r.value.held.period]).toEqual([
        null,
        'active',
        period,
      ]);
    }
  });
});
