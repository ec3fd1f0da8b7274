import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { createAuthTestApp, setFlags } from '../auth/auth.test-helpers.ts';
import { type Fixture, fixture } from '../ledger/ledger.test-helpers.ts';
import {
  acceptOffer,
  decideRequest,
  forceTerminate,
  offerContract,
  pendingRequests,
  rejectOffer,
  requestTermination,
} from './contracts.service.ts';
import { contract, member, rateTier } from './contracts.test-helpers.ts';

/** The contract lifecycle: offers, answers, terminations, the rate cap and automatic termination. */
let t: TestApp;
let f: Fixture;
beforeAll(async () => {
  t = await createAuthTestApp({
    agentCentre: true,
    dividendContract: true,
    dailySalary: true,
    hourlySalary: false,
  });
  f = await fixture(t);
});
afterAll(() => t?.close());

const now = new Date('2026-02-01T10:00:00Z');

async function statusOf(id: bigint): Promise<{ status: string; end_reason: string | null }> {
  const { rows } = await sql<{ status: string; end_reason: string | null }>`
    select status, end_reason from agent_contracts where id = ${id}`.execute(f.db);
  return rows[0]!;
}

function offer(
  uplineId: string | null,
  downlineId: string,
  rate: bigint,
  type: 'daily' | 'hourly' = 'daily',
) {
  return offerContract(f.db, {
    merchantId: f.merchantId,
    uplineId,
    downlineId,
    type,
    tiers: [rateTier(0n, rate)],
    now,
  });
}

