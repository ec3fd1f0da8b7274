import { buildApp } from './app.ts';
import { prepareStart, StartRefusedError } from './boot.ts';
import { startReferenceVendorBeside } from './modules/games/reference-vendor.boot.ts';
import { startReferenceFeedBeside } from './modules/sportsbook/index.ts';
import { clockStartingAt, systemClock } from './platform/clock.ts';
import { ConfigError, loadConfig } from './platform/config/config.ts';
import type { AppContext } from './platform/context.ts';
import { DatabaseLockedError, openDatabase, runMigrations } from './platform/database/database.ts';
import { createLogger } from './platform/logging/logger.ts';
import { createEventBus } from './platform/realtime/event-bus.ts';

/** Composition root: config → platform → modules → routes. */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, log });
  if (database.kind === 'pglite') {
    log.warn(
      `embedded PGlite database in ${config.DATA_DIR}: for demos, development and tests only — set DATABASE_URL for production`,
    );
  }
  const applied = await runMigrations(database.db);
  if (applied.length) log.info({ applied }, 'migrations applied');

  const bus = await createEventBus(config.REDIS_URL, log, database.db);
  const clock = config.TEST_CLOCK_START ? clockStartingAt(new Date(config.TEST_CLOCK_START)) : systemClock;
  if (clock !== systemClock) log.warn(`test clock: started at ${config.TEST_CLOCK_START}`);
  const ctx: AppContext = { config, db: database.db, log, clock, bus };
  await prepareStart(ctx);

  const app = await buildApp(ctx);
  let closeVendor: (() => Promise<void>) | null = null;
  let closeFeed: (() => Promise<void>) | null = null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await closeVendor?.();
    await closeFeed?.();
    await app.close();
    await bus.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // The demo's third-party game vendor, on its own port (REFERENCE_VENDOR=false to leave it out).
  closeVendor = await startReferenceVendorBeside(ctx);
  // The demo's odds feed, where background work runs (REFERENCE_FEED=false to leave it out).
  closeFeed = await startReferenceFeedBeside(ctx);
  log.info(
    `Sorte is running at http://localhost:${config.PORT} (role ${config.ROLE}, database ${database.kind}, events ${bus.kind})`,
  );
}

main().catch((error) => {
  if (
    error instanceof ConfigError ||
    error instanceof DatabaseLockedError ||
    error instanceof StartRefusedError
  ) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
