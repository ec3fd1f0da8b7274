import { type Kysely, sql } from 'kysely';

/**
 * Fewer index entries per bet (issue 14, item 2): three indexes of the ledger that every bet writes
 * and nothing reads any more.
 *
 * - `ledger_transfers_debit` and `ledger_transfers_credit` (account, id): the only readers were the
 *   turnover sum (wallet/turnover.ts) and an agent's transfers with the team (agents/team.repository
 *   agentTransfers); both now read the account's entries through `ledger_entries_account_time`, which
 *   the account records already need. Holds keep their partial index (`ledger_transfers_holds`).
 * - `ledger_entries_transfer` (transfer_id): no query looks entries up by transfer; `verify` joins all
 *   of them in one pass (a hash join), and the foreign keys it once served were dropped by 0014.
 *
 * Two index entries less per transfer and one per entry: −4 per dice bet (one transfer, two entries).
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists ledger_transfers_debit`.execute(db);
  await sql`drop index if exists ledger_transfers_credit`.execute(db);
  await sql`drop index if exists ledger_entries_transfer`.execute(db);
}
