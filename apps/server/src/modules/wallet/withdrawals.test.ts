import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { expectIdempotentBurst } from '../../../test/idempotent-burst.ts';
import { call, createAuthTestApp } from '../auth/auth.test-helpers.ts';
import { boCall, operatorToken } from '../backoffice/backoffice.test-helpers.ts';
import { houseAccountFor, systemAccountId } from '../ledger/index.ts';
import { balanceOf, expectVerified, type Fixture, fixture, key } from '../ledger/ledger.test-helpers.ts';
import { CPF, newPlayer, PIN, readyPlayer, setCashierRules, withdraw } from './withdrawals.test-helpers.ts';

let t: TestApp;
let f: Fixture;
let finance: string;
beforeAll(async () => {
  t = await createAuthTestApp({});
  f = await fixture(t);
  await setCashierRules(t);
  finance = await operatorToken(t, 'finance');
});
afterAll(async () => t?.close());
// Every test moves or refuses money: the ledger must balance after each one.
afterEach(async () => expectVerified(t.ctx.db));

const decide = (id: string, decision: 'approve' | 'reject', token = finance) =>
  boCall(t, token, 'POST', `/bo/cashier/withdrawals/${id}/${decision}`, { reason: 'checked by finance' });
const withdrawalCount = async (memberId: string) =>
  (await t.ctx.db.selectFrom('withdrawals').select('id').where('member_id', '=', memberId).execute()).length;

