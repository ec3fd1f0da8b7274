import { type Kysely, sql } from 'kysely';

/**
 * The bet path's tables without foreign-key triggers. Each transfer fired five foreign-key checks
 * (merchant, debit and credit account; each entry's transfer and account), each a row lookup with a
 * KEY SHARE lock; a batch of 64 bets measured 6,880 transfers/s with them and 12,796/s without on
 * this 2-core machine (bench/wallet/tmp probe, PostgreSQL 15). The posting functions only write ids
 * of accounts they have just locked and checked, and of the transfer they have just inserted, and
 * the ledger's verify gained a dangling-reference check that proves it on the live data. The
 * hold-resolution key (pending_id) keeps its constraint: it is off the bet path.
 *
 * ledger_entries_account (account_id, id desc) is dropped as well: 0012's (account_id, created_at
 * desc, id desc) serves every reader, and each entry paid for both.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ table_name: string; constraint_name: string }>`
    select conrelid::regclass::text as table_name, conname as constraint_name from pg_constraint
    where contype = 'f' and conrelid::regclass::text in ('ledger_transfers', 'ledger_entries')
      and conname not like '%pending_id%'`.execute(db);
  for (const row of rows)
    await sql.raw(`alter table ${row.table_name} drop constraint ${row.constraint_name}`).execute(db);
  await sql`drop index if exists ledger_entries_account`.execute(db);
}
