import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { call, createAuthTestApp } from '../auth/auth.test-helpers.ts';
import { boCall, operatorToken } from '../backoffice/backoffice.test-helpers.ts';
import { type Fixture, fixture } from '../ledger/ledger.test-helpers.ts';
import { MEMBER_MESSAGE_CHANNEL } from '../realtime/index.ts';
import { acceptOffer, forceTerminate, offerContract } from './contracts.service.ts';
import { rateTier, signUp } from './contracts.test-helpers.ts';

/**
 * The agent centre's contract notices (every step told to the other side, read mark, the badge's
 * pending requests, a push to the other side's open agent centre) and its Announcement page
 * (announcements for agents only, read state per version). Runs on PGlite, and on PostgreSQL with
 * DATABASE_URL set.
 */
let t: TestApp;
let f: Fixture;
const pushes: { memberId: string; message: { type: string } }[] = [];
beforeAll(async () => {
  t = await createAuthTestApp({ agentCentre: true, dailySalary: true });
  f = await fixture(t);
  await t.ctx.bus.subscribe(MEMBER_MESSAGE_CHANNEL, (m) => pushes.push(JSON.parse(m)));
});
afterAll(() => t?.close());

const account = (agent: boolean, affiliateCode?: string) => signUp(t, f, agent, affiliateCode);

const step = async (token: string, payload: unknown) => {
  t.clock.advance(1_000);
  const r = await call(t, { method: 'POST', url: '/wps/agent/contract/dailysalary', token, payload });
  expect(r.status, JSON.stringify(r)).toBe(200);
  return r.value as { contractId: string; requestId: string | null };
};
const notices = async (token: string) =>
  (await call(t, { method: 'GET', url: '/wps/agent/notices', token })).value;
const kinds = async (token: string) =>
  (await notices(token)).list.map((x: { kind: string; account: string | null }) => [x.kind, x.account]);

describe('contract notices', () => {
  it('every step reaches the other side, with a badge, a read mark and a push', async () => {
    const T = await account(true);
    const A = await account(true, T.code);
    const X = await account(true);
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

    // Offered: A is told, by T, and has one request to answer; the push reaches A.
    const offer = await step(T.token, { action: 'offer', downlineId: A.id, tiers });
    expect(await kinds(A.token)).toEqual([['offered', T.account]]);
    expect(await notices(A.token)).toMatchObject({ unread: 1, pendingRequests: 1 });
    await expect
      .poll(() => pushes.filter((p) => p.memberId === A.id).map((p) => p.message.type))
      .toContain('agent.notice');
    // A rejects: T is told. T offers again, A accepts: T is told.
    await step(A.token, { action: 'reject', requestId: offer.requestId });
    const again = await step(T.token, { action: 'offer', downlineId: A.id, tiers });
    await step(A.token, { action: 'accept', requestId: again.requestId });
    // (T's own contract was offered by the merchant: no account.)
    expect(await kinds(T.token)).toEqual([
      ['accepted', A.account],
      ['rejected', A.account],
      ['offered', null],
    ]);
    expect(await notices(A.token)).toMatchObject({ unread: 2, pendingRequests: 0 });
    // A asks to terminate, T refuses; T asks, A agrees: each request and each answer to the other side.
    const ask = await step(A.token, { action: 'terminate', contractId: again.contractId });
    await step(T.token, { action: 'reject', requestId: ask.requestId });
    const ask2 = await step(T.token, { action: 'terminate', contractId: again.contractId });
    await step(A.token, { action: 'accept', requestId: ask2.requestId });
    expect((await kinds(T.token)).slice(0, 2)).toEqual([
      ['terminationAccepted', A.account],
      ['terminationRequested', A.account],
    ]);
    expect((await kinds(A.token)).slice(0, 2)).toEqual([
      ['terminationRequested', T.account],
      ['terminationRejected', T.account],
    ]);

    // A read everything: nothing unread until the next step.
    const read = await call(t, {
      method: 'POST',
      url: '/wps/agent/notices/read',
      token: A.token,
      payload: { until: t.clock.now().toISOString() },
    });
    expect(read.status).toBe(200);
    expect((await notices(A.token)).unread).toBe(0);

    // An operator forces a third contract to end: both sides are told; a paid payout tells its agent.
    const third = await step(T.token, { action: 'offer', downlineId: A.id, tiers });
    await step(A.token, { action: 'accept', requestId: third.requestId });
    t.clock.advance(1_000);
    const operator = { merchantId: f.merchantId, operatorId: null, username: 'ops', ip: '127.0.0.1' };
    await forceTerminate(f.db, {
      merchantId: f.merchantId,
      contractId: BigInt(third.contractId),
      operator,
      reason: null,
      now: t.clock.now(),
    });
    await f.db
      .insertInto('agent_contract_settlements' as never)
      .values({
        merchant_id: f.merchantId,
        contract_id: third.contractId,
        agent_id: A.id,
        type: 'daily',
        period_start: new Date(0),
        period_end: new Date(86_400_000),
        currency: f.currency,
        valid_bet_minor: 100_000,
        profit_loss_minor: 0,
        active_members: 1,
        tier: 1,
        rate_units: 5_000,
        gross_minor: 500,
        downline_minor: 0,
        carry_in_minor: 0,
        carry_out_minor: 0,
        amount_minor: 500,
        status: 'paid',
        created_at: t.clock.now(),
      } as never)
      .execute();
    const forA = await notices(A.token);
    expect(forA.list.slice(0, 2)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'forcedTermination', account: T.account, read: false }),
        expect.objectContaining({ kind: 'payoutPaid', account: null, amountMinor: 500, read: false }),
      ]),
    );
    expect((await kinds(T.token))[0]).toEqual(['forcedTermination', A.account]);
    // X, outside, is told nothing; a player is not an agent.
    expect(await notices(X.token)).toEqual({ list: [], unread: 0, pendingRequests: 0 });
    const player = await account(false, T.code);
    const refused = await call(t, { method: 'GET', url: '/wps/agent/notices', token: player.token });
    expect([refused.status, refused.code]).toEqual([403, 'AUTH_NOT_AGENT']);
  });
});

