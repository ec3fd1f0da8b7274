import { type Kysely, sql } from 'kysely';

/**
 * Fewer index entries per bet (issue 14, item 2): three indexes of the ledger that every bet writes
 * and nothing reads any more, and two of the betting records that only narrowed what the member's
 * unfiltered view reads anyway.
 *
 * - `ledger_transfers_debit` and `ledger_transfers_credit` (account, id): the only readers were the
 *   turnover sum (wallet/turnover.ts) and an agent's transfers with the team (agents/team.repository
 *   agentTransfers); both now read the account's entries through `ledger_entries_account_time`, which
 *   the account records already need. Holds keep their partial index (`ledger_transfers_holds`).
 * - `ledger_entries_transfer` (transfer_id): no query looks entries up by transfer; `verify` joins all
 *   of them in one pass (a hash join), and the foreign keys it once served were dropped by 0014.
 *
 * - `bet_records_member_category` and `bet_records_member_vendor` (member, category or vendor, time):
 *   read only by the member's betting records filtered by a category or a vendor. The unfiltered view
 *   — the default page and its totals — already reads every record of the member in the date range
 *   through `bet_records_member`; a filtered view now reads the same rows and keeps those matching, so
 *   no view costs more than the default one. Every bet of every game wrote both.
 *
 * Two index entries less per transfer, one per entry and two per betting record: −6 per dice bet (one
 * transfer, two entries, one record).
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists ledger_transfers_debit`.execute(db);
  await sql`drop index if exists ledger_transfers_credit`.execute(db);
  await sql`drop index if exists ledger_entries_transfer`.execute(db);
  await sql`drop index if exists bet_records_member_category`.execute(db);
  await sql`drop index if exists bet_records_member_vendor`.execute(db);
}
