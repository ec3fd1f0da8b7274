import { type Kysely, sql } from 'kysely';

/** In-house rounds played in steps (mines, hilo). */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const STATEMENTS: string[] = [];
