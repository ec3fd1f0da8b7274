import { type Kysely, sql } from 'kysely';

/**
 * Leaner rows per in-house bet (issue 14, item 2), nothing of the ledger's model changed:
 *
 * - `original_rounds_member` (member, time) is dropped: nothing reads the rounds by member and time —
 *   the member's lists read the betting records (`bet_records_member`, the same fact), recall reads a
 *   round by id, a retry by (member, key). One index entry less per round, written twice before.
 * - `fairness_seeds` and `ledger_accounts` are rewritten on every bet (the nonce, the cached
 *   balances) and none of those columns is indexed: with free room on their pages the update is HOT
 *   (no new index entries at all). A fill factor leaves that room on the pages written from now on
 *   (both tables are small: a row per member pair and a few per member).
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists original_rounds_member`.execute(db);
  await sql`alter table fairness_seeds set (fillfactor = 50)`.execute(db);
  await sql`alter table ledger_accounts set (fillfactor = 70)`.execute(db);
}
