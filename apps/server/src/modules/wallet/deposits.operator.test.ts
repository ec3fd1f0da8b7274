import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { boCall, operatorToken } from '../backoffice/backoffice.test-helpers.ts';
import { expectVerified } from '../ledger/ledger.test-helpers.ts';
import { call } from '../auth/auth.test-helpers.ts';
import {
  channelNamed,
  createCashierTestApp,
  deposit,
  depositStatus,
  MANUAL_PIX,
  mainBalance,
  newPlayer,
} from './deposits.test-helpers.ts';

let t: TestApp;
let finance: string;

beforeAll(async () => {
  t = await createCashierTestApp();
  finance = await operatorToken(t, 'finance');
});
afterAll(async () => t?.close());

async function manualOrder(amountMinor = 5_000) {
  const player = await newPlayer(t);
  const pix = await channelNamed(t, player.token, MANUAL_PIX);
  const order = await deposit(t, player.token, { channelId: pix.id, amountMinor, reference: 'E2E-9' });
  return { ...player, order: order.value as { id: string; orderNo: string } };
}

async function auditOf(targetId: string) {
  return t.ctx.db
    .selectFrom('audit_log')
    .select(['action', 'before', 'after', 'reason', 'operator_name'])
    .where('target_id', '=', targetId)
    .orderBy('id')
    .execute();
}

describe('operator deposit queue', () => {
  it('lists deposits with the member, method and reference; filters by status and account', async () => {
    const { order, account } = await manualOrder(6_000);
    const r = await boCall(t, finance, 'GET', `/bo/cashier/deposits?status=pending&account=${account}`);
    expect(r.status).toBe(200);
    expect(r.value.total).toBe(1);
    expect(r.value.list[0]).toMatchObject({
      id: order.id,
      orderNo: order.orderNo,
      kind: 'deposit',
      account,
      amountMinor: 6_000,
      method: MANUAL_PIX,
      reference: 'E2E-9',
      status: 'pending',
    });
    const approved = await boCall(
      t,
      finance,
      'GET',
      `/bo/cashier/deposits?status=approved&account=${account}`,
    );
    expect(approved.value.total).toBe(0);
  });

  it('is closed to a missing session and to a role without the permission', async () => {
    const { order, token } = await manualOrder();
    expect((await boCall(t, null, 'GET', '/bo/cashier/deposits')).status).toBe(401);
    const support = await operatorToken(t, 'support');
    expect((await boCall(t, support, 'GET', '/bo/cashier/deposits')).status).toBe(200);
    const denied = await boCall(t, support, 'POST', `/bo/cashier/deposits/${order.id}/approve`, {
      reason: 'paid',
    });
    expect(denied.code).toBe('BO_FORBIDDEN');
    expect(await depositStatus(t, token, order.id)).toBe('pending');
  });
});

describe('operator decisions', () => {
  it('approve credits the member, is audited, and a second decision is refused', async () => {
    const { order, token } = await manualOrder(5_000);
    const r = await boCall(t, finance, 'POST', `/bo/cashier/deposits/${order.id}/approve`, {
      reason: 'PIX received, E2E-9',
    });
    expect(r.status).toBe(200);
    expect(r.value).toMatchObject({ status: 'approved', reason: 'PIX received, E2E-9' });
    expect(r.value.decidedBy).toMatch(/^operator:/);
    expect(await mainBalance(t, token)).toBe(5_000);
    expect(await depositStatus(t, token, order.id)).toBe('approved');
    for (const verdict of ['approve', 'reject']) {
      const again = await boCall(t, finance, 'POST', `/bo/cashier/deposits/${order.id}/${verdict}`, {
        reason: 'again',
      });
      expect(again.status).toBe(409);
      expect(again.code).toBe('CASHIER_ORDER_RESOLVED');
    }
    expect(await mainBalance(t, token)).toBe(5_000);
    const audit = await auditOf(order.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'cashier.deposit.approve',
      before: { status: 'pending' },
      after: { status: 'approved' },
      reason: 'PIX received, E2E-9',
    });
    await expectVerified(t.ctx.db);
  });

  it('reject closes the order with the reason and credits nothing', async () => {
    const { order, token } = await manualOrder(5_000);
    const r = await boCall(t, finance, 'POST', `/bo/cashier/deposits/${order.id}/reject`, {
      reason: 'No transfer arrived',
    });
    expect(r.value.status).toBe('rejected');
    const mine = await call(t, { method: 'GET', url: `/wps/cashier/deposits/${order.id}`, token });
    expect(mine.value).toMatchObject({ status: 'rejected', reason: 'No transfer arrived' });
    expect(await mainBalance(t, token)).toBe(0);
    expect((await auditOf(order.id))[0]).toMatchObject({
      action: 'cashier.deposit.reject',
      after: { status: 'rejected' },
    });
  });

  it('two approvals at once credit once; the other is told the order is resolved', async () => {
    const { order, token } = await manualOrder(7_500);
    const other = await operatorToken(t, 'admin');
    const replies = await Promise.all(
      [finance, other, finance, other].map((tok) =>
        boCall(t, tok, 'POST', `/bo/cashier/deposits/${order.id}/approve`, { reason: 'paid in' }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await mainBalance(t, token)).toBe(7_500);
    expect(await auditOf(order.id)).toHaveLength(1);
    await expectVerified(t.ctx.db);
  });

  it('refuses a missing reason and an unknown order, writing nothing', async () => {
    const { order } = await manualOrder();
    const noReason = await boCall(t, finance, 'POST', `/bo/cashier/deposits/${order.id}/approve`, {});
    expect(noReason.code).toBe('VALIDATION_FAILED');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const r = await boCall(t, finance, 'POST', `/bo/cashier/deposits/${id}/approve`, { reason: 'paid' });
      expect(r.status).toBe(404);
      expect(r.code).toBe('CASHIER_ORDER_NOT_FOUND');
    }
    expect(await auditOf(order.id)).toHaveLength(0);
  });
});