describe('asking for a withdrawal', () => {
  it('answers 50 copies of one request at once with the first order, reserving the amount once', async () => {
    const p = await readyPlayer(t, 50_000n);
    const idempotencyKey = key('burst');
    const spendable = async () => {
      const { balance, pending } = await balanceOf(f, p.mainId);
      return balance - pending;
    };
    const first = await expectIdempotentBurst(() => withdraw(t, p, 20_000, { idempotencyKey }), {
      db: t.ctx.db,
      balance: spendable,
      moved: -20_000n,
    });
    expect(first).toMatchObject({ status: 200, value: { status: 'pending', amountMinor: 20_000 } });
    expect(await withdrawalCount(p.memberId)).toBe(1);
  });

  it('reserves the amount: spendable drops, pending shows, and a retry moves nothing more', async () => {
    const p = await readyPlayer(t, 50_000n);
    const idempotencyKey = key('same');
    const r = await withdraw(t, p, 20_000, { idempotencyKey });
    expect(r.status).toBe(200);
    expect(r.value).toMatchObject({
      status: 'pending',
      amountMinor: 20_000,
      feeMinor: 0,
      payoutMinor: 20_000,
    });
    expect(r.value.orderNo).toMatch(/^W\d{6}\d{8}$/);
    expect(r.value.payoutAccount).toEqual({
      type: 'pix',
      label: 'PIX 529••••25',
      holderName: 'Maria da Silva',
    });
    expect(await balanceOf(f, p.mainId)).toEqual({ balance: 50_000n, pending: 20_000n });

    const again = await withdraw(t, p, 20_000, { idempotencyKey });
    expect(again.value.id).toBe(r.value.id);
    expect(await balanceOf(f, p.mainId)).toEqual({ balance: 50_000n, pending: 20_000n });

    const info = await call(t, { method: 'GET', url: '/wps/cashier/withdraw/info', token: p.token });
    expect(info.value).toMatchObject({
      availableMinor: 30_000,
      usedTodayCount: 1,
      hasWithdrawalPassword: true,
    });
    const listed = await call(t, { method: 'GET', url: '/wps/cashier/withdrawals', token: p.token });
    expect(listed.value.total).toBe(1);
    expect(listed.value.list[0].id).toBe(r.value.id);
    await expectVerified(t.ctx.db);
  });

  it('refuses a key used before for another amount, and moves nothing more', async () => {
    const p = await readyPlayer(t, 50_000n);
    const idempotencyKey = key('reused');
    const first = await withdraw(t, p, 20_000, { idempotencyKey });
    expect(first.status).toBe(200);
    const other = await withdraw(t, p, 30_000, { idempotencyKey });
    expect(other.status).toBe(409);
    expect(other.code).toBe('LEDGER_IDEMPOTENCY_CONFLICT');
    expect(await balanceOf(f, p.mainId)).toEqual({ balance: 50_000n, pending: 20_000n });
    expect(await withdrawalCount(p.memberId)).toBe(1);
    const same = await withdraw(t, p, 20_000, { idempotencyKey });
    expect(same.value.id).toBe(first.value.id);
  });

  it('refuses amounts outside the bounds, a wrong password and a payout account of another member', async () => {
    const p = await readyPlayer(t, 500_000n);
    expect((await withdraw(t, p, 999)).code).toBe('CASHIER_AMOUNT_OUT_OF_RANGE');
    expect((await withdraw(t, p, 100_001)).code).toBe('CASHIER_AMOUNT_OUT_OF_RANGE');
    expect((await withdraw(t, p, 5_000, { withdrawalPassword: '000000' })).code).toBe(
      'CASHIER_WITHDRAWAL_PASSWORD_WRONG',
    );
    const other = await readyPlayer(t, 0n, 'Pedro Alves');
    expect((await withdraw(t, p, 5_000, { payoutAccountId: other.payoutAccountId })).code).toBe(
      'CASHIER_PAYOUT_ACCOUNT_NOT_FOUND',
    );
    expect(await withdrawalCount(p.memberId)).toBe(0);
    expect(await balanceOf(f, p.mainId)).toEqual({ balance: 500_000n, pending: 0n });
  });

  it('stops at the daily count; a rejected order does not use it up', async () => {
    const p = await readyPlayer(t, 500_000n);
    const first = await withdraw(t, p, 1_000);
    await withdraw(t, p, 1_000);
    await withdraw(t, p, 1_000);
    const fourth = await withdraw(t, p, 1_000);
    expect(fourth.status).toBe(422);
    expect(fourth.code).toBe('CASHIER_DAILY_LIMIT');
    expect((await decide(first.value.id, 'reject')).status).toBe(200);
    expect((await withdraw(t, p, 1_000)).status).toBe(200);
    expect((await withdraw(t, p, 1_000)).code).toBe('CASHIER_DAILY_LIMIT');
    await expectVerified(t.ctx.db);
  });

  it('refuses while betting turnover is outstanding', async () => {
    const p = await readyPlayer(t, 50_000n);
    await t.ctx.db
      .insertInto('turnover_requirements')
      .values({
        merchant_id: f.merchantId,
        member_id: p.memberId,
        source: 'deposit',
        source_id: 'test-deposit',
        required_minor: 30_000n,
      })
      .execute();
    const r = await withdraw(t, p, 10_000);
    expect(r.status).toBe(422);
    expect(r.code).toBe('CASHIER_TURNOVER_NOT_MET');
    const info = await call(t, { method: 'GET', url: '/wps/cashier/withdraw/info', token: p.token });
    expect(info.value).toMatchObject({ turnoverRequiredMinor: 30_000, turnoverRemainingMinor: 30_000 });
    expect(await balanceOf(f, p.mainId)).toEqual({ balance: 50_000n, pending: 0n });
  });

  it('refuses more than the spendable balance and writes nothing', async () => {
    const p = await readyPlayer(t, 5_000n);
    await withdraw(t, p, 3_000);
    const r = await withdraw(t, p, 3_000);
    expect(r.status).toBe(409);
    expect(r.code).toBe('WALLET_INSUFFICIENT_FUNDS');
    expect(await withdrawalCount(p.memberId)).toBe(1);
    expect(await balanceOf(f, p.mainId)).toEqual({ balance: 5_000n, pending: 3_000n });
    await expectVerified(t.ctx.db);
  });

  it('needs a withdrawal password and a payout account first', async () => {
    const p = await newPlayer(t, 10_000n);
    const r = await call(t, {
      method: 'POST',
      url: '/wps/cashier/withdraw',
      token: p.token,
      payload: { amountMinor: 5_000, payoutAccountId: CPF, withdrawalPassword: PIN, idempotencyKey: key() },
    });
    expect(r.code).toBe('CASHIER_WITHDRAWAL_PASSWORD_REQUIRED');
  });
});

