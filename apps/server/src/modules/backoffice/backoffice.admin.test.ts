import { OPERATOR_PERMISSIONS, OPERATOR_ROLES, type OperatorRole } from '@sorte/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { expectIdempotentBurst } from '../../../test/idempotent-burst.ts';
import { createAuthTestApp, OPERATOR_KEY } from '../auth/auth.test-helpers.ts';
import { blankMemberDraft, createMember } from '../members/index.ts';
import {
  balanceOf,
  expectVerified,
  type Fixture,
  fixture,
  fund,
  newMember,
} from '../ledger/ledger.test-helpers.ts';
import { memberAccountId, systemAccountId, transfer, verifyLedger } from '../ledger/index.ts';
import {
  boCall,
  createOperator,
  loginAs,
  operatorToken,
  TEST_TOTP_SECRET,
  totpCodeFor,
} from './backoffice.test-helpers.ts';

let t: TestApp;
let f: Fixture;
const tokens = {} as Record<OperatorRole, string>;

beforeAll(async () => {
  t = await createAuthTestApp({});
  f = await fixture(t);
  // A second merchant, copied from the demo one, to check that operators stay within their own.
  await sql`insert into merchants (code, brand_name, logo_url, theme, flags, security, registration_fields, countries, customer_service, social_links, resources, region)
    select 'other', brand_name, logo_url, theme, flags, security, registration_fields, countries, customer_service, social_links, resources, region
    from merchants where code = 'demo'`.execute(t.ctx.db);
  for (const role of OPERATOR_ROLES) tokens[role] = await operatorToken(t, role);
});
afterAll(async () => {
  await t?.close();
});

async function otherMerchantMember() {
  const other = await t.ctx.db
    .selectFrom('merchants')
    .select('id')
    .where('code', '=', 'other')
    .executeTakeFirstOrThrow();
  const member = await createMember(
    t.ctx.db,
    blankMemberDraft(
      {
        merchant_id: other.id,
        account: `elsewhere${Date.now()}`,
        password_hash: 'x',
        currency: f.currency,
        register_method: 'TEST',
      },
      new Date(),
    ),
  );
  return member.id;
}

function auditRows(action: string) {
  return t.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();
}

describe('permissions', () => {
  const probes: { permission: string; method: 'GET' | 'POST' | 'PATCH'; url: string; body?: unknown }[] = [
    { permission: 'members.read', method: 'GET', url: '/bo/members' },
    { permission: 'audit.read', method: 'GET', url: '/bo/audit' },
    { permission: 'operators.manage', method: 'GET', url: '/bo/operators' },
    { permission: 'ledger.verify', method: 'GET', url: '/bo/ledger/verify' },
    { permission: 'merchant.config', method: 'GET', url: '/bo/merchants/demo/config' },
    {
      permission: 'members.adjust',
      method: 'POST',
      url: '/bo/members/00000000-0000-4000-8000-000000000000/adjustments',
      body: {
        wallet: 'main',
        direction: 'credit',
        amountMinor: 1,
        reason: 'probe only',
        idempotencyKey: 'probe-0001',
      },
    },
  ];

  it('each role reaches exactly the routes its permissions name', async () => {
    for (const role of OPERATOR_ROLES) {
      for (const probe of probes) {
        const r = await boCall(t, tokens[role], probe.method, probe.url, probe.body);
        const granted = (OPERATOR_PERMISSIONS[role] as readonly string[]).includes(probe.permission);
        if (granted) expect([200, 404], `${role} ${probe.url}`).toContain(r.status);
        else {
          expect(r.status, `${role} ${probe.url}`).toBe(403);
          expect(r.code).toBe('BO_FORBIDDEN');
        }
      }
    }
  });

  it('refuses every route without a session', async () => {
    for (const probe of probes) {
      const r = await boCall(t, null, probe.method, probe.url, probe.body);
      if (probe.url.startsWith('/bo/merchants')) expect(r.code).toBe('OPERATOR_UNAUTHENTICATED');
      else expect(r.code).toBe('BO_UNAUTHENTICATED');
    }
  });
});

