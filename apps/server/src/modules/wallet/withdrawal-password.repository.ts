import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';

export async function findPasswordHash(db: Db, memberId: string): Promise<string | null> {
  const row = await db
    .selectFrom('members')
    .select('payment_password_hash')
    .where('id', '=', memberId)
    .executeTakeFirst();
  return row?.payment_password_hash ?? null;
}

/**
 * Stores the hash. `firstOnly`: only while none is set, so two concurrent "set" requests cannot
 * both succeed (the loser would otherwise silently replace the winner's password); false then.
 */
export async function savePasswordHash(
  db: Db,
  memberId: string,
  hash: string,
  firstOnly: boolean,
): Promise<boolean> {
  let update = db.updateTable('members').set({ payment_password_hash: hash }).where('id', '=', memberId);
  if (firstOnly) update = update.where('payment_password_hash', 'is', null);
  const r = await update.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Claims one attempt in a single statement: counts it, starts a fresh count once an expired lock has
 * passed, and sets the lock when the count reaches `max`. An attempt made while locked is counted past
 * `max` (so the caller can tell it apart from the attempt that set the lock). Claiming BEFORE the
 * password is checked means parallel guesses cannot slip past the limit while the hash is verified.
 */
export async function claimAttempt(
  db: Db,
  memberId: string,
  now: Date,
  max: number,
  lockUntil: Date,
): Promise<{ failures: number; lockedUntil: Date | null }> {
  const r = await sql<{ failures: number; locked_until: Date | null }>`
    insert into withdrawal_password_failures as f (member_id, failures, last_failure_at, locked_until)
    values (${memberId}, 1, ${now}, null)
    on conflict (member_id) do update set
      failures = case when f.locked_until is not null and f.locked_until <= ${now} then 1 else f.failures + 1 end,
      last_failure_at = ${now},
      locked_until = case
        when f.locked_until is not null and f.locked_until <= ${now} then null
        when f.locked_until is not null then f.locked_until
        when f.failures + 1 >= ${max} then ${lockUntil}::timestamptz
        else null end
    returning failures, locked_until`.execute(db);
  const row = r.rows[0]!;
  return {
    failures: Number(row.failures),
    lockedUntil: row.locked_until ? new Date(row.locked_until) : null,
  };
}

export async function clearAttempts(db: Db, memberId: string): Promise<void> {
  await db.deleteFrom('withdrawal_password_failures').where('member_id', '=', memberId).execute();
}
