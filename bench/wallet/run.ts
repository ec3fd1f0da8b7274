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
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { blankMemberDraft, createMember } from '../../apps/server/src/modules/members/index.ts';
import { REFERENCE_VENDOR } from '../../apps/server/src/modules/games/index.ts';
import { createDatabase, dropDatabase, type LoadResult, runLoadWorkers, startServer } from '../lib/bench.ts';
import { adminUrl, reportRun } from '../lib/report.ts';
import { fundMembers, openSeededDatabase } from '../lib/setup.ts';

const CLIENTS = Number(process.env.CLIENTS ?? 256);
const WALLETS = Number(process.env.WALLETS ?? 2_000);
const DURATION_S = Number(process.env.DURATION_S ?? 10);
const THREADS = Number(process.env.LOADGEN_THREADS ?? 1);
/** pgbench's own best on a small machine is a few clients per core; more only adds connections. */
const PGBENCH_CLIENTS = Number(process.env.PGBENCH_CLIENTS ?? 16);
const STAKE_MINOR = 100;

/** Migrates and seeds the bench database, then makes WALLETS funded players in bulk. */
async function prepare(url: string) {
  const { handle, merchant } = await openSeededDatabase(url);
  const secret = (
    await handle.db
      .selectFrom('game_vendor_credentials')
      .select('secret')
      .where('merchant_id', '=', merchant.id)
      .where('vendor', '=', REFERENCE_VENDOR)
      .executeTakeFirstOrThrow()
  ).secret;
  const playerIds: string[] = [];
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
  }
  await fundMembers(handle.db, merchant.id, merchant.currency, playerIds, 1_000_000_000n);
  return { handle, secret, currency: merchant.currency, playerIds };
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
  return runLoadWorkers(
    join(import.meta.dirname, 'load.mjs'),
    { ...options, stakeMinor: STAKE_MINOR, path: `/providers/${REFERENCE_VENDOR}/demo/wallet/debit` },
    THREADS,
  );
}

async function main() {
  const admin = adminUrl('bench/wallet');
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
    const invariantsOk = await reportRun({
      name: 'wallet',
      unit: 'debits',
      counted: 'debits posted',
      rowsTable: 'game_bets',
      rowsLabel: 'bet rows',
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
    await dropDatabase(admin, walletDb);
  }
}

await main();
