import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { call } from '../auth/auth.test-helpers.ts';
import { fixture } from '../ledger/ledger.test-helpers.ts';
import { connect, listen, waitFor } from '../realtime/realtime.test-helpers.ts';
import {
  channelNamed,
  createCashierTestApp,
  deposit,
  depositStatus,
  eventually,
  MANUAL_PIX,
  newPlayer,
  SANDBOX,
  testChannel,
} from './deposits.test-helpers.ts';
import { brCodeCrcValid, parseBrCodeFields } from './pix-brcode.ts';
import { SANDBOX_PIX_TTL_MS } from './sandbox-pix.ts';

/** The PIX instantâneo deposit shows a real BR Code inside the site and turns paid live (issue 13). */
let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createCashierTestApp();
  url = await listen(t);
});
afterAll(async () => t?.close());

async function sandboxOrder(amountMinor: number) {
  const player = await newPlayer(t);
  const channel = await channelNamed(t, player.token, SANDBOX);
  const order = (await deposit(t, player.token, { channelId: channel.id, amountMinor })).value;
  return { ...player, order };
}

function pay(redirectUrl: string) {
  return t.app.inject({
    method: 'POST',
    url: redirectUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=pay',
  });
}

describe('a sandbox PIX deposit', () => {
  it('carries a single-use dynamic BR Code for its amount, valid to the CRC, with its expiry', async () => {
    const { order } = await sandboxOrder(12_345);
    const { brCode, expiresAt, sandbox } = order.pix;
    expect(sandbox).toBe(true);
    expect(brCode.startsWith('000201')).toBe(true);
    expect(brCodeCrcValid(brCode)).toBe(true);
    const fields = parseBrCodeFields(brCode)!;
    expect(fields.get('01')).toBe('12');
    const account = parseBrCodeFields(fields.get('26')!)!;
    expect(account.get('00')).toBe('br.gov.bcb.pix');
    expect(account.get('25')).toBe(`pix.sandbox.invalid/qr/v2/cob/${order.id.replaceAll('-', '')}`);
    expect(fields.get('52')).toBe('0000');
    expect(fields.get('53')).toBe('986');
    expect(fields.get('54')).toBe('123.45');
    expect(fields.get('58')).toBe('BR');
    expect(fields.get('59')).toBe('Sorte');
    expect(fields.get('60')).toBe('Sao Paulo');
    expect(fields.get('62')).toBe('0503***');
    expect(Date.parse(expiresAt) - Date.parse(order.createdAt)).toBe(SANDBOX_PIX_TTL_MS);
  });

  it('answers the same charge when read back, and none once paid or on a manual channel', async () => {
    const { token, order } = await sandboxOrder(5_000);
    const again = await call(t, { method: 'GET', url: `/wps/cashier/deposits/${order.id}`, token });
    expect(again.value.pix).toEqual(order.pix);
    expect((await pay(order.redirectUrl)).statusCode).toBe(303);
    await eventually(async () => (await depositStatus(t, token, order.id)) === 'approved');
    const paid = await call(t, { method: 'GET', url: `/wps/cashier/deposits/${order.id}`, token });
    expect(paid.value.pix).toBeNull();
    const manual = await channelNamed(t, token, MANUAL_PIX);
    expect((await deposit(t, token, { channelId: manual.id, amountMinor: 5_000 })).value.pix).toBeNull();
  });

  it("pushes the paid status to the member's socket when the gateway's callback lands", async () => {
    const { token, order } = await sandboxOrder(2_000);
    const client = await connect(url, token);
    await waitFor(client, 'ready');
    expect((await pay(order.redirectUrl)).statusCode).toBe(303);
    await waitFor(client, 'cashier.order', 10_000);
    expect(client.messages.find((m) => m.type === 'cashier.order')).toEqual({
      type: 'cashier.order',
      kind: 'deposit',
      id: order.id,
      status: 'approved',
    });
    client.socket.close();
  });

  it('falls back to the sandbox page when the amount is wider than a BR Code carries', async () => {
    const player = await newPlayer(t);
    const { merchantId } = await fixture(t);
    const channel = await testChannel(t, merchantId, {
      type: 'gateway',
      gateway: 'sandbox',
      gateway_secret: 'wide-amount-secret',
      account: null,
      max_minor: 1_000_000_000_000n,
    });
    const r = await deposit(t, player.token, { channelId: channel.id, amountMinor: 1_000_000_000_000 });
    expect(r.status).toBe(200);
    expect(r.value.pix).toBeNull();
    expect(r.value.redirectUrl).toBe(`/providers/payments/sandbox/checkout/${r.value.id}`);
  });

  it('cannot be paid at the sandbox bank once the charge has expired', async () => {
    const { token, order } = await sandboxOrder(3_000);
    t.clock.advance(SANDBOX_PIX_TTL_MS);
    const page = await t.app.inject({ method: 'GET', url: `${order.redirectUrl}?lang=en` });
    expect(page.body).not.toContain('>Pay<');
    const refused = await pay(order.redirectUrl);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CASHIER_ORDER_RESOLVED', details: { status: 'expired' } });
    expect(await depositStatus(t, token, order.id)).toBe('pending');
  });
});
