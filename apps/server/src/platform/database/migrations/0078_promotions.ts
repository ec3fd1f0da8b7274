import { type Kysely, sql } from 'kysely';

/** Promotions CMS (issue 17 scope 1): filled in by the promotions change. */
const STATEMENTS: string[] = [];

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was, not today's typed one
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
