import { type Kysely, sql } from 'kysely';

/** The game catalog (vendors, games, per-merchant order and switches, favourites, recent games). */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const STATEMENTS: string[] = [];
