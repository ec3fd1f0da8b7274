import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

/**
 * Two API instances on one PostgreSQL database and one Redis: an operator change made through one
 * is served by the other at once (event-bus invalidation), not only after the cache TTL.
 * Needs a real server and Redis, so it runs when DATABASE_URL and REDIS_URL are both set (CI does).
 */
const enabled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const KEY = 'multi-instance-operator-key-0123456789';

describe.skipIf(!enabled)('several instances', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { OPERATOR_API_KEY: KEY, REDIS_URL: process.env.REDIS_URL ?? '' };
    a = await createTestApp(env);
    b = await createTestApp(env, a.database);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const freePlayOn = async (app: TestApp) =>
    (await app.app.inject({ method: 'GET', url: '/wps/system/whitelabel' })).json().value.flags.FREEPLAY3;

  it('serves an operator change made on one instance from the other at once', async () => {
    expect(a.ctx.bus.kind).toBe('redis');
    expect(await freePlayOn(b)).toBe(true); // now cached on b
    const res = await a.app.inject({
      method: 'PATCH',
      url: '/bo/merchants/demo/flags',
      headers: { 'x-operator-key': KEY },
      payload: { FREEPLAY3: false },
    });
    expect(res.statusCode).toBe(200);
    // Well inside the 2 s cache TTL: only the bus message can explain b seeing it.
    const deadline = Date.now() + 500;
    let seen = await freePlayOn(b);
    while (seen && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      seen = await freePlayOn(b);
    }
    expect(seen).toBe(false);
  });
});