describe('operator decisions', () => {
  it('approved twice at once pays once: the other answer is CASHIER_ORDER_RESOLVED; the fee goes to the house', async () => {
    await setCashierRules(t, { withdraw_fee_bps: 100, withdraw_fee_fixed_minor: 50n });
    const p = await readyPlayer(t, 50_000n);
    const order = await withdraw(t, p, 10_000);
    expect(order.value).toMatchObject({ feeMinor: 150, payoutMinor: 9_850 });
    const clearing = await systemAccountId(t.ctx.db, f.merchantId, 'payment_clearing', f.currency);
    const house = await houseAccountFor(t.ctx.db, f.merchantId, f.currency, p.memberId);
    const clearingBefore = await balanceOf(f, clearing);
    const houseBefore = await balanceOf(f, house);

    const answers = await Promise.all([decide(order.value.id, 'approve'), decide(order.value.id, 'approve')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.code).toBe('CASHIER_ORDER_RESOLVED');
    expect(await balanceOf(f, p.mainId)).toEqual({ balance: 40_000n, pending: 0n });
    expect((await balanceOf(f, clearing)).balance - clearingBefore.balance).toBe(9_850n);
    expect((await balanceOf(f, house)).balance - houseBefore.balance).toBe(150n);

    const seen = await call(t, {
      method: 'GET',
      url: `/wps/cashier/withdrawals/${order.value.id}`,
      token: p.token,
    });
    expect(seen.value.status).toBe('approved');
    expect(Date.parse(seen.value.autoReceiptAt) - Date.parse(seen.value.approvedAt)).toBe(30 * 60_000);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', order.value.id)
      .execute();
    expect(audit).toEqual([{ action: 'cashier.withdrawal.approve' }]);
    await setCashierRules(t);
    await expectVerified(t.ctx.db);
  });

  it('reject releases the funds and shows the reason; the order cannot be approved afterwards', async () => {
    const p = await readyPlayer(t, 20_000n);
    const order = await withdraw(t, p, 15_000);
    expect(await balanceOf(f, p.mainId)).toEqual({ balance: 20_000n, pending: 15_000n });
    const rejected = await decide(order.value.id, 'reject');
    expect(rejected.value).toMatchObject({
      status: 'rejected',
      reason: 'checked by finance',
      kind: 'withdrawal',
    });
    expect(await balanceOf(f, p.mainId)).toEqual({ balance: 20_000n, pending: 0n });
    expect((await decide(order.value.id, 'approve')).code).toBe('CASHIER_ORDER_RESOLVED');
    const seen = await call(t, {
      method: 'GET',
      url: `/wps/cashier/withdrawals/${order.value.id}`,
      token: p.token,
    });
    expect(seen.value).toMatchObject({ status: 'rejected', reason: 'checked by finance' });
    await expectVerified(t.ctx.db);
  });

  it('lists the queue for readers; deciding needs cashier.decide', async () => {
    const p = await readyPlayer(t, 20_000n);
    const order = await withdraw(t, p, 2_000);
    const support = await operatorToken(t, 'support');
    const queue = await boCall(t, support, 'GET', '/bo/cashier/withdrawals?status=pending&pageSize=100');
    const item = queue.value.list.find((i: { id: string }) => i.id === order.value.id);
    expect(item).toMatchObject({ kind: 'withdrawal', realName: 'Maria da Silva', method: `PIX cpf ${CPF}` });
    const refused = await decide(order.value.id, 'approve', support);
    expect(refused.code).toBe('BO_FORBIDDEN');
    expect(await balanceOf(f, p.mainId)).toEqual({ balance: 20_000n, pending: 2_000n });
  });

  it('another member cannot read your withdrawal', async () => {
    const p = await readyPlayer(t, 20_000n);
    const order = await withdraw(t, p, 2_000);
    const stranger = await newPlayer(t);
    const r = await call(t, {
      method: 'GET',
      url: `/wps/cashier/withdrawals/${order.value.id}`,
      token: stranger.token,
    });
    expect(r.status).toBe(404);
    expect(r.code).toBe('CASHIER_ORDER_NOT_FOUND');
    const list = await call(t, { method: 'GET', url: '/wps/cashier/withdrawals', token: stranger.token });
    expect(list.value.total).toBe(0);
  });
});
