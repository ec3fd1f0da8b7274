import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { MODULES } from '../../app.ts';
import { openDatabase } from '../../platform/database/database.ts';
import { BASE_FLAGS, call, OPERATOR_KEY, registerUser, setFlags } from '../auth/auth.test-helpers.ts';
import { expectVerified, fixture } from '../ledger/ledger.test-helpers.ts';
import { connect, creditMember, listen, waitFor } from '../realtime/realtime.test-helpers.ts';
import { CrashLoop } from './crash.loop.ts';
import { DEFAULT_TIMINGS } from './crash.timing.ts';
import { crashModule, createCrashModule } from './index.ts';

/**
 * Two instances on one database, as two processes would be: A leads the merchant's loop, B only
 * follows — its socket hears A's rounds through the Redis bus, its routes take bets on A's round —
 * and B takes the loop over once A stops. Needs PostgreSQL and Redis (CI sets both).
 */
const enabled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const TIMINGS = { ...DEFAULT_TIMINGS, bettingMs: 60_000, chainLength: 50 };
const slot = MODULES.indexOf(crashModule);

let a: TestApp;
let b: TestApp;
let closeB: () => Promise<void>;
beforeAll(async () => {
  if (!enabled) return;
  MODULES[slot] = createCrashModule({ timings: TIMINGS, loop: false });
  const env = { OPERATOR_API_KEY: OPERATOR_KEY, REDIS_URL: process.env.REDIS_URL ?? '' };
  a = await createTestApp(env);
  const handle = await openDatabase({ url: a.database.url, poolSize: 4 });
  b = await createTestApp(env, { handle, close: () => handle.close() });
  closeB = () => handle.close();
  await setFlags(a, { ...BASE_FLAGS, USERNAMEREG3: true });
});
afterAll(async () => {
  MODULES[slot] = crashModule;
  await b?.close();
  await closeB?.();
  await a?.close();
});

test.skipIf(!enabled)(
  "A leads, B's socket hears A's round over the bus and B's routes bet on it; B takes over when A stops",
  async () => {
    const f = await fixture(a);
    const { session } = await registerUser(a, 'crashmulti1');
    await creditMember(f, 'crashmulti1', 10_000n);
    const client = await connect(await listen(b), session.token);
    await waitFor(client, 'ready');

    const leader = new CrashLoop(a.ctx, TIMINGS);
    const follower = new CrashLoop(b.ctx, TIMINGS);
    expect(await leader.lead(f.merchantId)).toBe(true);
    expect(await follower.lead(f.merchantId)).toBe(false);
    await leader.step(f.merchantId);
    await waitFor(client, 'crash.round');

    const placed = await call(b, {
      method: 'POST',
      url: '/wps/crash/bet',
      token: session.token,
      payload: { amountMinor: 1_000, idempotencyKey: randomUUID() },
    });
    expect(placed.status).toBe(200);
    await waitFor(client, 'crash.bet');

    await leader.stop();
    expect(await follower.lead(f.merchantId)).toBe(true);
    await follower.stop();
    client.socket.close();
    await expectVerified(a.ctx.db);
  },
);
