import { verifyLedger } from '../../apps/server/src/modules/ledger/index.ts';
import type { Db } from '../../apps/server/src/platform/database/database.ts';
import { combine, type LoadResult, machineLine, percentile, pgbenchInOwnDatabase } from './bench.ts';
import { type TableWrites, writeLines } from './write-stats.ts';

/** The PostgreSQL server a bench needs (DATABASE_URL); exits with a hint when it is not set. */
export function adminUrl(bench: string): string {
  const admin = process.env.DATABASE_URL;
  if (admin) return admin;
  console.error(
    `${bench} needs a PostgreSQL server: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)`,
  );
  process.exit(2);
}

export interface RunReport {
  /** The summary line's name: `wallet`, `originals`. */
  name: string;
  /** What one call is, plural: `debits`, `dice bets`. */
  unit: string;
  /** How the answered calls are counted: `debits posted`, `dice bets settled`. */
  counted: string;
  /** The table with one row per answered call, and how the line names its rows. */
  rowsTable: 'game_bets' | 'original_rounds';
  rowsLabel: string;
  db: Db;
  closeDb(): Promise<void>;
  results: LoadResult[];
  /** What the load wrote, per table (write-stats.ts), and the 1/5/15-minute load average as it began. */
  writes: TableWrites[];
  loadAverage: number[];
  durationS: number;
  admin: string;
  pgbenchDb: string;
  pgbenchClients: number;
}

/**
 * After the load: counts the rows the calls wrote, verifies the ledger, runs pgbench on the same
 * server, and prints the figures — the rows and index entries per bet on the line before the
 * one-line summary, which comes last. Answers whether the invariants held
 * (no failed or refused call, ledger verified).
 */
export async function reportRun(r: RunReport): Promise<boolean> {
  const { ok, refused, failed, warmupOk, latenciesMs } = combine(r.results);
  const perSecond = Math.round(ok / r.durationS);
  const rows = await r.db
    .selectFrom(r.rowsTable)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const verified = await verifyLedger(r.db);
  await r.closeDb();
  const tps = await pgbenchInOwnDatabase(r.admin, r.pgbenchDb, r.pgbenchClients, r.durationS);
  const invariantsOk = verified.ok && failed === 0 && refused === 0;
  const p50 = percentile(latenciesMs, 50);
  const p99 = percentile(latenciesMs, 99);
  const written = writeLines(r.writes, ok + warmupOk);
  console.log(machineLine());
  console.log(`load average as the load began: ${r.loadAverage.map((n) => n.toFixed(2)).join(', ')}`);
  for (const line of written.table) console.log(line);
  console.log(
    `${r.counted} ${ok} (${warmupOk} more in the warm-up; ${r.rowsLabel} ${rows.n}), refused ${refused}, failed ${failed}, in ${r.durationS} s after a 2 s warm-up`,
  );
  console.log(`ledger verify: ${verified.ok ? 'ok' : JSON.stringify(verified)}`);
  console.log(`ratio to pgbench simple-update: ${(perSecond / tps).toFixed(2)}`);
  console.log(written.perBet);
  console.log(
    `${r.name}: ${perSecond} ${r.unit}/s through HTTP, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, pgbench ${Math.round(tps)} tps, invariants ${invariantsOk ? 'ok' : 'FAILED'}`,
  );
  return invariantsOk;
}
