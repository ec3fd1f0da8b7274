import { type Kysely, sql } from 'kysely';
import { hashPassword } from '../../crypto/password-hash.ts';

/**
 * A merchant's default password (members who sign in with it must change it) was kept in clear in
 * `merchants.security.defaultPassword` and shown by the operator API. It is only ever compared with
 * what a member types, so it becomes an argon2id hash (`defaultPasswordHash`) and the clear text goes.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ id: string; password: unknown }>`
    select id, security -> 'defaultPassword' as password from merchants where security ? 'defaultPassword'`.execute(
    db,
  );
  for (const row of rows) {
    const hash = typeof row.password === 'string' && row.password ? await hashPassword(row.password) : null;
    await sql`update merchants set security = (security - 'defaultPassword')
      || jsonb_build_object('defaultPasswordHash', ${hash}::text) where id = ${row.id}`.execute(db);
  }
}
