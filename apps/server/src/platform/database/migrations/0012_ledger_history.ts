import { type Kysely, sql } from 'kysely';

/**
 * Indexes for the member's account records (modules/ledger/ledger.history.*): the history pages a
 * member's entries newest first within a date range, and lists the holds still open on the member's
 * accounts. Without them each page would read every entry (or every transfer) the account ever had.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const STATEMENTS = [
  // (created_at, id): entries of one transfer (and of one batch) share created_at; id breaks the tie.
  `create index ledger_entries_account_time on ledger_entries (account_id, created_at desc, id desc)`,
  // Holds reserve on the debit side only; partial, so posted transfers (the bulk) are not in it.
  `create index ledger_transfers_holds on ledger_transfers (debit_account_id, created_at desc) where status = 'pending'`,
];