describe('operators management', () => {
  it('an admin adds an operator who then enrols; duplicates are refused; all audited', async () => {
    const created = await boCall(t, tokens.admin, 'POST', '/bo/operators', {
      username: 'newsupport',
      password: 'support-pass-1',
      role: 'support',
    });
    expect(created.status).toBe(200);
    expect(created.value).toMatchObject({ username: 'newsupport', role: 'support', totpEnabled: false });
    const again = await boCall(t, tokens.admin, 'POST', '/bo/operators', {
      username: 'newsupport',
      password: 'support-pass-1',
      role: 'admin',
    });
    expect(again.code).toBe('BO_OPERATOR_EXISTS');
    const login = await loginAs(t, 'newsupport', { password: 'support-pass-1' });
    expect(login.value?.next).toBe('enroll');
    const list = await boCall(t, tokens.admin, 'GET', '/bo/operators');
    expect(list.value.map((o: { username: string }) => o.username)).toContain('newsupport');
    const audit = await auditRows('operator.create');
    expect(audit.find((a) => a.target_id === created.value.id)?.after).toMatchObject({ role: 'support' });
  });

  it('disabling an operator ends their session; resetting TOTP makes them enrol again', async () => {
    const op = await createOperator(t, 'support');
    const login = await loginAs(t, op.username, { totpCode: totpCodeFor(TEST_TOTP_SECRET, t.clock.now()) });
    const token = login.value?.token as string;
    expect((await boCall(t, token, 'GET', '/bo/members')).status).toBe(200);

    const disabled = await boCall(t, tokens.admin, 'PATCH', `/bo/operators/${op.id}`, { status: 'disabled' });
    expect(disabled.value.status).toBe('disabled');
    expect((await boCall(t, token, 'GET', '/bo/members')).code).toBe('BO_UNAUTHENTICATED');
    expect((await loginAs(t, op.username)).code).toBe('BO_INVALID_CREDENTIALS');

    await boCall(t, tokens.admin, 'PATCH', `/bo/operators/${op.id}`, { status: 'active', resetTotp: true });
    expect((await loginAs(t, op.username)).value?.next).toBe('enroll');
    const audit = (await auditRows('operator.update')).filter((a) => a.target_id === op.id);
    expect(audit.map((a) => (a.after as { status: string }).status)).toEqual(
      expect.arrayContaining(['disabled', 'active']),
    );
  });

  it("an admin cannot change themselves or another merchant's operator", async () => {
    const me = await boCall(t, tokens.admin, 'GET', '/bo/session/me');
    expect(
      (await boCall(t, tokens.admin, 'PATCH', `/bo/operators/${me.value.id}`, { role: 'support' })).code,
    ).toBe('BO_FORBIDDEN');
    const foreign = await createOperator(t, 'support', { merchant: 'other' });
    expect(
      (await boCall(t, tokens.admin, 'PATCH', `/bo/operators/${foreign.id}`, { status: 'disabled' })).code,
    ).toBe('BO_NOT_FOUND');
  });
});

describe('members', () => {
  it('finds a member by account prefix and shows wallets and totals', async () => {
    const { memberId, mainId } = await newMember(f, 'lookup');
    await fund(f, mainId, 12_345n);
    const detail = await boCall(t, tokens.support, 'GET', `/bo/members/${memberId}`);
    expect(detail.status).toBe(200);
    const found = await boCall(t, tokens.support, 'GET', `/bo/members?q=${detail.value.account.slice(0, 8)}`);
    expect(found.value.list.map((m: { id: string }) => m.id)).toContain(memberId);
    expect(detail.value.wallets.find((w: { kind: string }) => w.kind === 'main').balanceMinor).toBe(12_345);
    expect(detail.value).toMatchObject({
      totalDepositedMinor: 0,
      totalWithdrawnMinor: 0,
      currency: f.currency,
    });
    const ledger = await boCall(t, tokens.support, 'GET', `/bo/members/${memberId}/ledger?type=adjustment`);
    expect(ledger.value.list[0]).toMatchObject({ type: 'adjustment', amountMinor: 12_345 });
  });

  it("another merchant's member is invisible", async () => {
    const foreign = await otherMerchantMember();
    expect((await boCall(t, tokens.admin, 'GET', `/bo/members/${foreign}`)).code).toBe('BO_NOT_FOUND');
    expect((await boCall(t, tokens.admin, 'GET', `/bo/members/${foreign}/ledger`)).code).toBe('BO_NOT_FOUND');
    const lookup = await boCall(t, tokens.admin, 'GET', `/bo/members?q=${foreign}`);
    expect(lookup.value.total).toBe(0);
    const adjust = await boCall(t, tokens.admin, 'POST', `/bo/members/${foreign}/adjustments`, {
      wallet: 'main',
      direction: 'credit',
      amountMinor: 500,
      reason: 'cross merchant',
      idempotencyKey: 'cross-merchant-1',
    });
    expect(adjust.code).toBe('BO_NOT_FOUND');
    expect((await boCall(t, tokens.admin, 'GET', '/bo/members/not-a-uuid')).code).toBe('BO_NOT_FOUND');
  });
});