describe('offers', () => {
  it('only to a direct downline agent, within the upline’s own rates, once at a time', async () => {
    const T = await member(f, null, true);
    const A = await member(f, T, true);
    const B = await member(f, A, true);
    const player = await member(f, T, false);
    // T holds nothing yet: it cannot offer.
    await expect(offer(T.id, A.id, 5_000n)).rejects.toMatchObject({
      code: 'AGENT_CONTRACT_NO_UPLINE_CONTRACT',
    });
    await contract(f, null, T.id, 'daily', [rateTier(0n, 10_000n)], now);
    // Not a direct downline, not an agent, or an operator's offer below the top: not found.
    await expect(offer(T.id, B.id, 5_000n)).rejects.toMatchObject({ code: 'AGENT_MEMBER_NOT_FOUND' });
    await expect(offer(T.id, player.id, 5_000n)).rejects.toMatchObject({ code: 'AGENT_MEMBER_NOT_FOUND' });
    await expect(offer(null, A.id, 5_000n)).rejects.toMatchObject({ code: 'AGENT_MEMBER_NOT_FOUND' });
    // Above T's rate, or outside the merchant's maximum (3% by default), or a type switched off.
    await expect(offer(T.id, A.id, 10_001n)).rejects.toMatchObject({ code: 'AGENT_CONTRACT_ABOVE_UPLINE' });
    await expect(offer(null, T.id, 30_001n)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(offer(T.id, A.id, 1_000n, 'hourly')).rejects.toMatchObject({
      code: 'AGENT_CONTRACT_TYPE_OFF',
    });

    const { contractId, requestId } = await offer(T.id, A.id, 10_000n);
    await expect(offer(T.id, A.id, 9_000n)).rejects.toMatchObject({ code: 'AGENT_CONTRACT_REQUEST_PENDING' });
    const pending = await pendingRequests(f.db, f.merchantId, A.id);
    expect(pending.map((r) => [r.id, r.kind, r.type, r.from_member_id])).toEqual([
      [requestId, 'new', 'daily', T.id],
    ]);
    // Only the addressee answers.
    await expect(
      decideRequest(f.db, { merchantId: f.merchantId, memberId: T.id, requestId, accept: true, now }),
    ).rejects.toMatchObject({ code: 'AGENT_CONTRACT_NOT_FOUND' });
    await decideRequest(f.db, { merchantId: f.merchantId, memberId: A.id, requestId, accept: true, now });
    expect(await statusOf(contractId)).toEqual({ status: 'active', end_reason: null });
    expect(await pendingRequests(f.db, f.merchantId, A.id)).toEqual([]);
  });

  it('a rejected offer ends; accepting a new contract supersedes the one held', async () => {
    const T = await member(f, null, true);
    const first = await contract(f, null, T.id, 'daily', [rateTier(0n, 10_000n)], now);
    const { contractId: rejected } = await offer(null, T.id, 20_000n);
    await rejectOffer(f.db, { merchantId: f.merchantId, memberId: T.id, contractId: rejected, now });
    expect(await statusOf(rejected)).toEqual({ status: 'rejected', end_reason: 'rejected' });
    await expect(
      acceptOffer(f.db, { merchantId: f.merchantId, memberId: T.id, contractId: rejected, now }),
    ).rejects.toMatchObject({ code: 'AGENT_CONTRACT_STATE' });
    const second = await contract(f, null, T.id, 'daily', [rateTier(0n, 20_000n)], now);
    expect(await statusOf(first)).toEqual({ status: 'terminated', end_reason: 'superseded' });
    expect(await statusOf(second)).toEqual({ status: 'active', end_reason: null });
  });
});

describe('automatic termination', () => {
  it('accepting a lower rate than one offered to a downline ends that downline contract (active or offered), not the others', async () => {
    const T = await member(f, null, true);
    const A = await member(f, T, true);
    const B1 = await member(f, A, true);
    const B2 = await member(f, A, true);
    const B3 = await member(f, A, true);
    const C = await member(f, B1, true);
    await contract(f, null, T.id, 'daily', [rateTier(0n, 20_000n)], now);
    await contract(f, T.id, A.id, 'daily', [rateTier(0n, 15_000n)], now);
    const high = await contract(f, A.id, B1.id, 'daily', [rateTier(0n, 12_000n)], now);
    const low = await contract(f, A.id, B2.id, 'daily', [rateTier(0n, 5_000n)], now);
    const { contractId: offeredHigh } = await offer(A.id, B3.id, 11_000n);
    const deeper = await contract(f, B1.id, C.id, 'daily', [rateTier(0n, 3_000n)], now);
    // T offers A a new contract at 10%: A's 12% and 11% downline contracts go, the 5% one stays.
    const { contractId } = await offer(T.id, A.id, 10_000n);
    const { terminated } = await acceptOffer(f.db, {
      merchantId: f.merchantId,
      memberId: A.id,
      contractId,
      now,
    });
    expect(terminated.sort()).toEqual([high, offeredHigh].sort());
    expect(await statusOf(high)).toEqual({ status: 'terminated', end_reason: 'rate_cap' });
    expect(await statusOf(offeredHigh)).toEqual({ status: 'terminated', end_reason: 'rate_cap' });
    expect(await statusOf(low)).toEqual({ status: 'active', end_reason: null });
    // Further down nothing is ended: C's contract is capped by B1's, which B1 no longer holds (0).
    expect(await statusOf(deeper)).toEqual({ status: 'active', end_reason: null });
    expect(await pendingRequests(f.db, f.merchantId, B3.id)).toEqual([]);
  });
});

describe('termination', () => {
  it('either side asks, the other answers; an operator answers for the merchant and can force an end', async () => {
    const T = await member(f, null, true);
    const A = await member(f, T, true);
    const cT = await contract(f, null, T.id, 'daily', [rateTier(0n, 10_000n)], now);
    const cA = await contract(f, T.id, A.id, 'daily', [rateTier(0n, 5_000n)], now);
    const ask = (memberId: string, contractId: bigint) =>
      requestTermination(f.db, { merchantId: f.merchantId, memberId, contractId, now });
    const stranger = await member(f, null, true);
    await expect(ask(stranger.id, cA)).rejects.toMatchObject({ code: 'AGENT_CONTRACT_NOT_FOUND' });

    const r1 = await ask(A.id, cA);
    await expect(ask(T.id, cA)).rejects.toMatchObject({ code: 'AGENT_CONTRACT_REQUEST_PENDING' });
    await decideRequest(f.db, {
      merchantId: f.merchantId,
      memberId: T.id,
      requestId: r1,
      accept: false,
      now,
    });
    expect((await statusOf(cA)).status).toBe('active');
    const r2 = await ask(T.id, cA);
    await decideRequest(f.db, { merchantId: f.merchantId, memberId: A.id, requestId: r2, accept: true, now });
    expect(await statusOf(cA)).toEqual({ status: 'terminated', end_reason: 'terminated' });
    await expect(ask(A.id, cA)).rejects.toMatchObject({ code: 'AGENT_CONTRACT_STATE' });

    // T's contract came from the merchant: an operator (memberId null) answers T's request.
    const r3 = await ask(T.id, cT);
    await decideRequest(f.db, {
      merchantId: f.merchantId,
      memberId: null,
      requestId: r3,
      accept: false,
      now,
    });
    const operator = { merchantId: f.merchantId, operatorId: null, username: 'ops', ip: '127.0.0.1' };
    await forceTerminate(f.db, { merchantId: f.merchantId, contractId: cT, operator, reason: 'fraud', now });
    expect(await statusOf(cT)).toEqual({ status: 'terminated', end_reason: 'forced' });
    const { rows } = await sql<{ action: string; reason: string }>`
      select action, reason from audit_log where target_type = 'agent_contract' and target_id = ${String(cT)}`.execute(
      f.db,
    );
    expect(rows).toEqual([{ action: 'agent_contract.terminate', reason: 'fraud' }]);
  });

  it('a contract type switched off can be neither offered nor accepted', async () => {
    const T = await member(f, null, true);
    const { contractId } = await offer(null, T.id, 10_000n);
    await setFlags(t, { dailySalary: false });
    try {
      await expect(
        acceptOffer(f.db, { merchantId: f.merchantId, memberId: T.id, contractId, now }),
      ).rejects.toMatchObject({ code: 'AGENT_CONTRACT_TYPE_OFF' });
      await expect(offer(null, T.id, 10_000n)).rejects.toMatchObject({ code: 'AGENT_CONTRACT_TYPE_OFF' });
    } finally {
      await setFlags(t, { dailySalary: true });
    }
  });
});
