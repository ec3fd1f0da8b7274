import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { expectIdempotentBurst } from '../../../test/idempotent-burst.ts';
import { call } from '../auth/auth.test-helpers.ts';
import { houseAccountFor, memberAccountId, transfer } from '../ledger/index.ts';
import { expectVerified, fixture } from '../ledger/ledger.test-helpers.ts';
import {
  channelNamed,
  createCashierTestApp,
  deposit,
  depositStatus,
  eventually,
  mainBalance,
  newPlayer,
  SANDBOX,
  testChannel,
} from './deposits.test-helpers.ts';
import { signBody } from './gateway.adapters.ts';
import { turnoverStatus } from './turnover.ts';

let t: TestApp;
let merchantId: string;

beforeAll(async () => {
  t = await createCashierTestApp();
  merchantId = (await fixture(t)).merchantId;
});
afterAll(async () => t?.close());

async function secretOf(channelId: string): Promise<string> {
  const row = await t.ctx.db
    .selectFrom('payment_channels')
    .select('gateway_secret')
    .where('id', '=', channelId)
    .executeTakeFirstOrThrow();
  return row.gateway_secret as string;
}

/** A pending sandbox order of a new player. */
async function pendingOrder(amountMinor = 10_000) {
  const player = await newPlayer(t);
  const channel = await channelNamed(t, player.token, SANDBOX);
  const order = await deposit(t, player.token, { channelId: channel.id, amountMinor });
  return { ...player, channelId: channel.id, order: order.value };
}

/** Posts a callback the way a gateway does: the exact bytes, signed (or with the signature given). */
async function callback(
  body: Record<string, unknown>,
  secret: string,
  opts: { signature?: string; gateway?: string } = {},
) {
  const raw = JSON.stringify(body);
  const r = await t.app.inject({
    method: 'POST',
    url: `/providers/payments/${opts.gateway ?? 'sandbox'}/callback`,
    headers: { 'content-type': 'application/json', 'x-signature': opts.signature ?? signBody(secret, raw) },
    payload: raw,
  });
  return {
    status: r.statusCode,
    ...(r.json() as { success: boolean; code?: string; value?: { status: string } }),
  };
}

function paid(
  order: { id: string; amountMinor: number; currency: string },
  gatewayTxnId = `gw_${randomUUID()}`,
) {
  return {
    merchantOrderId: order.id,
    gatewayTxnId,
    amountMinor: order.amountMinor,
    currency: order.currency,
    status: 'success',
  };
}

async function creditTransfers(depositId: string): Promise<number> {
  const rows = await t.ctx.db
    .selectFrom('ledger_transfers')
    .select('id')
    .where('idempotency_key', '=', `deposit:${depositId}`)
    .execute();
  return rows.length;
}

