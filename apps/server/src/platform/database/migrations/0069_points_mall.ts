import type { Kysely } from 'kysely';

/** The points mall (issue 17 item 7): first version reserving the number; tables follow. */
// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was
export async function up(_db: Kysely<any>): Promise<void> {}
