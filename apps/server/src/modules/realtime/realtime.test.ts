import { afterAll, beforeAll, expect, test } from 'vitest';
import { MODULES } from '../../app.ts';
import type { TestApp } from '../../../test/harness.ts';
import { createAuthTestApp, registerUser } from '../auth/auth.test-helpers.ts';
import { type Fixture, fixture } from '../ledger/ledger.test-helpers.ts';
import { CLOSE_SUPERSEDED, CLOSE_UNAUTHENTICATED } from './realtime.hub.ts';
import { connect, creditMember, listen, waitFor } from './realtime.test-helpers.ts';
import { createRealtimeModule, realtimeModule } from './index.ts';

let t: TestApp;
let f: Fixture;
let url: string;
const slot = MODULES.indexOf(realtimeModule);

beforeAll(async () => {
  // A short auth timeout keeps the silent-socket test fast; everything else keeps its default.
  MODULES[slot] = createRealtimeModule({ authTimeoutMs: 200 });
  t = await createAuthTestApp({ USERNAMEREG3: true });
  f = await fixture(t);
  url = await listen(t);
});
afterAll(async () => {
  MODULES[slot] = realtimeModule;
  await t?.close();
});

test('an authenticated socket is told when a committed transfer changes its balance', async () => {
  const { session } = await registerUser(t, 'wspush1');
  const client = await connect(url, session.token);
  await waitFor(client, 'ready');
  await creditMember(f, 'wspush1', 1_000n);
  await waitFor(client, 'balance-changed');
  client.socket.close();
});

test("another member's transfer is not pushed to this socket", async () => {
  const { session } = await registerUser(t, 'wsquiet1');
  await registerUser(t, 'wsother1');
  const client = await connect(url, session.token);
  await waitFor(client, 'ready');
  await creditMember(f, 'wsother1', 1_000n);
  await new Promise((r) => setTimeout(r, 300));
  expect(client.messages.map((m) => m.type)).toEqual(['ready']);
  client.socket.close();
});

test('a failing bus publish does not fail the transfer', async () => {
  await registerUser(t, 'wsbusdown1');
  const publish = t.ctx.bus.publish;
  t.ctx.bus.publish = async () => {
    throw new Error('bus down');
  };
  try {
    await expect(creditMember(f, 'wsbusdown1', 500n)).resolves.toBeUndefined();
    await new Promise((r) => setTimeout(r, 50));
  } finally {
    t.ctx.bus.publish = publish;
  }
});

test('an unknown token gets UNAUTHENTICATED and close 4401', async () => {
  const client = await connect(url, 'not-a-real-token');
  expect(await client.closed).toBe(CLOSE_UNAUTHENTICATED);
  expect(client.messages).toEqual([{ type: 'error', code: 'UNAUTHENTICATED' }]);
});

test('a socket that never authenticates is closed after the timeout', async () => {
  const client = await connect(url);
  expect(await client.closed).toBe(CLOSE_UNAUTHENTICATED);
});

test('a sixth socket of one member closes the oldest', async () => {
  const { session } = await registerUser(t, 'wsmany1');
  const clients = [];
  for (let i = 0; i < 6; i++) {
    const client = await connect(url, session.token);
    await waitFor(client, 'ready');
    clients.push(client);
  }
  expect(await clients[0]!.closed).toBe(CLOSE_SUPERSEDED);
  for (const client of clients.slice(1)) expect(client.socket.readyState).toBe(client.socket.OPEN);
  for (const client of clients) client.socket.close();
});

test('a frame above 16 KB closes the socket', async () => {
  const client = await connect(url);
  client.socket.send('x'.repeat(17_000));
  expect(await client.closed).toBe(1009);
});