describe('sandbox gateway, end to end', () => {
  it('checkout page → Pay → signed callback → the main wallet is credited and the records show it', async () => {
    const { token, order } = await pendingOrder(10_000);

    const pageEn = await t.app.inject({
      method: 'GET',
      url: order.redirectUrl,
      headers: { 'accept-language': 'en' },
    });
    expect(pageEn.statusCode).toBe(200);
    expect(pageEn.headers['content-type']).toMatch(/text\/html/);
    expect(pageEn.body).toContain('>Pay<');
    expect(pageEn.body).toContain('>Decline<');
    expect(pageEn.body).toContain(order.orderNo);
    expect(pageEn.body).toContain('R$ 100.00');
    const pagePt = await t.app.inject({ method: 'GET', url: `${order.redirectUrl}?lang=pt-BR` });
    expect(pagePt.body).toContain('>Pagar<');
    expect(pagePt.body).toContain('R$ 100,00');
    expect(pagePt.body).toContain('lang="pt-BR"');

    const pay = await t.app.inject({
      method: 'POST',
      url: order.redirectUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=pay&lang=en',
    });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(`/?modal=member&m_page=depositv2&m_order=${order.id}`);

    await eventually(async () => (await depositStatus(t, token, order.id)) === 'approved');
    expect(await mainBalance(t, token)).toBe(10_000);
    const detail = await call(t, { method: 'GET', url: `/wps/cashier/deposits/${order.id}`, token });
    expect(detail.value.resolvedAt).not.toBeNull();
    expect(detail.value.redirectUrl).toBeNull();
    const records = await call(t, {
      method: 'GET',
      url: '/wps/member/transaction/history?type=deposit',
      token,
    });
    expect(records.value.list).toHaveLength(1);
    expect(records.value.list[0]).toMatchObject({ type: 'deposit', amountMinor: 10_000, wallet: 'main' });
    const row = await t.ctx.db
      .selectFrom('deposits')
      .selectAll()
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row.gateway_txn_id).toMatch(/^sbx_/);
    expect(row.decided_by).toBe('gateway:sandbox');

    // Paid: the page no longer offers the buttons, and a second press pays nothing more.
    const after = await t.app.inject({ method: 'GET', url: order.redirectUrl });
    expect(after.body).not.toContain('name="outcome"');
    const again = await t.app.inject({ method: 'POST', url: order.redirectUrl, payload: { outcome: 'pay' } });
    expect(again.statusCode).toBeGreaterThanOrEqual(300);
    expect(again.statusCode).toBeLessThan(500);
    expect(await creditTransfers(order.id)).toBe(1);
    await expectVerified(t.ctx.db);
  });

  it('Decline → the order fails and nothing is credited', async () => {
    const { token, order } = await pendingOrder(5_000);
    const decline = await t.app.inject({
      method: 'POST',
      url: order.redirectUrl,
      payload: { outcome: 'decline' },
    });
    expect(decline.statusCode).toBe(303);
    await eventually(async () => (await depositStatus(t, token, order.id)) === 'failed');
    expect(await mainBalance(t, token)).toBe(0);
    await expectVerified(t.ctx.db);
  });

  it('shows no checkout for a manual order or an unknown one', async () => {
    const player = await newPlayer(t);
    const manual = await channelNamed(t, player.token, 'PIX manual');
    const order = await deposit(t, player.token, { channelId: manual.id, amountMinor: 5_000 });
    for (const id of [order.value.id, randomUUID(), 'x']) {
      const r = await t.app.inject({ method: 'GET', url: `/providers/payments/sandbox/checkout/${id}` });
      expect(r.statusCode).toBe(404);
      expect(r.json().code).toBe('CASHIER_ORDER_NOT_FOUND');
    }
  });

  it('retries a refused callback with backoff until our side acknowledges it', async () => {
    // The first delivery comes 300 ms after the press; while the channel is (briefly) misconfigured
    // our endpoint answers 422, and only a later attempt can succeed.
    const slow = await createCashierTestApp({ SANDBOX_CALLBACK_DELAY_MS: '300' });
    try {
      const player = await newPlayer(slow);
      const channel = await channelNamed(slow, player.token, SANDBOX);
      const order = (await deposit(slow, player.token, { channelId: channel.id, amountMinor: 4_000 })).value;
      const pay = await slow.app.inject({
        method: 'POST',
        url: order.redirectUrl,
        payload: { outcome: 'pay' },
      });
      expect(pay.statusCode).toBe(303);
      const setGateway = (gateway: string) =>
        slow.ctx.db.updateTable('payment_channels').set({ gateway }).where('id', '=', channel.id).execute();
      await setGateway('misconfigured');
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect(await depositStatus(slow, player.token, order.id)).toBe('pending');
      await setGateway('sandbox');
      await eventually(async () => (await depositStatus(slow, player.token, order.id)) === 'approved');
      expect(await mainBalance(slow, player.token)).toBe(4_000);
    } finally {
      await slow.close();
    }
  });

  it('delivers the callback as a real HTTP request when the server is listening', async () => {
    const listening = await createCashierTestApp();
    try {
      await listening.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = listening.app.server.address() as { port: number };
      const player = await newPlayer(listening);
      const channel = await channelNamed(listening, player.token, SANDBOX);
      const order = (await deposit(listening, player.token, { channelId: channel.id, amountMinor: 3_000 }))
        .value;
      const base = `http://127.0.0.1:${port}`;
      const page = await fetch(`${base}${order.redirectUrl}`, { headers: { 'accept-language': 'pt-BR' } });
      expect(await page.text()).toContain('Pagar');
      const pay = await fetch(`${base}${order.redirectUrl}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'outcome=pay',
        redirect: 'manual',
      });
      expect(pay.status).toBe(303);
      await eventually(async () => (await depositStatus(listening, player.token, order.id)) === 'approved');
      expect(await mainBalance(listening, player.token)).toBe(3_000);
    } finally {
      await listening.close();
    }
  });
});

describe('POST /providers/payments/:gateway/callback', () => {
  it('credits once when the same callback arrives 50 times at once; every reply is the same success', async () => {
    const { token, order, channelId } = await pendingOrder(25_000);
    const body = paid(order);
    const secret = await secretOf(channelId);
    const first = await expectIdempotentBurst(() => callback(body, secret), {
      db: t.ctx.db,
      balance: async () => BigInt(await mainBalance(t, token)),
      moved: 25_000n,
    });
    expect(first).toMatchObject({ status: 200, value: { depositId: order.id, status: 'approved' } });
    expect(await creditTransfers(order.id)).toBe(1);
  });

  it('answers an exact replay of a failed order with its first 2xx', async () => {
    const { token, order, channelId } = await pendingOrder(6_000);
    const secret = await secretOf(channelId);
    const failed = { ...paid(order), status: 'failed' };
    const first = await callback(failed, secret);
    expect(first).toMatchObject({ status: 200, value: { depositId: order.id, status: 'failed' } });
    expect(await callback(failed, secret)).toEqual(first);
    expect(await mainBalance(t, token)).toBe(0);
  });

  it('refuses a callback that contradicts a settled order with PAYMENT_CALLBACK_CONFLICT, audited, moving nothing', async () => {
    const { token, order, channelId } = await pendingOrder(7_000);
    const secret = await secretOf(channelId);
    const body = paid(order);
    const first = await callback(body, secret);
    expect(first.status).toBe(200);
    const contradictions = [{ ...body, amountMinor: 70_000 }, { ...body, status: 'failed' }, paid(order)];
    for (const c of contradictions) {
      const r = await callback(c, secret);
      expect(r.status).toBe(409);
      expect(r.code).toBe('PAYMENT_CALLBACK_CONFLICT');
    }
    // Fifty contradicting deliveries at once: all refused alike, nothing moved.
    const burst = await Promise.all(Array.from({ length: 50 }, () => callback(contradictions[0]!, secret)));
    expect(new Set(burst.map((r) => `${r.status} ${r.code}`))).toEqual(
      new Set(['409 PAYMENT_CALLBACK_CONFLICT']),
    );
    // The exact replay still answers its first 2xx, and the money moved once.
    expect(await callback(body, secret)).toEqual(first);
    expect(await mainBalance(t, token)).toBe(7_000);
    expect(await creditTransfers(order.id)).toBe(1);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_type', '=', 'deposit')
      .where('target_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(audit).toHaveLength(53);
    expect(audit[0]).toMatchObject({
      merchant_id: merchantId,
      operator_id: null,
      operator_name: 'gateway:sandbox',
      action: 'cashier.deposit.callback_conflict',
      before: { status: 'approved', amountMinor: 7_000, gatewayTxnId: body.gatewayTxnId },
      after: {
        status: 'success',
        amountMinor: 70_000,
        currency: body.currency,
        gatewayTxnId: body.gatewayTxnId,
      },
    });
    expect(audit[1]).toMatchObject({ after: { status: 'failed' } });
    await expectVerified(t.ctx.db);
  });

  it('refuses a bad, missing or stale signature with 401 and writes nothing', async () => {
    const { token, order, channelId } = await pendingOrder(8_000);
    const body = paid(order);
    const secret = await secretOf(channelId);
    const forged = await callback(body, secret, {
      signature: signBody('not-the-secret', JSON.stringify(body)),
    });
    expect(forged.status).toBe(401);
    expect(forged.code).toBe('CASHIER_SIGNATURE_INVALID');
    expect((await callback(body, secret, { signature: '' })).status).toBe(401);
    expect((await callback(body, secret, { signature: 'zz' })).status).toBe(401);
    // Signed for one body, sent with another (the amount raised in transit).
    const tampered = await callback({ ...body, amountMinor: 80_000 }, secret, {
      signature: signBody(secret, JSON.stringify(body)),
    });
    expect(tampered.status).toBe(401);
    // An order that does not exist cannot be verified either.
    expect((await callback({ ...body, merchantOrderId: randomUUID() }, secret)).status).toBe(401);
    expect(await depositStatus(t, token, order.id)).toBe('pending');
    expect(await mainBalance(t, token)).toBe(0);
    expect(await creditTransfers(order.id)).toBe(0);
  });

  it('refuses an amount, currency or gateway that does not match the order, leaving it pending', async () => {
    const { token, order, channelId } = await pendingOrder(8_000);
    const secret = await secretOf(channelId);
    const cases = [
      { body: { ...paid(order), amountMinor: 8_001 } },
      { body: { ...paid(order), currency: 'USD' } },
      { body: paid(order), gateway: 'othergw' },
    ];
    for (const c of cases) {
      const r = await callback(c.body, secret, { gateway: c.gateway });
      expect(r.status).toBe(422);
      expect(r.code).toBe('CASHIER_CALLBACK_MISMATCH');
    }
    const invalid = await callback({ ...paid(order), status: 'maybe' }, secret);
    expect(invalid.code).toBe('VALIDATION_FAILED');
    expect(await depositStatus(t, token, order.id)).toBe('pending');
    expect(await mainBalance(t, token)).toBe(0);
    // The order still settles normally afterwards.
    expect((await callback(paid(order), secret)).status).toBe(200);
    expect(await mainBalance(t, token)).toBe(8_000);
    await expectVerified(t.ctx.db);
  });

  it('takes the fee to the house and records the turnover the merchant asks for', async () => {
    const channel = await testChannel(t, merchantId, {
      name: 'Gateway with fee',
      type: 'gateway',
      gateway: 'sandbox',
      gateway_secret: 'a'.repeat(64),
      max_minor: 1_000_000n,
      fee_bps: 200,
      account: null,
    });
    await t.ctx.db
      .updateTable('cashier_settings')
      .set({ deposit_turnover_bps: 15_000 })
      .where('merchant_id', '=', merchantId)
      .execute();
    try {
      const player = await newPlayer(t);
      const order = (await deposit(t, player.token, { channelId: channel.id, amountMinor: 10_000 })).value;
      expect(order).toMatchObject({ feeMinor: 200, creditMinor: 9_800 });
      const body = paid(order);
      expect((await callback(body, 'a'.repeat(64))).status).toBe(200);
      expect((await callback(body, 'a'.repeat(64))).status).toBe(200);
      expect(await mainBalance(t, player.token)).toBe(9_800);
      const fee = await t.ctx.db
        .selectFrom('ledger_transfers')
        .select(['amount_minor', 'code'])
        .where('idempotency_key', '=', `deposit-fee:${order.id}`)
        .execute();
      expect(fee).toEqual([{ amount_minor: 200n, code: 'fee' }]);
      // 1.5 × the credited 98.00, recorded once despite the replay.
      expect(await turnoverStatus(t.ctx.db, merchantId, player.memberId)).toEqual({
        requiredMinor: 14_700n,
        doneMinor: 0n,
        remainingMinor: 14_700n,
      });
      // Bets count towards it; a win does not.
      const main = await memberAccountId(t.ctx.db, player.memberId, merchantId, 'main', 'BRL');
      const house = await houseAccountFor(t.ctx.db, merchantId, 'BRL', player.memberId);
      const move = (code: 'bet' | 'win', debit: bigint, credit: bigint, amount: bigint) =>
        transfer(t.ctx.db, {
          merchantId,
          idempotencyKey: randomUUID(),
          code,
          debitAccountId: debit,
          creditAccountId: credit,
          amountMinor: amount,
          currency: 'BRL',
        });
      await move('bet', main, house, 5_000n);
      await move('win', house, main, 9_000n);
      expect(await turnoverStatus(t.ctx.db, merchantId, player.memberId)).toEqual({
        requiredMinor: 14_700n,
        doneMinor: 5_000n,
        remainingMinor: 9_700n,
      });
      await expectVerified(t.ctx.db);
    } finally {
      await t.ctx.db
        .updateTable('cashier_settings')
        .set({ deposit_turnover_bps: 0 })
        .where('merchant_id', '=', merchantId)
        .execute();
    }
  });
});
