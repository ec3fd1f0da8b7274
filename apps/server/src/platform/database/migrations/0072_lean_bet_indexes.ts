import type { Kysely } from 'kysely';

/** Issue 14: leaner writes per in-house bet (number reserved; first version). */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(_db: Kysely<any>): Promise<void> {}
