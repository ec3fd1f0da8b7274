/**
 * bench/wallet — bet-like debits through the HTTP API on PostgreSQL, against pgbench on the same
 * server. Each debit is a signed seamless-wallet call (POST /providers/:vendor/:merchant/wallet/debit):
 * signature and nonce checked, the wallet locked and checked, the stake debited with two ledger
 * entries, a bet row written — group-committed with the calls that arrive alongside it.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:wallet
 *
 * It builds the server (npm run bench:wallet does), creates and drops its own databases, starts the
 * built server as a separate process, drives it from CLIENTS concurrent keep-alive connections over
 * WALLETS wallets for DURATION_S seconds, then runs pgbench's built-in simple-update script with the
 * for the same time, checks the ledger's invariants, and prints one summary line last.
 * Settings: CLIENTS (256), WALLETS (2000), DURATION_S (10), LOADGEN_THREADS (1), PGBENCH_CLIENTS (16),
 * SERVER_PROFILE (a folder for a CPU profile of the server).
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { MODULES } from '../../apps/server/src/app.ts';
import { systemClock } from '../../apps/server/src/platform/clock.ts';
import { loadConfig } from '../../apps/server/src/platform/config/config.ts';
import { openDatabase, runMigrations } from '../../apps/server/src/platform/database/database.ts';
import { createLogger } from '../../apps/server/src/platform/logging/logger.ts';
import { blankMemberDraft, createMember } from '../../apps/server/src/modules/members/index.ts';
import {
  MAX_BATCH,
  memberAccountId,
  systemAccountId,
  type TransferRequest,
  transferBatch,
  verifyLedger,
} from '../../apps/server/src/modules/ledger/index.ts';
import { REFERENCE_VENDOR } from '../../apps/server/src/modules/games/index.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CLIENTS = Number(process.env.CLIENTS ?? 256);
const WALLETS = Number(process.env.WALLETS ?? 2_000);
const DURATION_S = Number(process.env.DURATION_S ?? 10);
const THREADS = Number(process.env.LOADGEN_THREADS ?? 1);
/** pgbench's own best on a small machine is a few clients per core; more only adds connections. */
const PGBENCH_CLIENTS = Number(process.env.PGBENCH_CLIENTS ?? 16);
const STAKE_MINOR = 100;

export interface LoadResult {
  ok: number;
  refused: number;
  failed: number;
  latenciesMs: number[];
}

async function createDatabase(admin: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(admin: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.end();
}

/** Migrates and seeds the bench database, then makes WALLETS funded players in bulk. */
async function prepare(url: string) {
  const config = loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'warn', NODE_ENV: 'production' });
  const log = createLogger('warn');
  const handle = await openDatabase({ url, log });
  await runMigrations(handle.db);
  const ctx = { config, db: handle.db, log, clock: systemClock };
  for (const module of MODULES) await module.seedDemo?.(ctx);
  const merchant = await handle.db
    .selectFrom('merchants')
    .select(['id', 'currency'])
    .where('code', '=', 'demo')
    .executeTakeFirstOrThrow();
  const secret = (
    await handle.db
      .selectFrom('game_vendor_credentials')
      .select('secret')
      .where('merchant_id', '=', merchant.id)
      .where('vendor', '=', REFERENCE_VENDOR)
      .executeTakeFirstOrThrow()
  ).secret;
  const source = await systemAccountId(handle.db, merchant.id, 'adjustment', merchant.currency);
  const playerIds: string[] = [];
  let funding: TransferRequest[] = [];
  const now = new Date();
  for (let i = 0; i < WALLETS; i++) {
    const member = await createMember(
      handle.db,
      blankMemberDraft(
        {
          merchant_id: merchant.id,
          account: `bench${i}${randomBytes(3).toString('hex')}`,
          password_hash: 'x',
          currency: merchant.currency,
          register_method: 'TEST',
        },
        now,
      ),
    );
    playerIds.push(member.id);
    funding.push({
      merchantId: merchant.id,
      idempotencyKey: `bench-fund:${member.id}`,
      code: 'adjustment',
      debitAccountId: source,
      creditAccountId: await memberAccountId(handle.db, member.id, merchant.id, 'main', merchant.currency),
      amountMinor: 1_000_000_000n,
      currency: merchant.currency,
    });
    if (funding.length === MAX_BATCH || i === WALLETS - 1) {
      await transferBatch(handle.db, funding);
      funding = [];
    }
  }
  return { handle, secret, currency: merchant.currency, playerIds };
}

