import { type Kysely, sql } from 'kysely';

/**
 * The GGR report's bonus cost (issue 17): rebates paid are read per merchant and range of days from
 * `rebate_claims` (each claim's per-category lines), so the claims get an index by merchant and time.
 * One entry per claim; a claim is rare next to the bets it rebates.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists rebate_claims_merchant_time on rebate_claims (merchant_id, created_at)`.execute(
    db,
  );
}
