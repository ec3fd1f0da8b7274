/**
 * Shared by the HTTP benches (bench/wallet, bench/originals): throwaway databases, the built server
 * as its own process, load-generator worker threads, percentiles, pgbench's simple-update baseline
 * and the machine line of the summary.
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';

const ROOT = resolve(import.meta.dirname, '../..');

export interface LoadResult {
  ok: number;
  refused: number;
  failed: number;
  /** Answered ok during the warm-up, not in `ok`. */
  warmupOk: number;
  latenciesMs: number[];
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

export async function createDatabase(admin: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(admin: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.end();
}

/** Starts the built server (apps/server/dist) on `url`'s database; `env` adds or overrides settings. */
export async function startServer(url: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  // SERVER_PROFILE=<dir> writes a V8 CPU profile of the server under load there (where time goes).
  const profile = process.env.SERVER_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SERVER_PROFILE}`]
    : [];
  // SERVER_BUNDLE=<file> runs another build of the server (an A/B pair on a shared machine; the
  // file's folder must resolve node_modules, e.g. through a symlink to the repository's).
  const bundle = process.env.SERVER_BUNDLE ?? join(ROOT, 'apps/server/dist/main.js');
  const child = spawn(process.execPath, [...profile, bundle], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      REDIS_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ROLE: 'api',
      SEED_DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok)
        return {
          url: base,
          stop: () =>
            new Promise((r) => {
              child.once('exit', () => r());
              child.kill('SIGTERM');
            }),
        };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

/**
 * Runs the load-generator worker `file` in `threads` threads, splitting `clients` between them;
 * each worker gets `workerData` plus its share of clients and its thread number.
 */
export function runLoadWorkers(
  file: string,
  workerData: Record<string, unknown> & { clients: number },
  threads: number,
): Promise<LoadResult[]> {
  const perThread = Math.ceil(workerData.clients / threads);
  return Promise.all(
    Array.from(
      { length: threads },
      (_, thread) =>
        new Promise<LoadResult>((resolveResult, reject) => {
          const worker = new Worker(file, { workerData: { ...workerData, clients: perThread, thread } });
          worker.once('message', resolveResult);
          worker.once('error', reject);
        }),
    ),
  );
}

/** The threads' results added up, with the latencies of the answered calls sorted. */
export function combine(results: LoadResult[]): LoadResult {
  return {
    ok: results.reduce((n, r) => n + r.ok, 0),
    refused: results.reduce((n, r) => n + r.refused, 0),
    failed: results.reduce((n, r) => n + r.failed, 0),
    warmupOk: results.reduce((n, r) => n + r.warmupOk, 0),
    latenciesMs: results.flatMap((r) => r.latenciesMs).sort((a, b) => a - b),
  };
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** pgbench's built-in simple-update script at scale 10 on `url`'s (empty) database: its tps. */
export function pgbench(url: string, clients: number, durationS: number): number {
  const conn = new URL(url);
  const args = ['-h', conn.hostname, '-p', conn.port || '5432', '-U', decodeURIComponent(conn.username)];
  const db = conn.pathname.slice(1);
  execFileSync('pgbench', [...args, '-i', '-q', '-s', '10', db], { stdio: 'ignore' });
  const out = execFileSync(
    'pgbench',
    [...args, '-n', '-b', 'simple-update', '-c', String(clients), '-j', '2', '-T', String(durationS), db],
    { encoding: 'utf8' },
  );
  const match = /tps = ([0-9.]+)/.exec(out);
  if (!match) throw new Error(`pgbench printed no tps:\n${out}`);
  return Number(match[1]);
}

/** pgbench in a database of its own, created and dropped around the run. */
export async function pgbenchInOwnDatabase(
  admin: string,
  name: string,
  clients: number,
  durationS: number,
): Promise<number> {
  const url = await createDatabase(admin, name);
  try {
    console.log(`pgbench simple-update, ${clients} clients, ${durationS} s…`);
    return pgbench(url, clients, durationS);
  } finally {
    await dropDatabase(admin, name);
  }
}

export function machineLine(): string {
  return `machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}`;
}