async function startServer(url: string): Promise<{ url: string; stop(): Promise<void> }> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  // SERVER_PROFILE=<dir> writes a V8 CPU profile of the server under load there (where time goes).
  const profile = process.env.SERVER_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SERVER_PROFILE}`]
    : [];
  const child = spawn(process.execPath, [...profile, join(ROOT, 'apps/server/dist/main.js')], {
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

function runLoad(options: {
  url: string;
  secret: string;
  currency: string;
  playerIds: string[];
  clients: number;
  durationMs: number;
  warmupMs: number;
}): Promise<LoadResult[]> {
  const perThread = Math.ceil(options.clients / THREADS);
  return Promise.all(
    Array.from(
      { length: THREADS },
      (_, thread) =>
        new Promise<LoadResult>((resolveResult, reject) => {
          const worker = new Worker(join(import.meta.dirname, 'load.mjs'), {
            workerData: {
              ...options,
              clients: perThread,
              thread,
              stakeMinor: STAKE_MINOR,
              path: `/providers/${REFERENCE_VENDOR}/demo/wallet/debit`,
            },
          });
          worker.once('message', resolveResult);
          worker.once('error', reject);
        }),
    ),
  );
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function pgbench(url: string): number {
  const conn = new URL(url);
  const args = ['-h', conn.hostname, '-p', conn.port || '5432', '-U', decodeURIComponent(conn.username)];
  const db = conn.pathname.slice(1);
  execFileSync('pgbench', [...args, '-i', '-q', '-s', '10', db], { stdio: 'ignore' });
  const out = execFileSync(
    'pgbench',
    [
      ...args,
      '-n',
      '-b',
      'simple-update',
      '-c',
      String(PGBENCH_CLIENTS),
      '-j',
      '2',
      '-T',
      String(DURATION_S),
      db,
    ],
    { encoding: 'utf8' },
  );
  const match = /tps = ([0-9.]+)/.exec(out);
  if (!match) throw new Error(`pgbench printed no tps:\n${out}`);
  return Number(match[1]);
}

async function main() {
  const admin = process.env.DATABASE_URL;
  if (!admin) {
    console.error(
      'bench/wallet needs a PostgreSQL server: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)',
    );
    process.exit(2);
  }
  const suffix = randomBytes(4).toString('hex');
  const walletDb = `sorte_bench_wallet_${suffix}`;
  const pgbenchDb = `sorte_bench_pgbench_${suffix}`;
  const url = await createDatabase(admin, walletDb);
  try {
    console.log(`preparing ${WALLETS} funded wallets…`);
    const { handle, secret, currency, playerIds } = await prepare(url);
    const server = await startServer(url);
    let results: LoadResult[];
    try {
      console.log(`driving ${CLIENTS} clients for ${DURATION_S} s…`);
      results = await runLoad({
        url: server.url,
        secret,
        currency,
        playerIds,
        clients: CLIENTS,
        durationMs: DURATION_S * 1000,
        warmupMs: 2_000,
      });
    } finally {
      await server.stop();
    }
    const ok = results.reduce((n, r) => n + r.ok, 0);
    const refused = results.reduce((n, r) => n + r.refused, 0);
    const failed = results.reduce((n, r) => n + r.failed, 0);
    const latencies = results.flatMap((r) => r.latenciesMs).sort((a, b) => a - b);
    const perSecond = Math.round(ok / DURATION_S);
    const bets = await handle.db
      .selectFrom('game_bets')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const report = await verifyLedger(handle.db);
    await handle.close();
    const pgbenchUrl = await createDatabase(admin, pgbenchDb);
    let tps: number;
    try {
      console.log(`pgbench simple-update, ${PGBENCH_CLIENTS} clients, ${DURATION_S} s…`);
      tps = pgbench(pgbenchUrl);
    } finally {
      await dropDatabase(admin, pgbenchDb);
    }
    const invariantsOk = report.ok && failed === 0 && refused === 0;
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    console.log(
      `machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}`,
    );
    console.log(
      `debits posted ${ok} (bet rows ${bets.n}), refused ${refused}, failed ${failed}, in ${DURATION_S} s after a 2 s warm-up`,
    );
    console.log(`ledger verify: ${report.ok ? 'ok' : JSON.stringify(report)}`);
    console.log(`ratio to pgbench simple-update: ${(perSecond / tps).toFixed(2)}`);
    console.log(
      `wallet: ${perSecond} debits/s through HTTP, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, pgbench ${Math.round(tps)} tps, invariants ${invariantsOk ? 'ok' : 'FAILED'}`,
    );
    if (!invariantsOk) process.exitCode = 1;
  } finally {
    await dropDatabase(admin, walletDb);
  }
}

await main();
