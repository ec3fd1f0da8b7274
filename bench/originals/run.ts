/**
 * bench/originals — in-house dice bets through the HTTP API on PostgreSQL, against pgbench on the
 * same server. Each bet is POST /wps/originals/dice/bet with a member's session token: the session
 * checked, then one transaction — the member's seed row locked and its nonce claimed, the roll, the
 * stake and any win as ledger transfers, a round row.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:originals
 *
 * It builds the server (npm run bench:originals does), creates and drops its own databases, starts the
 * built server as a separate process, registers PLAYERS members through the API (so each holds a real
 * session token), opens each one's seed pair (as the dice page does), funds them with a ledger batch,
 * drives the dice endpoint from CLIENTS concurrent keep-alive connections for DURATION_S seconds, each
 * bet for a random player (a member's bets serialise on the member's seed row by design, so the load
 * is spread over many), then runs pgbench's built-in simple-update script for the same time, checks
 * the ledger's invariants, and prints one summary line last.
 * Settings: CLIENTS (256), PLAYERS (2000), DURATION_S (10), LOADGEN_THREADS (1), PGBENCH_CLIENTS (16),
 * REGISTER_CONCURRENCY (8), SERVER_PROFILE (a folder for a CPU profile of the server).
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Db } from '../../apps/server/src/platform/database/database.ts';
import {
  createDatabase,
  dropDatabase,
  type LoadResult,
  type RunningServer,
  runLoadWorkers,
  startServer,
} from '../lib/bench.ts';
import { adminUrl, reportRun } from '../lib/report.ts';
import { fundMembers, openSeededDatabase } from '../lib/setup.ts';

const CLIENTS = Number(process.env.CLIENTS ?? 256);
const PLAYERS = Number(process.env.PLAYERS ?? 2_000);
const DURATION_S = Number(process.env.DURATION_S ?? 10);
const THREADS = Number(process.env.LOADGEN_THREADS ?? 1);
/** pgbench's own best on a small machine is a few clients per core; more only adds connections. */
const PGBENCH_CLIENTS = Number(process.env.PGBENCH_CLIENTS ?? 16);
/** Registration hashes the password with argon2id (19 MiB each); a few at a time keeps memory flat. */
const REGISTER_CONCURRENCY = Number(process.env.REGISTER_CONCURRENCY ?? 8);
const STAKE_MINOR = 100;
const OPERATOR_KEY = randomBytes(24).toString('hex');

async function call(server: RunningServer, method: string, path: string, body: unknown, headers = {}) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { success: boolean; value?: unknown };
  if (!res.ok || !json.success) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
  return json.value;
}

/**
 * Registers PLAYERS members through the API, as a player's browser would, after the operator has
 * switched off the demo merchant's captcha, SMS check and payload encryption (as e2e/harness does):
 * the tokens are real sessions, made by the auth module itself.
 */
async function registerPlayers(server: RunningServer): Promise<{ accounts: string[]; tokens: string[] }> {
  await call(
    server,
    'PATCH',
    '/bo/merchants/demo/flags',
    { captchaOnRegister: false, REGMOBVERF3: false, encryption: false },
    { 'x-operator-key': OPERATOR_KEY },
  );
  const accounts: string[] = [];
  const tokens: string[] = [];
  let next = 0;
  const suffix = randomBytes(3).toString('hex');
  async function registrar() {
    while (next < PLAYERS) {
      const username = `bench${next++}${suffix}`;
      const value = (await call(server, 'PUT', '/wps/member/register', {
        username,
        password: 'bench12345',
        confirmPassword: 'bench12345',
        ageConfirmed: true,
        termsAccepted: true,
        login: true,
      })) as { account: string; session: { token: string } | null };
      if (!value.session) throw new Error(`registration of ${username} opened no session`);
      accounts.push(value.account);
      tokens.push(value.session.token);
    }
  }
  await Promise.all(Array.from({ length: REGISTER_CONCURRENCY }, registrar));
  return { accounts, tokens };
}

/**
 * Each player's dice page first shows the hashed server seed (GET /wps/originals/fairness), which
 * creates the seed pair; done here so the measured bets are steady-state bets, not first ones.
 */
async function openSeedPairs(server: RunningServer, tokens: string[]): Promise<void> {
  let next = 0;
  async function opener() {
    while (next < tokens.length) {
      const token = tokens[next++]!;
      const res = await fetch(`${server.url}/wps/originals/fairness`, { headers: { token } });
      if (!res.ok) throw new Error(`GET /wps/originals/fairness → ${res.status} ${await res.text()}`);
    }
  }
  await Promise.all(Array.from({ length: REGISTER_CONCURRENCY }, opener));
}

async function memberIdsOf(db: Db, merchantId: string, accounts: string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('members')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('account', 'in', accounts)
    .execute();
  if (rows.length !== accounts.length) throw new Error(`found ${rows.length} of ${accounts.length} players`);
  return rows.map((r) => r.id);
}

function runLoad(options: {
  url: string;
  tokens: string[];
  clients: number;
  durationMs: number;
  warmupMs: number;
}): Promise<LoadResult[]> {
  return runLoadWorkers(
    join(import.meta.dirname, 'load.mjs'),
    { ...options, stakeMinor: STAKE_MINOR, path: '/wps/originals/dice/bet' },
    THREADS,
  );
}

async function main() {
  const admin = adminUrl('bench/originals');
  const suffix = randomBytes(4).toString('hex');
  const benchDb = `sorte_bench_originals_${suffix}`;
  const pgbenchDb = `sorte_bench_pgbench_${suffix}`;
  const url = await createDatabase(admin, benchDb);
  try {
    const { handle, merchant } = await openSeededDatabase(url);
    const server = await startServer(url, { OPERATOR_API_KEY: OPERATOR_KEY });
    let results: LoadResult[];
    try {
      console.log(`registering ${PLAYERS} players through the API…`);
      const { accounts, tokens } = await registerPlayers(server);
      await openSeedPairs(server, tokens);
      const memberIds = await memberIdsOf(handle.db, merchant.id, accounts);
      await fundMembers(handle.db, merchant.id, merchant.currency, memberIds, 1_000_000_000n);
      console.log(`driving ${CLIENTS} clients for ${DURATION_S} s…`);
      results = await runLoad({
        url: server.url,
        tokens,
        clients: CLIENTS,
        durationMs: DURATION_S * 1000,
        warmupMs: 2_000,
      });
    } finally {
      await server.stop();
    }
    const invariantsOk = await reportRun({
      name: 'originals',
      unit: 'dice bets',
      counted: 'dice bets settled',
      rowsTable: 'original_rounds',
      rowsLabel: 'round rows, warm-up included',
      db: handle.db,
      closeDb: () => handle.close(),
      results,
      durationS: DURATION_S,
      admin,
      pgbenchDb,
      pgbenchClients: PGBENCH_CLIENTS,
    });
    if (!invariantsOk) process.exitCode = 1;
  } finally {
    await dropDatabase(admin, benchDb);
  }
}

await main();