describe('adjustments', () => {
  it('50 copies of one adjustment at once answer the first, credit once and are audited once', async () => {
    const { memberId, mainId } = await newMember(f, 'adjust');
    const body = {
      wallet: 'main',
      direction: 'credit',
      amountMinor: 3_000,
      reason: 'burst credit',
      idempotencyKey: 'adj-burst-0001',
    };
    const first = await expectIdempotentBurst(
      () => boCall(t, tokens.finance, 'POST', `/bo/members/${memberId}/adjustments`, body),
      { db: t.ctx.db, balance: async () => (await balanceOf(f, mainId)).balance, moved: 3_000n },
    );
    expect(first.status).toBe(200);
    const audit = (await auditRows('member.adjust')).filter((a) => a.target_id === first.value.transferId);
    expect(audit).toHaveLength(1);
  });

  it('a credit moves money once however often it is retried, and is audited once', async () => {
    const { memberId, mainId } = await newMember(f, 'adjust');
    const body = {
      wallet: 'main',
      direction: 'credit',
      amountMinor: 5_000,
      reason: 'goodwill credit',
      idempotencyKey: 'adj-credit-0001',
    };
    const first = await boCall(t, tokens.finance, 'POST', `/bo/members/${memberId}/adjustments`, body);
    const retry = await boCall(t, tokens.finance, 'POST', `/bo/members/${memberId}/adjustments`, body);
    expect(first.status).toBe(200);
    expect(retry.value.transferId).toBe(first.value.transferId);
    expect((await balanceOf(f, mainId)).balance).toBe(5_000n);
    const audit = (await auditRows('member.adjust')).filter((a) => a.target_id === first.value.transferId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ reason: 'goodwill credit', target_type: 'transfer' });
    expect(audit[0]?.after).toMatchObject({ memberId, amountMinor: 5_000, direction: 'credit' });
    const history = await boCall(t, tokens.finance, 'GET', `/bo/members/${memberId}/ledger`);
    expect(history.value.total).toBe(1);
    await expectVerified(t.ctx.db);
  });

  it('a debit beyond the balance is refused and moves nothing; a debit within it works', async () => {
    const { memberId, mainId } = await newMember(f, 'debit');
    await fund(f, mainId, 1_000n);
    const over = await boCall(t, tokens.finance, 'POST', `/bo/members/${memberId}/adjustments`, {
      wallet: 'main',
      direction: 'debit',
      amountMinor: 1_001,
      reason: 'too much taken',
      idempotencyKey: 'adj-debit-0001',
    });
    expect(over.status).toBe(409);
    expect(over.code).toBe('WALLET_INSUFFICIENT_FUNDS');
    const within = await boCall(t, tokens.finance, 'POST', `/bo/members/${memberId}/adjustments`, {
      wallet: 'main',
      direction: 'debit',
      amountMinor: 400,
      reason: 'correction debit',
      idempotencyKey: 'adj-debit-0002',
    });
    expect(within.value.wallets.find((w: { kind: string }) => w.kind === 'main').balanceMinor).toBe(600);
    const audit = await auditRows('member.adjust');
    expect(audit.filter((a) => (a.after as { memberId: string }).memberId === memberId)).toHaveLength(1);
    await expectVerified(t.ctx.db);
  });

  it('the same key with a different amount is a conflict, not a second adjustment', async () => {
    const { memberId, mainId } = await newMember(f, 'conflict');
    const body = {
      wallet: 'main',
      direction: 'credit',
      amountMinor: 700,
      reason: 'first attempt',
      idempotencyKey: 'adj-conflict-0001',
    };
    expect(
      (await boCall(t, tokens.finance, 'POST', `/bo/members/${memberId}/adjustments`, body)).status,
    ).toBe(200);
    const changed = await boCall(t, tokens.finance, 'POST', `/bo/members/${memberId}/adjustments`, {
      ...body,
      amountMinor: 7_000,
    });
    expect(changed.code).toBe('LEDGER_IDEMPOTENCY_CONFLICT');
    expect((await balanceOf(f, mainId)).balance).toBe(700n);
  });

  it('credits the bonus wallet when asked', async () => {
    const { memberId } = await newMember(f, 'bonus');
    await boCall(t, tokens.admin, 'POST', `/bo/members/${memberId}/adjustments`, {
      wallet: 'bonus',
      direction: 'credit',
      amountMinor: 250,
      reason: 'bonus promised',
      idempotencyKey: 'adj-bonus-0001',
    });
    const bonusId = await memberAccountId(t.ctx.db, memberId, f.merchantId, 'bonus', f.currency);
    expect((await balanceOf(f, bonusId)).balance).toBe(250n);
  });
});

