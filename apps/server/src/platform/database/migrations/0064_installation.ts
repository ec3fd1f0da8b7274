import { type Kysely, sql } from 'kysely';

/**
 * One row naming this database: every server instance on it reads the same id, and instances on
 * another database (a parallel test, a staging copy sharing one Redis) read another. The event bus
 * prefixes its Redis channels with it, so a message about member X of one database never reaches
 * the sockets of member X of another (ids repeat across databases).
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table installation (
    id uuid primary key default gen_random_uuid(),
    created_at timestamptz not null default now(),
    only_row boolean not null default true unique check (only_row)
  )`.execute(db);
  await sql`insert into installation default values`.execute(db);
}
