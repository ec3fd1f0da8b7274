import { PROOF_MAX_BYTES } from '@sorte/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { call, createAuthTestApp } from '../auth/auth.test-helpers.ts';
import { boCall, operatorToken } from '../backoffice/backoffice.test-helpers.ts';
import { expectVerified } from '../ledger/ledger.test-helpers.ts';
import { sweepAutoReceipts } from './index.ts';
import {
  multipart,
  newPlayer,
  readyPlayer,
  setCashierRules,
  tinyPng,
  withdraw,
} from './withdrawals.test-helpers.ts';

let t: TestApp;
let finance: string;
beforeAll(async () => {
  t = await createAuthTestApp({});
  await setCashierRules(t, { auto_receipt_minutes: 30 });
  finance = await operatorToken(t, 'finance');
});
afterAll(async () => t?.close());
// Every test moves or refuses money: the ledger must balance after each one.
afterEach(async () => expectVerified(t.ctx.db));

/** A player with an approved (paid out) withdrawal of 10,000. */
async function approvedWithdrawal() {
  const p = await readyPlayer(t, 50_000n);
  const order = await withdraw(t, p, 10_000);
  const approved = await boCall(t, finance, 'POST', `/bo/cashier/withdrawals/${order.value.id}/approve`, {
    reason: 'paid by PIX',
  });
  if (approved.status !== 200) throw new Error(`approve: ${approved.status} ${approved.code}`);
  return { p, id: order.value.id as string };
}

