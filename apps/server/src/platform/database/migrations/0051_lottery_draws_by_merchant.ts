import { type Kysely, sql } from 'kysely';

/**
 * The operators' draw list reads a merchant's draws newest first (by draw time); without this index
 * it walks every merchant's draws, which grow by some ten thousand a day per merchant.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index lottery_draws_merchant on lottery_draws (merchant_id, draws_at desc, id desc)`.execute(
    db,
  );
}
