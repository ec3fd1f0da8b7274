import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/harness.ts';
import { systemClock } from '../../platform/clock.ts';
import { loadConfig } from '../../platform/config/config.ts';
import { createLogger } from '../../platform/logging/logger.ts';
import { setFlags } from './system.operator.service.ts';
import { seedDemoMerchant } from './system.seed.ts';
import { CACHE_TTL_MS, MerchantDirectory } from './system.service.ts';

let database: TestDatabase;
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
beforeAll(async () => {
  database = await createTestDatabase();
  const ctx = { db: database.handle.db, config, clock: systemClock, log: createLogger('silent') };
  await seedDemoMerchant(ctx);
  await seedDemoMerchant(ctx); // idempotent
});
afterAll(() => database?.close());

describe('merchant cache across instances', () => {
  it('serves a change at once on the writing instance and within the TTL on another', async () => {
    const db = database.handle.db;
    const a = new MerchantDirectory(db, config);
    const b = new MerchantDirectory(db, config);
    expect((await b.get('demo'))?.context.flags.CBS3).toBe(true);
    expect((await a.get('demo'))?.context.flags.CBS3).toBe(true);
    await setFlags({ db, config, clock: systemClock, directory: a }, 'demo', 'test', { CBS3: false });
    expect((await a.get('demo'))?.context.flags.CBS3).toBe(false);
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + CACHE_TTL_MS + 1);
    try {
      expect((await b.get('demo'))?.context.flags.CBS3).toBe(false);
    } finally {
      clock.mockRestore();
    }
  });

  it('gives the auth module its security defaults (no default password until an operator sets one)', async () => {
    const demo = await new MerchantDirectory(database.handle.db, config).get('demo');
    expect(demo?.context.security).toMatchObject({
      captchaAfterFailedLogins: 3,
      lockoutAfterFailedLogins: 10,
      lockoutMinutes: 15,
      passwordExpiryDays: 90,
      defaultPasswordHash: null,
      smsExpiryMinutes: 5,
      sessionIdleMinutes: config.SESSION_IDLE_MINUTES,
    });
    // The demo asks a captcha only after failed logins, never at the first one (issue 13).
    expect(demo?.context.flags.captchaOnLogin).toBe(false);
    expect(demo?.context).toMatchObject({
      code: 'demo',
      brandName: 'Sorte',
      currency: 'BRL',
      currencySymbol: 'R$',
      defaultLanguage: 'pt-BR',
    });
    expect(await new MerchantDirectory(database.handle.db, config).get('nobody')).toBeUndefined();
  });
});
