import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { createAuthTestApp } from '../auth/auth.test-helpers.ts';
import { boCall, operatorToken } from '../backoffice/backoffice.test-helpers.ts';
import { connect, listen, waitFor } from '../realtime/realtime.test-helpers.ts';
import { channelNamed, deposit, MANUAL_PIX, newPlayer } from './deposits.test-helpers.ts';
import { readyPlayer, setCashierRules, withdraw } from './withdrawals.test-helpers.ts';

/** "Meus saques" learns an operator's decision live, like the balance (issue 13 #8). */
let t: TestApp;
let finance: string;
let url: string;
beforeAll(async () => {
  t = await createAuthTestApp({});
  await setCashierRules(t);
  finance = await operatorToken(t, 'finance');
  url = await listen(t);
});
afterAll(async () => t?.close());

const decide = (id: string, decision: 'approve' | 'reject') =>
  boCall(t, finance, 'POST', `/bo/cashier/withdrawals/${id}/${decision}`, { reason: 'checked by finance' });

it.each(['approve', 'reject'] as const)(
  "an operator's %s is pushed to the member's socket with the order's new status",
  async (decision) => {
    const player = await readyPlayer(t, 50_000n);
    const order = await withdraw(t, player, 10_000);
    const client = await connect(url, player.token);
    await waitFor(client, 'ready');
    expect((await decide(order.value.id, decision)).status).toBe(200);
    await waitFor(client, 'cashier.order');
    expect(client.messages.find((m) => m.type === 'cashier.order')).toEqual({
      type: 'cashier.order',
      kind: 'withdrawal',
      id: order.value.id,
      status: decision === 'approve' ? 'approved' : 'rejected',
    });
    client.socket.close();
  },
);

it("an operator's approval of a manual deposit is pushed to the member's socket", async () => {
  const player = await newPlayer(t);
  const channel = await channelNamed(t, player.token, MANUAL_PIX);
  const order = await deposit(t, player.token, {
    channelId: channel.id,
    amountMinor: 5_000,
    reference: 'E2E-123',
  });
  const client = await connect(url, player.token);
  await waitFor(client, 'ready');
  const decided = await boCall(t, finance, 'POST', `/bo/cashier/deposits/${order.value.id}/approve`, {
    reason: 'money arrived',
  });
  expect(decided.status).toBe(200);
  await waitFor(client, 'cashier.order');
  expect(client.messages.find((m) => m.type === 'cashier.order')).toEqual({
    type: 'cashier.order',
    kind: 'deposit',
    id: order.value.id,
    status: 'approved',
  });
  client.socket.close();
});

it("another member's decision is not pushed to this socket", async () => {
  const watcher = await readyPlayer(t, 0n);
  const other = await readyPlayer(t, 50_000n);
  const order = await withdraw(t, other, 10_000);
  const client = await connect(url, watcher.token);
  await waitFor(client, 'ready');
  await decide(order.value.id, 'approve');
  await new Promise((r) => setTimeout(r, 300));
  expect(client.messages.map((m) => m.type)).toEqual(['ready']);
  client.socket.close();
});
