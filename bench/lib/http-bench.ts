/**
 * The run every HTTP bench shares (bench/wallet, bench/originals): its own database, migrated and
 * demo-seeded; the built server started on it; the bench's own preparation (players, funds); the
 * load from keep-alive connections in load-generator threads; then the report (bench/lib/report.ts)
 * with the rows and index entries the load wrote, pgbench on the same server, and the summary line.
 * Settings read here: CLIENTS (256), DURATION_S (10), LOADGEN_THREADS (1), PGBENCH_CLIENTS (16),
 * SERVER_PROFILE (a folder for a CPU profile of the server).
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import type { Db } from '../../apps/server/src/platform/database/database.ts';
import {
  createDatabase,
  dropDatabase,
  type LoadResult,
  type RunningServer,
  runLoadWorkers,
  startServer,
} from './bench.ts';
import { adminUrl, type RunReport, reportRun } from './report.ts';
import { openSeededDatabase } from './setup.ts';
import { writesAfterLoad, writesBeforeLoad, writesBetween } from './write-stats.ts';

const CLIENTS = Number(process.env.CLIENTS ?? 256);
const DURATION_S = Number(process.env.DURATION_S ?? 10);
const THREADS = Number(process.env.LOADGEN_THREADS ?? 1);
/** pgbench's own best on a small machine is a few clients per core; more only adds connections. */
const PGBENCH_CLIENTS = Number(process.env.PGBENCH_CLIENTS ?? 16);
const WARMUP_MS = 2_000;

export interface Prepared {
  db: Db;
  url: string;
  server: RunningServer;
  merchant: { id: string; currency: string };
}

export interface HttpBench extends Pick<RunReport, 'name' | 'unit' | 'counted' | 'rowsTable' | 'rowsLabel'> {
  /** Settings the server gets on top of the benches' own (startServer). */
  serverEnv?: Record<string, string>;
  /** Everything before the load, with the server up; answers the load worker's data. */
  prepare(on: Prepared): Promise<Record<string, unknown>>;
  /** The load-generator worker (it calls lib/load.mjs's drive) and the path it posts to. */
  loadWorker: string;
  path: string;
}

export async function runHttpBench(bench: HttpBench): Promise<void> {
  const admin = adminUrl(`bench/${bench.name}`);
  const suffix = randomBytes(4).toString('hex');
  const benchDb = `sorte_bench_${bench.name}_${suffix}`;
  const url = await createDatabase(admin, benchDb);
  try {
    const { handle, merchant } = await openSeededDatabase(url);
    const server = await startServer(url, bench.serverEnv);
    let results: LoadResult[];
    let before: Awaited<ReturnType<typeof writesBeforeLoad>>;
    let loadAverage: number[];
    try {
      const workerData = await bench.prepare({ db: handle.db, url, server, merchant });
      console.log('waiting for the statistics of the preparation to settle…');
      before = await writesBeforeLoad(url);
      loadAverage = loadavg();
      console.log(`driving ${CLIENTS} clients for ${DURATION_S} s…`);
      results = await runLoadWorkers(
        bench.loadWorker,
        {
          ...workerData,
          url: server.url,
          path: bench.path,
          clients: CLIENTS,
          durationMs: DURATION_S * 1000,
          warmupMs: WARMUP_MS,
        },
        THREADS,
      );
    } finally {
      await server.stop();
    }
    const writes = writesBetween(before, await writesAfterLoad(url));
    const invariantsOk = await reportRun({
      ...bench,
      db: handle.db,
      closeDb: () => handle.close(),
      results,
      writes,
      loadAverage,
      durationS: DURATION_S,
      admin,
      pgbenchDb: `sorte_bench_pgbench_${suffix}`,
      pgbenchClients: PGBENCH_CLIENTS,
    });
    if (!invariantsOk) process.exitCode = 1;
  } finally {
    await dropDatabase(admin, benchDb);
  }
}
