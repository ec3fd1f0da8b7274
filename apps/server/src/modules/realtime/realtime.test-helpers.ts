import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { openDatabase } from '../../platform/database/database.ts';
import { memberAccountId } from '../ledger/index.ts';
import { type Fixture, fund } from '../ledger/ledger.test-helpers.ts';
import { findMemberByAccount } from '../members/index.ts';

/** Helpers shared by the realtime tests (imported by *.test.ts only). */
export interface Client {
  socket: WebSocket;
  /** Messages received so far, parsed. */
  messages: { type: string; code?: string }[];
  closed: Promise<number>;
}

/**
 * Two instances of the app on one database over the Redis bus (REDIS_URL): B gets its own connection
 * pool, as a separate process would, so what A commits reaches B only through the bus.
 */
export async function startTwoInstances(env: Record<string, string> = {}) {
  const withRedis = { ...env, REDIS_URL: process.env.REDIS_URL ?? '' };
  const a = await createTestApp(withRedis);
  const handle = await openDatabase({ url: a.database.url, poolSize: 4 });
  const b = await createTestApp(withRedis, { handle, close: () => handle.close() });
  return {
    a,
    b,
    async close() {
      await b.close();
      await handle.close();
      await a.close();
    },
  };
}

/** Starts the app on a free port and returns its ws:// address. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/wps/ws`;
}

export async function connect(url: string, token?: string): Promise<Client> {
  const socket = new WebSocket(url);
  const messages: Client['messages'] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  if (token) socket.send(JSON.stringify({ type: 'auth', token }));
  return { socket, messages, closed };
}

/** Waits until a message of this type arrives; fails after `ms`. */
export async function waitFor(client: Client, type: string, ms = 2_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!client.messages.some((m) => m.type === type)) {
    if (Date.now() > deadline)
      throw new Error(`no ${type} within ${ms} ms: ${JSON.stringify(client.messages)}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Credits the registered member's main wallet through the ledger, as a deposit would. */
export async function creditMember(f: Fixture, account: string, amountMinor: bigint): Promise<void> {
  const member = await findMemberByAccount(f.db, f.merchantId, account);
  if (!member) throw new Error(`no member ${account}`);
  await fund(f, await memberAccountId(f.db, member.id, f.merchantId, 'main', f.currency), amountMinor);
}
