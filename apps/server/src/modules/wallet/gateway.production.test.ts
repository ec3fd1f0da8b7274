import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { call } from '../auth/auth.test-helpers.ts';
import { createCashierTestApp, newPlayer, SANDBOX } from './deposits.test-helpers.ts';

/**
 * With the sandbox gateway off (the production default), nobody can "pay" through it: its channel is
 * hidden from players, a deposit on it is refused, and its hosted page does not exist. A file of its
 * own: the set of known gateways belongs to the process, and this process serves this configuration.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createCashierTestApp({ SANDBOX_GATEWAY: 'false' });
});
afterAll(async () => t?.close());

it('the sandbox channel is hidden, refused, and its pages are gone', async () => {
  const player = await newPlayer(t);
  const listed = await call(t, { method: 'GET', url: '/wps/cashier/channels', token: player.token });
  const names = (listed.value as { name: string }[]).map((c) => c.name);
  expect(names).not.toContain(SANDBOX);
  expect(names.length).toBeGreaterThan(0);
  const sandbox = await t.ctx.db
    .selectFrom('payment_channels')
    .select('id')
    .where('gateway', '=', 'sandbox')
    .executeTakeFirstOrThrow();
  const r = await call(t, {
    method: 'POST',
    url: '/wps/cashier/deposit',
    token: player.token,
    payload: { channelId: sandbox.id, amountMinor: 10_000, idempotencyKey: randomUUID() },
  });
  expect([r.status, r.code]).toEqual([404, 'CASHIER_CHANNEL_UNAVAILABLE']);
  const page = await t.app.inject({
    method: 'GET',
    url: `/providers/payments/sandbox/checkout/${randomUUID()}`,
  });
  expect(page.statusCode).toBe(404);
});
