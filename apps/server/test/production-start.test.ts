import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { KNOWN_DEFAULT_PASSWORDS, prepareStart, StartRefusedError } from '../src/boot.ts';
import { seedDemoOperators } from '../src/modules/backoffice/backoffice.seed.ts';
import { seedDemoMerchant } from '../src/modules/system/system.seed.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { loadConfig } from '../src/platform/config/config.ts';
import type { AppContext } from '../src/platform/context.ts';
import { createEventBus } from '../src/platform/realtime/event-bus.ts';
import { operatorsWithKnownPasswords } from '../src/modules/backoffice/index.ts';
import { seededMembersWithKnownPasswords } from '../src/modules/agents/index.ts';
import { createTestDatabase, type TestDatabase } from './harness.ts';

/**
 * `NODE_ENV=production npm start` on an empty database, as main.ts does it (prepareStart, then
 * buildApp), with every log line kept so the test can read what a start prints.
 */
interface Started {
  ctx: AppContext;
  lines: string[];
  app?: FastifyInstance;
}

const opened: { database: TestDatabase; app?: FastifyInstance; ctx?: AppContext }[] = [];
afterEach(async () => {
  for (const { database, app, ctx } of opened.splice(0)) {
    await app?.close();
    await ctx?.bus.close();
    await database.close();
  }
});

async function emptyDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  opened.push({ database });
  return database;
}

async function start(database: TestDatabase, env: Record<string, string> = {}): Promise<Started> {
  const config = loadConfig({
    NODE_ENV: 'production',
    ROLE: 'api',
    WEB_DIST: '/nonexistent',
    OPERATOR_API_KEY: 'k'.repeat(32),
    ...env,
  });
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  const bus = await createEventBus(undefined, log, database.handle.db);
  const ctx: AppContext = { config, db: database.handle.db, log, clock: new ManualClock(new Date()), bus };
  const entry = opened.find((o) => o.database === database)!;
  entry.ctx = ctx;
  await prepareStart(ctx);
  const app = await buildApp(ctx);
  await app.ready();
  entry.app = app;
  return { ctx, lines, app };
}

const count = async (db: AppContext['db'], table: string) =>
  Number(
    (
      await db
        // biome-ignore lint/suspicious/noExplicitAny: a count over several tables by name
        .selectFrom(table as any)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a production start on an empty database', () => {
  it('serves a bare merchant: no operator, no member, no demo content, no password in the log', async () => {
    const { ctx, lines, app } = await start(await emptyDatabase());
    const db = ctx.db;
    expect(await count(db, 'operators')).toBe(0);
    expect(await count(db, 'members')).toBe(0);
    for (const table of [
      'banners',
      'announcements',
      'help_entries',
      'merchant_domains',
      'payment_channels',
      'merchant_game_vendors',
      'game_vendor_credentials',
      'lottery_games',
      'vn_draws',
      'ledger_transfers',
    ]) {
      expect(await count(db, table), table).toBe(0);
    }
    const merchants = await db.selectFrom('merchants').select(['code', 'brand_name']).execute();
    expect(merchants).toEqual([{ code: 'demo', brand_name: 'demo' }]);
    const log = lines.join('\n');
    for (const password of KNOWN_DEFAULT_PASSWORDS) expect(log).not.toContain(password);
    expect(log).not.toMatch(/password/i);
    // It still serves: the site's configuration answers for the bare merchant.
    const whitelabel = await app!.inject({ method: 'GET', url: '/wps/system/whitelabel' });
    expect(whitelabel.statusCode).toBe(200);
  });

  it('answers /docs with a 404 envelope unless OPENAPI_DOCS=true', async () => {
    const { app } = await start(await emptyDatabase());
    for (const url of ['/docs', '/docs/', '/docs/json']) {
      const response = await app!.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    const docs = await start(await emptyDatabase(), { OPENAPI_DOCS: 'true' });
    const json = await docs.app!.inject({ method: 'GET', url: '/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(json.json().openapi).toBeTruthy();
  });

  it('with SEED_DEMO=true seeds the demo, with random passwords printed once, never the published ones', async () => {
    const database = await emptyDatabase();
    const first = await start(database, { SEED_DEMO: 'true' });
    expect(await count(first.ctx.db, 'operators')).toBe(2);
    expect(await operatorsWithKnownPasswords(first.ctx.db, KNOWN_DEFAULT_PASSWORDS)).toEqual([]);
    expect(await seededMembersWithKnownPasswords(first.ctx.db, KNOWN_DEFAULT_PASSWORDS)).toEqual([]);
    const log = first.lines.join('\n');
    for (const password of KNOWN_DEFAULT_PASSWORDS) expect(log).not.toContain(password);
    expect(log.match(/shown once/g)).toHaveLength(4);
    // The next start prints no password at all.
    await first.app!.close();
    first.app = undefined;
    const entry = opened.find((o) => o.database === database)!;
    entry.app = undefined;
    await entry.ctx!.bus.close();
    const again = await start(database, { SEED_DEMO: 'true' });
    expect(again.lines.join('\n')).not.toMatch(/password/i);
  });
});

describe('the known-password refusal', () => {
  it('refuses a production start while an operator signs in with a published password, naming it but not the password', async () => {
    const database = await emptyDatabase();
    // The demo operators as a development start makes them: admin/admin12345, finance/finance12345.
    const development = {
      config: loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent' }),
      db: database.handle.db,
      log: pino({ level: 'silent' }),
      clock: new ManualClock(new Date()),
    };
    await seedDemoMerchant(development);
    await seedDemoOperators(development);
    const refusal = await start(database).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(StartRefusedError);
    const message = (refusal as Error).message;
    expect(message).toContain('operator "admin" of merchant "demo"');
    expect(message).toContain('operator "finance" of merchant "demo"');
    for (const password of KNOWN_DEFAULT_PASSWORDS) expect(message).not.toContain(password);
  });
});
