import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { createAuthTestApp } from '../auth/auth.test-helpers.ts';
import { boCall, operatorToken } from '../backoffice/backoffice.test-helpers.ts';
import { expectVerified, type Fixture, fixture } from '../ledger/ledger.test-helpers.ts';
import { catchUpRollups } from '../records/records.test-helpers.ts';
import { ensureBareMerchant } from '../system/index.ts';
import { acceptOffer, requestTermination } from './contracts.service.ts';
import { payoutKey, settleDue } from './contracts.settlement.ts';
import {
  contract,
  member,
  payoutTransfers,
  rateTier,
  setRules,
  settledBet,
} from './contracts.test-helpers.ts';

/**
 * The back office's agent routes on whichever database the run uses (PGlite by default, PostgreSQL
 * with DATABASE_URL): who may call what, the tree and moving a member in it, the contract rules,
 * contracts with force-terminate, settlement runs and the approval of a payout by two operators at
 * once (paid exactly once, the ledger's verify passing).
 */
let t: TestApp;
let f: Fixture;
const tokens: Record<'admin' | 'finance' | 'finance2' | 'support' | 'auditor', string> = {
  admin: '',
  finance: '',
  finance2: '',
  support: '',
  auditor: '',
};
beforeAll(async () => {
  t = await createAuthTestApp({ agentCentre: true, dividendContract: true, dailySalary: true });
  f = await fixture(t);
  tokens.admin = await operatorToken(t, 'admin');
  tokens.finance = await operatorToken(t, 'finance');
  tokens.finance2 = await operatorToken(t, 'finance');
  tokens.support = await operatorToken(t, 'support');
  tokens.auditor = await operatorToken(t, 'auditor');
});
afterAll(() => t?.close());
afterEach(() => expectVerified(t.ctx.db));

const bo = (
  who: keyof typeof tokens | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
) => boCall(t, who ? tokens[who] : null, method, url, payload);

async function auditOf(targetId: string) {
  const { rows } = await sql<{ action: string; reason: string | null; operator_name: string }>`
    select action, reason, operator_name from audit_log where target_id = ${targetId} order by id`.execute(
    t.ctx.db,
  );
  return rows;
}

