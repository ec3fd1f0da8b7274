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
 * WALLETS wallets for DURATION_S seconds, then prints the heap rows and index entries the debits
 * wrote (per table and per bet), runs pgbench's built-in simple-update script on the same server for
 * the same time, checks the ledger's invariants, and prints one summary line last (bench/lib).
 * Settings: WALLETS (2000), and those of bench/lib/http-bench.ts: CLIENTS (256), DURATION_S (10),
 * LOADGEN_THREADS (1), PGBENCH_CLIENTS (16), SERVER_PROFILE (a folder for a CPU profile of the server).
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { blankMemberDraft, createMember } from '../../apps/server/src/modules/members/index.ts';
import { REFERENCE_VENDOR } from '../../apps/server/src/modules/games/index.ts';
import { type Prepared, runHttpBench } from '../lib/http-bench.ts';
import { fundMembers } from '../lib/setup.ts';

const WALLETS = Number(process.env.WALLETS ?? 2_000);
const STAKE_MINOR = 100;

/** Makes WALLETS funded players in bulk; answers what the load worker signs its calls with. */
async function prepare({ db, merchant }: Prepared) {
  console.log(`preparing ${WALLETS} funded wallets…`);
  const secret = (
    await db
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
      db,
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
  await fundMembers(db, merchant.id, merchant.currency, playerIds, 1_000_000_000n);
  return { secret, currency: merchant.currency, playerIds, stakeMinor: STAKE_MINOR };
}

await runHttpBench({
  name: 'wallet',
  unit: 'debits',
  counted: 'debits posted',
  rowsTable: 'game_bets',
  rowsLabel: 'bet rows',
  prepare,
  loadWorker: join(import.meta.dirname, 'load.mjs'),
  path: `/providers/${REFERENCE_VENDOR}/demo/wallet/debit`,
});
