import { type Kysely, sql } from 'kysely';

/** Sportsbook bet settlement (issue 16): filled in by the settlement change. */
const STATEMENTS: string[] = [];

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was, not today's typed one
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