async function ancestryOf(id: string) {
  const row = await t.ctx.db
    .selectFrom('members')
    .select(['ancestry', 'parent_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row;
}

describe('authorization', () => {
  it('reads need agents.read; changes need agents.manage or agents.payouts; no token is 401', async () => {
    expect((await bo(null, 'GET', '/bo/agents/tree')).status).toBe(401);
    for (const who of ['admin', 'finance', 'support', 'auditor'] as const) {
      expect((await bo(who, 'GET', '/bo/agents/tree')).status).toBe(200);
      expect((await bo(who, 'GET', '/bo/agents/rules')).status).toBe(200);
      expect((await bo(who, 'GET', '/bo/agents/contracts')).status).toBe(200);
      expect((await bo(who, 'GET', '/bo/agents/runs')).status).toBe(200);
      expect((await bo(who, 'GET', '/bo/agents/payouts')).status).toBe(200);
    }
    const T = await member(f, null, true);
    const A = await member(f, null, true);
    const rules = (await bo('admin', 'GET', '/bo/agents/rules')).value;
    const { flags: _f, updatedAt: _u, updatedBy: _b, ...change } = rules;
    for (const who of ['finance', 'support', 'auditor'] as const) {
      const move = await bo(who, 'POST', `/bo/agents/members/${A.id}/move`, {
        parentId: T.id,
        reason: 'test',
      });
      expect([move.status, move.code]).toEqual([403, 'BO_FORBIDDEN']);
      const put = await bo(who, 'PUT', '/bo/agents/rules', change);
      expect([put.status, put.code]).toEqual([403, 'BO_FORBIDDEN']);
      const end = await bo(who, 'POST', '/bo/agents/contracts/1/terminate', { reason: 'test' });
      expect([end.status, end.code]).toEqual([403, 'BO_FORBIDDEN']);
    }
    for (const who of ['support', 'auditor'] as const) {
      const decide = await bo(who, 'POST', '/bo/agents/payouts/1/decision', { approve: true, reason: 'ok' });
      expect([decide.status, decide.code]).toEqual([403, 'BO_FORBIDDEN']);
    }
    // Finance may decide payouts: an unknown one is simply not found.
    const unknown = await bo('finance', 'POST', '/bo/agents/payouts/999999/decision', {
      approve: true,
      reason: 'ok',
    });
    expect([unknown.status, unknown.code]).toEqual([404, 'AGENT_SETTLEMENT_NOT_FOUND']);
  });
});

describe('the tree', () => {
  it('lists the top agents, a node’s children lazily, and members found by account with their path', async () => {
    const T = await member(f, null, true);
    const A = await member(f, T, true);
    const pA = await member(f, A, false);
    await member(f, T, false);
    await contract(f, null, T.id, 'daily', [rateTier(0n, 10_000n)], new Date('2026-02-01T00:00:00Z'));

    const top = await bo('support', 'GET', '/bo/agents/tree');
    const nodeT = top.value.list.find((n: { id: string }) => n.id === T.id);
    expect(nodeT).toMatchObject({ direct: 2, team: 3, contracts: ['daily'], path: [], parentId: null });
    expect(top.value.list.some((n: { id: string }) => n.id === A.id)).toBe(false);

    const children = await bo('support', 'GET', `/bo/agents/tree?parentId=${T.id}`);
    expect(children.value.list.map((n: { id: string }) => n.id)[0]).toBe(A.id); // agents first
    expect(children.value.list).toHaveLength(2);

    const account = (
      await t.ctx.db.selectFrom('members').select('account').where('id', '=', pA.id).executeTakeFirstOrThrow()
    ).account;
    const found = await bo('support', 'GET', `/bo/agents/tree?account=${account.toUpperCase()}`);
    expect(found.value.list).toHaveLength(1);
    expect(found.value.list[0].path).toHaveLength(2);
    // An id that is no uuid, or a long query, is a 4xx or an empty level, never a 5xx.
    expect((await bo('support', 'GET', '/bo/agents/tree?parentId=nope')).value.list).toEqual([]);
    const long = await bo('support', 'GET', `/bo/agents/tree?account=${'x'.repeat(65)}`);
    expect([long.status, long.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('moves a member with its whole team under another agent, audited; refuses cycles, players, other merchants and contract holders', async () => {
    const T = await member(f, null, true);
    const A = await member(f, T, true);
    const B = await member(f, A, true);
    const pB = await member(f, B, false);
    const U = await member(f, null, true);
    const player = await member(f, U, false);

    const moved = await bo('admin', 'POST', `/bo/agents/members/${B.id}/move`, {
      parentId: U.id,
      reason: 'merged teams',
    });
    expect(moved.status).toBe(200);
    expect(moved.value.moved).toBe(2);
    expect(moved.value.node).toMatchObject({ parentId: U.id, team: 1 });
    expect(await ancestryOf(B.id)).toEqual({ parent_id: U.id, ancestry: `/${U.id}/` });
    expect(await ancestryOf(pB.id)).toEqual({ parent_id: B.id, ancestry: `/${U.id}/${B.id}/` });
    expect(await auditOf(B.id)).toMatchObject([{ action: 'agent_tree.move', reason: 'merged teams' }]);
    // Every path in the merchant still matches its parent's.
    const { rows: broken } = await sql`select m.id from members m join members p on p.id = m.parent_id
      where m.ancestry <> p.ancestry || p.id::text || '/'`.execute(t.ctx.db);
    expect(broken).toEqual([]);
    // The stored team sizes (migration 0067's triggers) follow the move.
    const { rows: sizes } = await sql<{ id: string; stored: string | null; counted: string }>`
      select m.id, (select team_size from member_team_sizes s where s.member_id = m.id) as stored,
        (select count(*) from members t where t.ancestry like m.ancestry || m.id::text || '/%') as counted
      from members m where m.id in (${T.id}, ${A.id}, ${B.id}, ${U.id})`.execute(t.ctx.db);
    for (const size of sizes) expect(Number(size.stored ?? 0)).toBe(Number(size.counted));

    const refuse = async (id: string, parentId: string, status: number, code: string) => {
      const r = await bo('admin', 'POST', `/bo/agents/members/${id}/move`, { parentId, reason: 'test' });
      expect([r.status, r.code]).toEqual([status, code]);
    };
    await refuse(U.id, B.id, 422, 'AGENT_MOVE_CYCLE');
    await refuse(U.id, U.id, 422, 'AGENT_MOVE_CYCLE');
    await refuse(A.id, player.id, 422, 'AGENT_MOVE_PARENT_NOT_AGENT');
    await refuse(A.id, 'not-a-uuid', 422, 'AGENT_MOVE_PARENT_NOT_AGENT');
    await refuse('00000000-0000-4000-8000-000000000000', U.id, 404, 'AGENT_MEMBER_NOT_FOUND');
    // Another merchant's agent is neither a parent nor a member here.
    await ensureBareMerchant(t.ctx, 'bomove');
    const other = await t.ctx.db
      .selectFrom('merchants')
      .select(['id', 'currency'])
      .where('code', '=', 'bomove')
      .executeTakeFirstOrThrow();
    const foreign = await member(
      { db: t.ctx.db, merchantId: other.id, currency: other.currency },
      null,
      true,
    );
    await refuse(A.id, foreign.id, 422, 'AGENT_MOVE_PARENT_NOT_AGENT');
    await refuse(foreign.id, U.id, 404, 'AGENT_MEMBER_NOT_FOUND');
    // A contract holder's contract is with its upline: it is terminated first.
    await contract(f, null, T.id, 'daily', [rateTier(0n, 10_000n)], new Date('2026-02-01T00:00:00Z'));
    await contract(f, T.id, A.id, 'daily', [rateTier(0n, 5_000n)], new Date('2026-02-01T00:00:00Z'));
    await refuse(A.id, U.id, 409, 'AGENT_MOVE_CONTRACT_HELD');
    const bad = await bo('admin', 'POST', `/bo/agents/members/${A.id}/move`, { parentId: U.id, reason: '' });
    expect([bad.status, bad.code]).toEqual([400, 'VALIDATION_FAILED']);
  });
  it('two crossing moves at once never build a cycle', async () => {
    const A = await member(f, null, true);
    const B = await member(f, null, true);
    const answers = await Promise.all([
      bo('admin', 'POST', `/bo/agents/members/${A.id}/move`, { parentId: B.id, reason: 'cross 1' }),
      bo('admin', 'POST', `/bo/agents/members/${B.id}/move`, { parentId: A.id, reason: 'cross 2' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    expect(answers.find((a) => a.status === 422)?.code).toBe('AGENT_MOVE_CYCLE');
    const [a, b] = [await ancestryOf(A.id), await ancestryOf(B.id)];
    expect([a.parent_id === B.id, b.parent_id === A.id].filter(Boolean)).toHaveLength(1);
  });
});

describe('contract rules', () => {
  it('reads the defaults and the type flags, saves a change with an audit entry, refuses bad input', async () => {
    const before = (await bo('auditor', 'GET', '/bo/agents/rules')).value;
    expect(before.flags).toMatchObject({ dividend: true, daily: true });
    expect(Object.keys(before.flags).sort()).toEqual(['daily', 'dividend', 'hourly', 'realtime']);
    const { flags: _f, updatedAt: _u, updatedBy: _b, ...change } = before;
    const saved = await bo('admin', 'PUT', '/bo/agents/rules', {
      ...change,
      approvalThresholdMinor: 5_000,
      carryOver: false,
      reason: 'lower threshold',
    });
    expect(saved.status).toBe(200);
    expect(saved.value).toMatchObject({ approvalThresholdMinor: 5_000, carryOver: false });
    expect(saved.value.updatedBy).toMatch(/^admin/);
    expect(await auditOf(f.merchantId)).toMatchObject([
      { action: 'agent_rules.update', reason: 'lower threshold' },
    ]);
    for (const wrong of [{ maxTiers: 0 }, { dividendPeriod: 'yearly' }, { maxRateUnits: { dividend: -1 } }]) {
      const r = await bo('admin', 'PUT', '/bo/agents/rules', { ...change, ...wrong });
      expect([r.status, r.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    await setRules(f, {});
  });
});

describe('contracts', () => {
  it('lists by type, status and agent; shows tiers and requests; force-terminates once, audited', async () => {
    const T = await member(f, null, true);
    const A = await member(f, T, true);
    const cT = await contract(
      f,
      null,
      T.id,
      'dividend',
      [rateTier(0n, 300_000n)],
      new Date('2026-02-01T00:00:00Z'),
    );
    const cA = await contract(
      f,
      T.id,
      A.id,
      'dividend',
      [rateTier(0n, 200_000n)],
      new Date('2026-02-01T00:00:00Z'),
    );
    const account = (
      await t.ctx.db.selectFrom('members').select('account').where('id', '=', A.id).executeTakeFirstOrThrow()
    ).account;

    const list = await bo(
      'support',
      'GET',
      `/bo/agents/contracts?type=dividend&status=active&agent=${account}`,
    );
    expect(list.value.list.map((c: { id: string }) => c.id)).toEqual([String(cA)]);
    const detail = await bo('support', 'GET', `/bo/agents/contracts/${cA}`);
    expect(detail.value.contract).toMatchObject({
      status: 'active',
      uplineId: T.id,
      downlineAccount: account,
    });
    expect(detail.value.contract.tiers[0].rateUnits).toBe(200_000);
    expect(detail.value.requests).toMatchObject([{ kind: 'new', status: 'accepted' }]);

    const ended = await bo('admin', 'POST', `/bo/agents/contracts/${cT}/terminate`, {
      reason: 'fraud review',
    });
    expect(ended.status).toBe(200);
    expect(ended.value.contract).toMatchObject({ status: 'terminated', endReason: 'forced' });
    expect(await auditOf(String(cT))).toMatchObject([
      { action: 'agent_contract.terminate', reason: 'fraud review' },
    ]);
    const again = await bo('admin', 'POST', `/bo/agents/contracts/${cT}/terminate`, {
      reason: 'fraud review',
    });
    expect([again.status, again.code]).toEqual([409, 'AGENT_CONTRACT_STATE']);
    const missing = await bo('admin', 'POST', '/bo/agents/contracts/99999999/terminate', { reason: 'x1' });
    expect([missing.status, missing.code]).toEqual([404, 'AGENT_CONTRACT_NOT_FOUND']);
    const badId = await bo('admin', 'GET', '/bo/agents/contracts/abc');
    expect([badId.status, badId.code]).toEqual([400, 'VALIDATION_FAILED']);
    const noReason = await bo('admin', 'POST', `/bo/agents/contracts/${cA}/terminate`, {});
    expect([noReason.status, noReason.code]).toEqual([400, 'VALIDATION_FAILED']);
    const badFilter = await bo('admin', 'GET', '/bo/agents/contracts?status=lost');
    expect([badFilter.status, badFilter.code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});

describe('contracts from the merchant', () => {
  const tier = { minValidBetMinor: 0, rateUnits: 10_000 };
  it('offers a top agent a contract (audited), refuses others and bad input with 4xx codes, answers its termination request', async () => {
    const T = await member(f, null, true);
    const A = await member(f, T, true);
    const player = await member(f, null, false);
    const offer = (who: keyof typeof tokens, body: unknown) => bo(who, 'POST', '/bo/agents/contracts', body);
    for (const who of ['finance', 'support', 'auditor'] as const) {
      const denied = await offer(who, { downlineId: T.id, type: 'daily', tiers: [tier] });
      expect([denied.status, denied.code]).toEqual([403, 'BO_FORBIDDEN']);
      const decide = await bo(who, 'POST', '/bo/agents/requests/1/decision', { accept: true, reason: 'ok' });
      expect([decide.status, decide.code]).toEqual([403, 'BO_FORBIDDEN']);
    }
    expect((await bo(null, 'POST', '/bo/agents/contracts', {})).status).toBe(401);
    // Not a top agent (A has an upline agent), a player, an unknown id: not found.
    for (const downlineId of [A.id, player.id, '00000000-0000-4000-8000-000000000000']) {
      const refused = await offer('admin', { downlineId, type: 'daily', tiers: [tier] });
      expect([refused.status, refused.code]).toEqual([404, 'AGENT_MEMBER_NOT_FOUND']);
    }
    // Bad input: no tiers, a type that does not exist, a negative rate, a bad id, tiers out of order.
    for (const body of [
      { downlineId: T.id, type: 'daily', tiers: [] },
      { downlineId: T.id, type: 'weekly', tiers: [tier] },
      { downlineId: T.id, type: 'daily', tiers: [{ minValidBetMinor: 0, rateUnits: -1 }] },
      { downlineId: 'not-an-id', type: 'daily', tiers: [tier] },
    ]) {
      const bad = await offer('admin', body);
      expect([bad.status, bad.code], JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED']);
    }
    const unordered = await offer('admin', {
      downlineId: T.id,
      type: 'daily',
      tiers: [
        { minValidBetMinor: 5_000, rateUnits: 20_000 },
        { minValidBetMinor: 1_000, rateUnits: 10_000 },
      ],
    });
    expect(unordered.status).toBe(400);
    expect(unordered.code).toBe('VALIDATION_FAILED');

    const made = await offer('admin', {
      downlineId: T.id,
      type: 'daily',
      tiers: [tier, { minValidBetMinor: 100_000, rateUnits: 15_000 }],
      reason: 'launch deal',
    });
    expect(made.status, JSON.stringify(made)).toBe(200);
    expect(made.value.contract).toMatchObject({
      type: 'daily',
      uplineAccount: null,
      downlineId: T.id,
      status: 'offered',
      pendingRequests: 1,
    });
    expect(made.value.requests).toMatchObject([{ kind: 'new', fromAccount: null, status: 'pending' }]);
    expect(await auditOf(made.value.contract.id)).toEqual([
      expect.objectContaining({ action: 'agent_contract.offer', reason: 'launch deal' }),
    ]);
    const twice = await offer('admin', { downlineId: T.id, type: 'daily', tiers: [tier] });
    expect([twice.status, twice.code]).toEqual([409, 'AGENT_CONTRACT_REQUEST_PENDING']);

    // T accepts in its agent centre, then asks to terminate: the request is the merchant's to answer.
    const contractId = BigInt(made.value.contract.id);
    const now = t.ctx.clock.now();
    await acceptOffer(f.db, { merchantId: f.merchantId, memberId: T.id, contractId, now });
    const asked = await requestTermination(f.db, {
      merchantId: f.merchantId,
      memberId: T.id,
      contractId,
      now,
    });
    // The offer's request was T's to answer, not the merchant's.
    const notOurs = await bo('admin', 'POST', `/bo/agents/requests/${made.value.requests[0].id}/decision`, {
      accept: true,
      reason: 'no',
    });
    expect([notOurs.status, notOurs.code]).toEqual([404, 'AGENT_CONTRACT_NOT_FOUND']);
    const noReason = await bo('admin', 'POST', `/bo/agents/requests/${asked}/decision`, { accept: true });
    expect([noReason.status, noReason.code]).toEqual([400, 'VALIDATION_FAILED']);
    const rejected = await bo('admin', 'POST', `/bo/agents/requests/${asked}/decision`, {
      accept: false,
      reason: 'keep it',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.value.contract.status).toBe('active');
    const asked2 = await requestTermination(f.db, {
      merchantId: f.merchantId,
      memberId: T.id,
      contractId,
      now,
    });
    const accepted = await bo('admin', 'POST', `/bo/agents/requests/${asked2}/decision`, {
      accept: true,
      reason: 'as asked',
    });
    expect(accepted.value.contract).toMatchObject({ status: 'terminated', endReason: 'terminated' });
    const again = await bo('admin', 'POST', `/bo/agents/requests/${asked2}/decision`, {
      accept: true,
      reason: 'as asked',
    });
    expect([again.status, again.code]).toEqual([409, 'AGENT_CONTRACT_STATE']);
    expect((await auditOf(made.value.contract.id)).map((a) => a.action)).toEqual([
      'agent_contract.offer',
      'agent_contract.termination_reject',
      'agent_contract.termination_accept',
    ]);
  });
});

describe('settlement runs and payout approvals', () => {
  it('lists the run and its payouts; two operators approving at once pay exactly once', async () => {
    await setRules(f, { approvalThresholdMinor: 5_000n });
    const T = await member(f, null, true);
    const p = await member(f, T, false);
    const cT = await contract(
      f,
      null,
      T.id,
      'daily',
      [rateTier(0n, 10_000n)],
      new Date('2026-08-01T00:00:00Z'),
    );
    // 1% of 1,000,000 = 10,000, above the threshold of 5,000.
    await settledBet(f, p.id, 1_000_000n, 0n, new Date('2026-08-01T10:00:00Z'));
    await catchUpRollups(t.ctx.db);
    await settleDue(t.ctx.db, new Date('2026-08-02T00:30:00Z'), { maxPeriods: 400 });

    const runs = await bo('auditor', 'GET', '/bo/agents/runs?type=daily');
    const run = runs.value.list.find(
      (r: { periodStart: string }) => r.periodStart === '2026-08-01T00:00:00.000Z',
    );
    expect(run).toMatchObject({ status: 'awaiting_approval', awaitingCount: 1, awaitingMinor: 10_000 });
    const waiting = await bo(
      'auditor',
      'GET',
      `/bo/agents/payouts?status=awaiting_approval&periodStart=${encodeURIComponent(run.periodStart)}`,
    );
    const payout = waiting.value.list.find((x: { contractId: string }) => x.contractId === String(cT));
    expect(payout).toMatchObject({ amountMinor: 10_000, agentId: T.id, status: 'awaiting_approval' });

    const bad = await bo('finance', 'POST', `/bo/agents/payouts/${payout.id}/decision`, {
      approve: 'yes',
      reason: 'ok',
    });
    expect([bad.status, bad.code]).toEqual([400, 'VALIDATION_FAILED']);
    const answers = await Promise.all([
      bo('finance', 'POST', `/bo/agents/payouts/${payout.id}/decision`, { approve: true, reason: 'checked' }),
      bo('finance2', 'POST', `/bo/agents/payouts/${payout.id}/decision`, {
        approve: true,
        reason: 'checked too',
      }),
      bo('admin', 'POST', `/bo/agents/payouts/${payout.id}/decision`, { approve: false, reason: 'no' }),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.code === 'AGENT_SETTLEMENT_DECIDED')).toBe(
      true,
    );
    const key = payoutKey(cT, new Date('2026-08-01T00:00:00Z'));
    const paid = (await payoutTransfers(t.ctx.db)).filter((tr) => tr.idempotency_key === key);
    const won = answers.find((a) => a.status === 200)!;
    expect(paid).toHaveLength(won.value.status === 'approved' ? 1 : 0);
    expect(await auditOf(payout.id)).toHaveLength(1);
    const after = await bo('auditor', 'GET', '/bo/agents/runs?type=daily');
    expect(
      after.value.list.find((r: { periodStart: string }) => r.periodStart === run.periodStart).status,
    ).toBe('settled');
    await setRules(f, {});
  });
});
