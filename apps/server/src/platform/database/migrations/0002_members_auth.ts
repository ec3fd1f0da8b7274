import { type Kysely, sql } from 'kysely';

// Owned by modules/auth and modules/members. Filled in by the accounts work.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`select 1`.execute(db);
}
