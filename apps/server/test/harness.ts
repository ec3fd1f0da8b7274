import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, MODULES } from '../src/app.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { loadConfig } from '../src/platform/config/config.ts';
import type { AppContext } from '../src/platform/context.ts';
import { openDatabase, runMigrations } from '../src/platform/database/database.ts';
import { createLogger } from '../src/platform/logging/logger.ts';
import { createEventBus } from '../src/platform/realtime/event-bus.ts';

/**
 * A port the kernel has just handed out as free: a fixed one (e.g. 42031, inside the ephemeral range)
 * could be some outgoing connection's local port while the browser journeys run beside a test in CI.
 */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((ready) => probe.listen(0, '127.0.0.1', ready));
  const { port } = probe.address() as AddressInfo;
  await new Promise((closed) => probe.close(closed));
  return port;
}

export interface TestDatabase {
  handle: Awaited<ReturnType<typeof openDatabase>>;
  /** The PostgreSQL URL, so a second instance can open its own pool on it; absent on PGlite. */
  url?: string;
  close(): Promise<void>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** test/global-setup.ts: the migrated template database's name, or the PGlite image's file. */
    testDatabaseTemplate: { postgres?: string; pgliteImage?: string };
  }
}

/**
 * The migrated template of test/global-setup.ts (none outside vitest, e.g. in the benches, which
 * use this harness too: then each database is migrated from nothing), and the PGlite image read
 * once per test file.
 */
const template = process.env.VITEST ? (inject('testDatabaseTemplate') ?? {}) : {};
let pgliteImage: Blob | undefined;

/**
 * A fresh, migrated database per test file: a new database on the PostgreSQL server when
 * DATABASE_URL is set (dropped afterwards), otherwise an in-memory PGlite — each a copy of the
 * template migrated once by the global setup (migrated here too, in case a file runs without it).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    if (template.pgliteImage && !pgliteImage) pgliteImage = new Blob([readFileSync(template.pgliteImage)]);
    const handle = await openDatabase({ image: pgliteImage });
    await runMigrations(handle.db);
    await newInstallation(handle.db);
    return { handle, close: () => handle.close() };
  }
  const name = `sorte_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}${template.postgres ? ` template ${template.postgres}` : ''}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const handle = await openDatabase({ url: testUrl.toString(), poolSize: 10 });
  await runMigrations(handle.db);
  await newInstallation(handle.db);
  return {
    handle,
    url: testUrl.toString(),
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * A copy of the template is a new installation: its id (migration 0064, the Redis channels' prefix)
 * is drawn again, or every test database would share the template's and hear the others' events.
 */
async function newInstallation(db: TestDatabase['handle']['db']): Promise<void> {
  await db.updateTable('installation').set({ id: sql`gen_random_uuid()` }).execute();
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  clock: ManualClock;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * The real server in-process on a fresh database, with the demo merchant seeded and a movable clock.
 * `shareDatabase` starts a second instance on another app's database (multi-instance tests).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  shareDatabase?: TestDatabase,
): Promise<TestApp> {
  const database = shareDatabase ?? (await createTestDatabase());
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ...env });
  const clock = new ManualClock(new Date());
  const log = createLogger(config.LOG_LEVEL);
  const bus = await createEventBus(config.REDIS_URL, log, database.handle.db);
  const ctx: AppContext = { config, db: database.handle.db, log, clock, bus };
  for (const module of MODULES) await module.seedDemo?.(ctx);
  const app = await buildApp(ctx);
  await app.ready();
  return {
    app,
    ctx,
    clock,
    database,
    async close() {
      await app.close();
      await bus.close();
      if (!shareDatabase) await database.close();
    },
  };
}
