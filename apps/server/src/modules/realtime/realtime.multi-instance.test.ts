import { afterAll, beforeAll, expect, test } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { BASE_FLAGS, OPERATOR_KEY, registerUser, setFlags } from '../auth/auth.test-helpers.ts';
import { fixture } from '../ledger/ledger.test-helpers.ts';
import { connect, creditMember, listen, startTwoInstances, waitFor } from './realtime.test-helpers.ts';

/**
 * A socket held by instance B hears about a transfer made through instance A: the only path between
 * them is the Redis event bus. B gets its own connection pool, as a separate process would, so A's
 * ledger listener is the only one that sees the commit. Needs PostgreSQL and Redis (CI sets both).
 */
const enabled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

let a: TestApp;
let b: TestApp;
let close: (() => Promise<void>) | undefined;
beforeAll(async () => {
  if (!enabled) return;
  ({ a, b, close } = await startTwoInstances({ OPERATOR_API_KEY: OPERATOR_KEY }));
  await setFlags(a, { ...BASE_FLAGS, USERNAMEREG3: true });
});
afterAll(async () => close?.());

test.skipIf(!enabled)("a transfer through instance A reaches the member's socket on instance B", async () => {
  expect(b.ctx.bus.kind).toBe('redis');
  expect(a.ctx.db).not.toBe(b.ctx.db);
  const { session } = await registerUser(a, 'wsmulti1');
  const client = await connect(await listen(b), session.token);
  await waitFor(client, 'ready');
  await creditMember(await fixture(a), 'wsmulti1', 2_500n);
  await waitFor(client, 'balance-changed');
  client.socket.close();
});