describe('operator channels', () => {
  it('creates a gateway channel: the secret is shown once, then never again', async () => {
    const created = await boCall(t, finance, 'POST', '/bo/cashier/channels', {
      name: 'PIX rápido',
      type: 'gateway',
      gateway: 'sandbox',
      minMinor: 500,
      maxMinor: 200_000,
      feeBps: 100,
      sortOrder: 9,
    });
    expect(created.status).toBe(200);
    expect(created.value.gatewaySecret).toMatch(/^[0-9a-f]{64}$/);
    expect(created.value).toMatchObject({ currency: 'BRL', gateway: 'sandbox', enabled: true, feeBps: 100 });
    const list = await boCall(t, finance, 'GET', '/bo/cashier/channels');
    expect(list.value.some((c: { id: string }) => c.id === created.value.id)).toBe(true);
    expect(JSON.stringify(list.value)).not.toContain(created.value.gatewaySecret);
    const audit = await auditOf(created.value.id);
    expect(audit[0]?.action).toBe('cashier.channel.create');
    expect(JSON.stringify(audit)).not.toContain(created.value.gatewaySecret);
    // The player sees it, without the secret.
    const player = await newPlayer(t);
    const seen = await call(t, { method: 'GET', url: '/wps/cashier/channels', token: player.token });
    expect(seen.value.map((c: { name: string }) => c.name)).toContain('PIX rápido');
  });

  it('patches only the fields sent, audited with before and after; disabling hides it from players', async () => {
    const created = await boCall(t, finance, 'POST', '/bo/cashier/channels', {
      name: 'Depósito bancário',
      type: 'manual_bank',
      minMinor: 1_000,
      maxMinor: 100_000,
      dailyCountLimit: 3,
      account: { bankName: 'Banco X', accountNumber: '123-4', holderName: 'Sorte' },
    });
    expect(created.value.gatewaySecret).toBeNull();
    const id = created.value.id;
    const patched = await boCall(t, finance, 'PATCH', `/bo/cashier/channels/${id}`, { enabled: false });
    expect(patched.value).toMatchObject({
      enabled: false,
      name: 'Depósito bancário',
      dailyCountLimit: 3,
      minMinor: 1_000,
      account: { bankName: 'Banco X' },
    });
    const audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(['cashier.channel.create', 'cashier.channel.update']);
    expect(audit[1]).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
    const player = await newPlayer(t);
    const seen = await call(t, { method: 'GET', url: '/wps/cashier/channels', token: player.token });
    expect(seen.value.map((c: { id: string }) => c.id)).not.toContain(id);
  });

  it('refuses max below min, an unknown gateway, and a role without the permission', async () => {
    const base = { name: 'X', type: 'manual_pix', minMinor: 5_000, maxMinor: 1_000 };
    expect((await boCall(t, finance, 'POST', '/bo/cashier/channels', base)).code).toBe('VALIDATION_FAILED');
    const unknown = { ...base, maxMinor: 9_000, type: 'gateway', gateway: 'nobody' };
    expect((await boCall(t, finance, 'POST', '/bo/cashier/channels', unknown)).code).toBe(
      'VALIDATION_FAILED',
    );
    const support = await operatorToken(t, 'support');
    const denied = await boCall(t, support, 'POST', '/bo/cashier/channels', { ...base, maxMinor: 9_000 });
    expect(denied.code).toBe('BO_FORBIDDEN');
    const missing = await boCall(t, finance, 'PATCH', '/bo/cashier/channels/nope', { enabled: true });
    expect(missing.code).toBe('CASHIER_CHANNEL_UNAVAILABLE');
  });
});
