import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/harness.ts';
import { systemClock } from '../../platform/clock.ts';
import { loadConfig } from '../../platform/config/config.ts';
import { createLogger } from '../../platform/logging/logger.ts';
import { parseAssignments, runCommand } from './system.cli.ts';
import type { merchantConfig, OperatorDeps } from './system.operator.service.ts';
import { seedDemoMerchant } from './system.seed.ts';

let database: TestDatabase;
let deps: OperatorDeps;
beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  deps = { db: database.handle.db, config, clock: systemClock };
  await seedDemoMerchant({ ...deps, log: createLogger('silent') });
});
afterAll(() => database?.close());

describe('merchant CLI', () => {
  it('parses key=value assignments, nesting one level', () => {
    expect(
      parseAssignments([
        'brandName=Sorte Grande',
        'minimumAge=21',
        'theme.primary=#112233',
        'languages=["en"]',
        'faviconUrl=null',
      ]),
    ).toEqual({
      brandName: 'Sorte Grande',
      minimumAge: 21,
      theme: { primary: '#112233' },
      languages: ['en'],
      faviconUrl: null,
    });
  });

  it('changes flags, status, fields and brand through the same rules as the API', async () => {
    await runCommand(deps, ['set-flag', 'demo', 'FREEPLAY3', 'off']);
    await runCommand(deps, ['set-status', 'demo', '1', '--until', '2030-01-01T00:00:00Z']);
    await runCommand(deps, ['set-field', 'demo', 'mobileNum', 'required=true', 'maxLength=11']);
    await runCommand(deps, ['set-brand', 'demo', 'brandName=Sorte CLI']);
    const config = (await runCommand(deps, ['show', 'demo'])) as Awaited<ReturnType<typeof merchantConfig>>;
    expect(config.flags.FREEPLAY3).toBe(false);
    expect(config.status).toMatchObject({
      maintenance: true,
      maintenanceEndTime: '2030-01-01T00:00:00.000Z',
    });
    expect(config.registrationFields.mobileNum).toMatchObject({ required: true, maxLength: 11 });
    expect(config.brand.brandName).toBe('Sorte CLI');
    expect(config.audit[0]?.who).toMatch(/^cli:/);
    await expect(runCommand(deps, ['set-flag', 'demo', 'NOPE', 'on'])).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
    });
    await expect(runCommand(deps, ['set-field', 'demo', 'username', 'maxLength=999'])).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(runCommand(deps, ['frobnicate'])).rejects.toThrow(/unknown command/);
  });
});
