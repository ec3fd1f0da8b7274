import { type Kysely, sql } from 'kysely';
import { MIGRATIONS } from './migrations/index.ts';

/** Any fixed number; every instance agrees on it so only one runs migrations at a time. */
const MIGRATION_LOCK_KEY = 72_700_001;

/**
 * Applies pending migrations in order, each in its own transaction, under an advisory lock so
 * several instances starting together do not race. Applied names are recorded and never re-run.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against every past schema, not today's typed one
export async function runMigrations(db: Kysely<any>): Promise<string[]> {
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(conn);
    try {
      await sql`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`.execute(
        conn,
      );
      const done = new Set(
        (await sql<{ name: string }>`select name from schema_migrations`.execute(conn)).rows.map(
          (r) => r.name,
        ),
      );
      const applied: string[] = [];
      for (const migration of MIGRATIONS) {
        if (done.has(migration.name)) continue;
        await conn.transaction().execute(async (trx) => {
          await migration.up(trx);
          await sql`insert into schema_migrations (name) values (${migration.name})`.execute(trx);
        });
        applied.push(migration.name);
      }
      return applied;
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(conn);
    }
  });
}