async function receipt(
  token: string,
  id: string,
  fields: Record<string, string>,
  file?: { type: string; bytes: Buffer; filename?: string },
) {
  const body = multipart(
    fields,
    file && { name: 'proof', filename: file.filename ?? 'proof.png', type: file.type, bytes: file.bytes },
  );
  const r = await t.app.inject({
    method: 'POST',
    url: `/wps/cashier/withdrawals/${id}/receipt`,
    headers: { token, 'content-type': body.contentType },
    payload: body.payload,
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers field by field.
  return { status: r.statusCode, ...(r.json() as { success: boolean; value?: any; code?: string }) };
}

describe('receipt confirmation', () => {
  it('received: the order is done and remembers the player confirmed it', async () => {
    const { p, id } = await approvedWithdrawal();
    const tooMuch = await receipt(p.token, id, { received: 'true', receivedAmountMinor: '10001' });
    expect(tooMuch.code).toBe('VALIDATION_FAILED');
    const r = await receipt(p.token, id, { received: 'true' });
    expect(r.status).toBe(200);
    expect(r.value).toMatchObject({ status: 'received', receivedAmountMinor: 10_000, hasProof: false });
    const row = await t.ctx.db
      .selectFrom('withdrawals')
      .select('receipt_auto')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.receipt_auto).toBe(false);
    expect((await receipt(p.token, id, { received: 'true' })).code).toBe('CASHIER_ORDER_RESOLVED');
    await expectVerified(t.ctx.db);
  });

  it('not received: needs a proof; a real PNG is stored and the operator can open it', async () => {
    const { p, id } = await approvedWithdrawal();
    const missing = await receipt(p.token, id, { received: 'false' });
    expect(missing.status).toBe(400);
    expect(missing.code).toBe('CASHIER_PROOF_REQUIRED');
    const png = tinyPng();
    const r = await receipt(
      p.token,
      id,
      { received: 'false', receivedAmountMinor: '0' },
      { type: 'image/png', bytes: png },
    );
    expect(r.status).toBe(200);
    expect(r.value).toMatchObject({ status: 'not_received', receivedAmountMinor: 0, hasProof: true });

    const image = await t.app.inject({
      method: 'GET',
      url: `/bo/cashier/withdrawals/${id}/proof`,
      headers: { 'bo-token': finance },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(image.rawPayload, png)).toBe(0);
    const queue = await boCall(t, finance, 'GET', '/bo/cashier/withdrawals?status=not_received');
    expect(queue.value.list.map((i: { id: string; hasProof: boolean }) => [i.id, i.hasProof])).toContainEqual(
      [id, true],
    );
  });

  it('refuses a file that is not what it claims, one too big, and a second file', async () => {
    const { p, id } = await approvedWithdrawal();
    const script = await receipt(
      p.token,
      id,
      { received: 'false' },
      { type: 'image/png', bytes: Buffer.from('#!/bin/sh\necho hi\n') },
    );
    expect(script.code).toBe('CASHIER_PROOF_INVALID');
    const pdf = await receipt(
      p.token,
      id,
      { received: 'false' },
      { type: 'application/pdf', bytes: tinyPng() },
    );
    expect(pdf.code).toBe('CASHIER_PROOF_INVALID');
    const huge = Buffer.concat([tinyPng(), Buffer.alloc(PROOF_MAX_BYTES)]);
    const big = await receipt(p.token, id, { received: 'false' }, { type: 'image/png', bytes: huge });
    expect(big.status).toBe(400);
    expect(big.code).toBe('CASHIER_PROOF_INVALID');
    const two = multipart({ received: 'false' }, [
      { name: 'proof', filename: 'a.png', type: 'image/png', bytes: tinyPng() },
      { name: 'proof', filename: 'b.png', type: 'image/png', bytes: tinyPng() },
    ]);
    const second = await t.app.inject({
      method: 'POST',
      url: `/wps/cashier/withdrawals/${id}/receipt`,
      headers: { token: p.token, 'content-type': two.contentType },
      payload: two.payload,
    });
    expect(second.json().code).toBe('CASHIER_PROOF_INVALID');
    // Other routes keep refusing multipart bodies (the parser is scoped to the receipt route).
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/wps/cashier/withdraw',
      headers: { token: p.token, 'content-type': two.contentType },
      payload: two.payload,
    });
    expect(elsewhere.statusCode).toBe(415);
    const json = await call(t, {
      method: 'POST',
      url: `/wps/cashier/withdrawals/${id}/receipt`,
      token: p.token,
      payload: { received: 'true' },
    });
    expect(json.code).toBe('VALIDATION_FAILED');
    const row = await t.ctx.db
      .selectFrom('withdrawals')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('approved');
  });

  it('only for your own approved withdrawals', async () => {
    const { id } = await approvedWithdrawal();
    const stranger = await newPlayer(t);
    expect((await receipt(stranger.token, id, { received: 'true' })).code).toBe('CASHIER_ORDER_NOT_FOUND');
    const p = await readyPlayer(t, 20_000n);
    const pending = await withdraw(t, p, 5_000);
    expect((await receipt(p.token, pending.value.id, { received: 'true' })).code).toBe(
      'CASHIER_ORDER_RESOLVED',
    );
  });

  it('counts as received after the configured minutes, for readers at once and in the rows after the sweep', async () => {
    const { p, id } = await approvedWithdrawal();
    t.clock.advance(29 * 60_000);
    expect(await sweepAutoReceipts(t.ctx)).toBe(0);
    const before = await call(t, { method: 'GET', url: `/wps/cashier/withdrawals/${id}`, token: p.token });
    expect(before.value.status).toBe('approved');

    t.clock.advance(2 * 60_000);
    const shown = await call(t, { method: 'GET', url: `/wps/cashier/withdrawals/${id}`, token: p.token });
    expect(shown.value).toMatchObject({ status: 'received', receivedAmountMinor: 10_000 });
    expect(
      (await receipt(p.token, id, { received: 'false' }, { type: 'image/png', bytes: tinyPng() })).code,
    ).toBe('CASHIER_ORDER_RESOLVED');
    expect(await sweepAutoReceipts(t.ctx)).toBeGreaterThanOrEqual(1);
    const row = await t.ctx.db
      .selectFrom('withdrawals')
      .select(['status', 'receipt_auto', 'received_amount_minor'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'received', receipt_auto: true, received_amount_minor: 10_000n });
    expect(await sweepAutoReceipts(t.ctx)).toBe(0);
  });
});
