import { type Kysely, sql } from 'kysely';

// Owned by modules/system. Filled in by the system module work.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`select 1`.execute(db);
}
