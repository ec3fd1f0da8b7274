import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from '../../platform/config/config.ts';
import {
  type Db,
  DatabaseLockedError,
  openDatabase,
  runMigrations,
} from '../../platform/database/database.ts';
import { createLogger } from '../../platform/logging/logger.ts';
import { type VerifyReport, verifyLedger } from './ledger.verify.ts';

/**
 * `npm run ledger:verify`: checks every ledger invariant on the database the server uses
 * (DATABASE_URL, else the PGlite folder DATA_DIR — stop the server first in that case), prints the
 * report as JSON and exits 1 when anything is violated, so it can gate a deploy or a restart drill.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    log,
    poolSize: 2,
  });
  try {
    // A fresh folder has no ledger tables yet; migrating first makes "empty" a valid, passing ledger.
    await runMigrations(database.db);
    const { exitCode, report } = await runVerify(database.db);
    console.log(JSON.stringify(report, null, 2));
    console.error(summary(report));
    return exitCode;
  } finally {
    await database.close();
  }
}

/** The check itself, apart from opening the database: 0 when every invariant holds, else 1. */
export async function runVerify(db: Db): Promise<{ exitCode: number; report: VerifyReport }> {
  const report = await verifyLedger(db);
  return { exitCode: report.ok ? 0 : 1, report };
}

export function summary(report: VerifyReport): string {
  const { accounts, transfers, entries, openHolds } = report.counts;
  const head = `ledger: ${accounts} accounts, ${transfers} transfers, ${entries} entries, ${openHolds} open holds`;
  return report.ok ? `${head} — invariants ok` : `${head} — ${report.violations.length} violation(s)`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error) => {
      console.error(
        error instanceof ConfigError || error instanceof DatabaseLockedError ? error.message : error,
      );
      process.exitCode = 2;
    },
  );
}