describe('ledger check and audit log', () => {
  it("an operator sees their own merchant's ledger balanced, and nothing of another merchant's", async () => {
    const foreignId = await otherMerchantMember();
    const before = await boCall(t, tokens.auditor, 'GET', '/bo/ledger/verify');
    expect(before.value).toMatchObject({ ok: true, violations: [] });
    // Money moving at the other merchant changes nothing in this operator's report.
    const other = await t.ctx.db
      .selectFrom('merchants')
      .select('id')
      .where('code', '=', 'other')
      .executeTakeFirstOrThrow();
    await transfer(t.ctx.db, {
      merchantId: other.id,
      idempotencyKey: `foreign-${foreignId}`,
      code: 'adjustment',
      debitAccountId: await systemAccountId(t.ctx.db, other.id, 'adjustment', f.currency),
      creditAccountId: await memberAccountId(t.ctx.db, foreignId, other.id, 'main', f.currency),
      amountMinor: 500n,
      currency: f.currency,
    });
    const after = await boCall(t, tokens.auditor, 'GET', '/bo/ledger/verify');
    expect(after.value.counts).toEqual(before.value.counts);
    expect((await verifyLedger(t.ctx.db)).counts.transfers).toBeGreaterThan(after.value.counts.transfers);
  });

  it('lists the audit log newest first, filtered by action', async () => {
    const page = await boCall(t, tokens.auditor, 'GET', '/bo/audit?action=member.adjust&pageSize=50');
    expect(page.value.total).toBeGreaterThan(0);
    expect(page.value.list.every((e: { action: string }) => e.action === 'member.adjust')).toBe(true);
    const ids = page.value.list.map((e: { id: string }) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});

describe('merchant configuration by operator session', () => {
  it('an admin changes their own merchant and the change is audited with before and after', async () => {
    const r = await boCall(t, tokens.admin, 'PATCH', '/bo/merchants/demo/flags', { captchaOnLogin: true });
    expect(r.status).toBe(200);
    const audit = (await auditRows('merchant.flags.update')).at(-1);
    expect(audit).toMatchObject({ target_type: 'merchant' });
    expect(audit?.before).toMatchObject({ captchaOnLogin: false });
    expect(audit?.after).toMatchObject({ captchaOnLogin: true });
    const config = await boCall(t, tokens.admin, 'GET', '/bo/merchants/demo/config');
    expect(config.status).toBe(200);
    await boCall(t, tokens.admin, 'PATCH', '/bo/merchants/demo/flags', { captchaOnLogin: false });
  });

  it("refuses another merchant's configuration and roles without merchant.config", async () => {
    const other = await boCall(t, tokens.admin, 'PATCH', '/bo/merchants/other/flags', {
      captchaOnLogin: true,
    });
    expect(other.status).toBe(403);
    expect(other.code).toBe('BO_FORBIDDEN');
    expect(
      (await boCall(t, tokens.finance, 'PATCH', '/bo/merchants/demo/flags', { captchaOnLogin: true })).code,
    ).toBe('BO_FORBIDDEN');
  });

  it('the shared operator key still works for automation', async () => {
    const r = await t.app.inject({
      method: 'PATCH',
      url: '/bo/merchants/other/flags',
      headers: { 'x-operator-key': OPERATOR_KEY },
      payload: { captchaOnLogin: false },
    });
    expect(r.statusCode).toBe(200);
  });
});
