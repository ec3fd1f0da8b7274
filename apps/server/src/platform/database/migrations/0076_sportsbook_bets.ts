import type { Kysely } from 'kysely';

/** Sportsbook bet placement (issue 16 item 3) — reserved; the tables follow. */
// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was, not today's typed one
export async function up(_db: Kysely<any>): Promise<void> {}
