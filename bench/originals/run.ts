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
 * is spread over many), then prints the heap rows and index entries the bets wrote (per table and per
 * bet), runs pgbench's built-in simple-update script on the same server for the same time, checks the
 * ledger's invariants, and prints one summary line last (bench/lib).
 * Settings: PLAYERS (2000), REGISTER_CONCURRENCY (8), and those of bench/lib/http-bench.ts: CLIENTS
 * (256), DURATION_S (10), LOADGEN_THREADS (1), PGBENCH_CLIENTS (16), SERVER_PROFILE (a folder for a
 * CPU profile of the server).
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Db } from '../../apps/server/src/platform/database/database.ts';
import type { RunningServer } from '../lib/bench.ts';
import { type Prepared, runHttpBench } from '../lib/http-bench.ts';
import { fundMembers } from '../lib/setup.ts';

const PLAYERS = Number(process.env.PLAYERS ?? 2_000);
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

/** Registers, opens the seed pairs of and funds PLAYERS players; answers their session tokens. */
async function prepare({ db, server, merchant }: Prepared) {
  console.log(`registering ${PLAYERS} players through the API…`);
  const { accounts, tokens } = await registerPlayers(server);
  await openSeedPairs(server, tokens);
  const memberIds = await memberIdsOf(db, merchant.id, accounts);
  await fundMembers(db, merchant.id, merchant.currency, memberIds, 1_000_000_000n);
  return { tokens, stakeMinor: STAKE_MINOR };
}

await runHttpBench({
  name: 'originals',
  unit: 'dice bets',
  counted: 'dice bets settled',
  rowsTable: 'original_rounds',
  rowsLabel: 'round rows, warm-up included',
  serverEnv: { OPERATOR_API_KEY: OPERATOR_KEY },
  prepare,
  loadWorker: join(import.meta.dirname, 'load.mjs'),
  path: '/wps/originals/dice/bet',
});