describe('announcements for agents', () => {
  it('shown on the agent centre only, in the reader’s language, with read state per version', async () => {
    const agent = await account(true);
    const player = await account(false);
    const starts = new Date(t.clock.now().getTime() - 60_000);
    const insert = (audience: 'all' | 'agents', en: string) =>
      f.db
        .insertInto('announcements')
        .values({
          merchant_id: f.merchantId,
          type: 'B',
          title: JSON.stringify({ en, 'pt-BR': `${en} (pt)` }),
          content: JSON.stringify({ en: `<p>${en}</p>`, 'pt-BR': `<p>${en} (pt)</p>` }),
          starts_at: starts,
          sort_order: 0,
          audience,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    const forAgents = await insert('agents', 'Agents only');
    const forAll = await insert('all', 'For everyone');

    const list = async (lang: string) =>
      (
        await call(t, {
          method: 'GET',
          url: `/wps/agent/announcements?language=${lang}`,
          token: agent.token,
        })
      ).value;
    const en = await list('en');
    expect(en.list.map((a: { title: string; read: boolean }) => [a.title, a.read])).toEqual([
      ['Agents only', false],
    ]);
    expect((await list('pt-BR')).list[0].title).toBe('Agents only (pt)');
    // The public list never shows it.
    const pub = await call(t, { method: 'GET', url: '/wps/announcements?pageSize=100' });
    const ids = pub.value.list.map((a: { id: string }) => a.id);
    expect([ids.includes(forAll.id), ids.includes(forAgents.id)]).toEqual([true, false]);

    const read = (id: string, token = agent.token) =>
      call(t, {
        method: 'POST',
        url: `/wps/agent/announcements/${id}/read`,
        token,
        payload: { version: en.list[0].version },
      });
    expect((await read(forAgents.id)).status).toBe(200);
    expect((await list('en')).list[0].read).toBe(true);
    // One for everyone is not on this page; a player is not an agent.
    expect([(await read(forAll.id)).status]).toEqual([404]);
    expect((await read(forAgents.id, player.token)).code).toBe('AUTH_NOT_AGENT');
    // Changed: unread again.
    await f.db
      .updateTable('announcements')
      .set({ updated_at: new Date(Date.now() + 5_000) })
      .where('id', '=', forAgents.id)
      .execute();
    expect((await list('en')).list[0].read).toBe(false);
  });

  it('the back office writes them: an operator with merchant.config creates, edits, withdraws and deletes, audited; others 403; bad input 4xx with a code', async () => {
    const agent = await account(true);
    const { code } = await f.db
      .selectFrom('merchants')
      .select('code')
      .where('id', '=', f.merchantId)
      .executeTakeFirstOrThrow();
    const admin = await operatorToken(t, 'admin');
    const support = await operatorToken(t, 'support');
    const base = `/bo/merchants/${code}/announcements`;
    const body = {
      type: 'B',
      audience: 'agents',
      title: { en: 'New dividend rules', 'pt-BR': 'Novas regras de dividendos' },
      content: { en: '<p>From <b>Monday</b></p>', 'pt-BR': '<p>A partir de <b>segunda</b></p>' },
    };
    const denied = await boCall(t, support, 'POST', base, body);
    expect([denied.status, denied.code]).toEqual([403, 'BO_FORBIDDEN']);
    for (const bad of [
      { ...body, title: {} },
      { ...body, audience: 'players' },
      { ...body, endTime: '2020-01-01T00:00:00Z', startTime: '2021-01-01T00:00:00Z' },
    ]) {
      const refused = await boCall(t, admin, 'POST', base, bad);
      expect([400, 422], JSON.stringify(refused)).toContain(refused.status);
      expect(['VALIDATION_FAILED', 'CONFIG_INVALID']).toContain(refused.code);
    }
    const made = await boCall(t, admin, 'POST', base, body);
    expect(made.status, JSON.stringify(made)).toBe(200);
    const id = made.value.id as string;
    const titles = async () =>
      (
        await call(t, { method: 'GET', url: '/wps/agent/announcements?language=pt-BR', token: agent.token })
      ).value.list.map((a: { title: string }) => a.title);
    expect(await titles()).toContain('Novas regras de dividendos');
    const pub = await call(t, { method: 'GET', url: '/wps/announcements?pageSize=100' });
    expect(pub.value.list.some((a: { id: string }) => a.id === id)).toBe(false);

    const edited = await boCall(t, admin, 'PUT', `${base}/${id}`, {
      title: { en: 'Dividend rules', 'pt-BR': 'Regras de dividendos' },
    });
    expect(edited.status).toBe(200);
    expect(await titles()).toContain('Regras de dividendos');
    // Withdrawn (its window ends now): no longer shown; published again: shown.
    t.clock.advance(60_000);
    const withdrawn = await boCall(t, admin, 'PUT', `${base}/${id}`, {
      endTime: t.clock.now().toISOString(),
    });
    expect(withdrawn.status).toBe(200);
    expect(await titles()).not.toContain('Regras de dividendos');
    const republished = await boCall(t, admin, 'PUT', `${base}/${id}`, {
      startTime: t.clock.now().toISOString(),
      endTime: null,
    });
    expect(republished.status).toBe(200);
    expect(await titles()).toContain('Regras de dividendos');
    expect((await boCall(t, admin, 'DELETE', `${base}/${id}`)).status).toBe(200);
    expect(await titles()).not.toContain('Regras de dividendos');
    const gone = await boCall(t, admin, 'DELETE', `${base}/${id}`);
    expect(gone.status).toBe(404);

    const { rows } = await sql<{ action: string }>`
      select action from audit_log where target_id = ${id} order by id`.execute(f.db);
    expect(rows.map((r) => r.action)).toEqual([
      'merchant.announcement.create',
      'merchant.announcement.update',
      'merchant.announcement.update',
      'merchant.announcement.update',
      'merchant.announcement.delete',
    ]);
  });
});
