import { type Insertable, sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import type {
  CaptchasTable,
  IpChallengesTable,
  LoginHistoryTable,
  SessionsTable,
  SmsCodesTable,
  SmsPurpose,
} from './auth.tables.ts';

// ---- sessions -------------------------------------------------------------------------------

export async function insertSession(db: Db, session: Insertable<SessionsTable>): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/** The session with the few member fields every guard needs, in one round trip. */
export async function findSessionByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('members', 'members.id', 'sessions.member_id')
    .select([
      'sessions.id',
      'sessions.member_id',
      'sessions.merchant_id',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'sessions.revoked_at',
      'members.type',
      'members.status',
      'members.must_change_password',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchSession(db: Db, id: string, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
}

export async function revokeSession(db: Db, id: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live session of the member except `keepId` (none kept when it is null). */
export async function revokeMemberSessions(
  db: Db,
  memberId: string,
  keepId: string | null,
  now: Date,
): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null);
  if (keepId) query = query.where('id', '!=', keepId);
  await query.execute();
}

// ---- failed logins --------------------------------------------------------------------------

export async function readFailures(db: Db, merchantId: string, subjects: string[]) {
  return db
    .selectFrom('login_failures')
    .select(['subject', 'failures', 'last_failure_at', 'locked_until'])
    .where('merchant_id', '=', merchantId)
    .where('subject', 'in', subjects)
    .execute();
}

/**
 * Counts one failure atomically (concurrent wrong guesses all count). A counter idle since
 * `staleBefore` starts again at 1; reaching `lockAt` sets the lock until `lockUntil`.
 */
export async function addFailure(
  db: Db,
  p: {
    merchantId: string;
    subject: string;
    now: Date;
    staleBefore: Date;
    lockAt: number | null;
    lockUntil: Date;
  },
): Promise<void> {
  const lockAt = p.lockAt ?? 2_147_483_647;
  await sql`
    insert into login_failures as f (merchant_id, subject, failures, last_failure_at, locked_until)
    values (${p.merchantId}, ${p.subject}, 1, ${p.now}, case when 1 >= ${lockAt}::int then ${p.lockUntil}::timestamptz end)
    on conflict (merchant_id, subject) do update set
      failures = case when f.last_failure_at < ${p.staleBefore} then 1 else f.failures + 1 end,
      last_failure_at = ${p.now},
      locked_until = case
        when (case when f.last_failure_at < ${p.staleBefore} then 1 else f.failures + 1 end) >= ${lockAt}::int then ${p.lockUntil}::timestamptz
        else f.locked_until end`.execute(db);
}

export async function clearFailures(db: Db, merchantId: string, subject: string): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where('merchant_id', '=', merchantId)
    .where('subject', '=', subject)
    .execute();
}

// ---- known IPs ------------------------------------------------------------------------------

export async function knownIpState(
  db: Db,
  memberId: string,
  ip: string,
): Promise<{ any: boolean; known: boolean }> {
  const rows = await db
    .selectFrom('member_known_ips')
    .select('ip')
    .where('member_id', '=', memberId)
    .orderBy(sql`ip = ${ip}`, 'desc')
    .limit(1)
    .execute();
  return { any: rows.length > 0, known: rows[0]?.ip === ip };
}

export async function rememberIp(db: Db, memberId: string, ip: string, now: Date): Promise<void> {
  await db
    .insertInto('member_known_ips')
    .values({ member_id: memberId, ip, first_seen_at: now, last_seen_at: now })
    .onConflict((oc) => oc.columns(['member_id', 'ip']).doUpdateSet({ last_seen_at: now }))
    .execute();
}

// ---- captcha --------------------------------------------------------------------------------

export async function insertCaptcha(db: Db, captcha: Insertable<CaptchasTable>): Promise<void> {
  await db.insertInto('captchas').values(captcha).execute();
}

/** Single use: the first read burns the challenge, whether the answer then matches or not. */
export async function consumeCaptcha(
  db: Db,
  id: string,
  merchantId: string,
  now: Date,
): Promise<string | undefined> {
  const row = await db
    .updateTable('captchas')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('answer_hash')
    .executeTakeFirst();
  return row?.answer_hash;
}

// ---- SMS codes ------------------------------------------------------------------------------

export async function insertSmsCode(db: Db, code: Insertable<SmsCodesTable>): Promise<void> {
  await db.insertInto('sms_codes').values(code).execute();
}

export async function latestSmsCode(
  db: Db,
  merchantId: string,
  purpose: SmsPurpose,
  address: string,
  now: Date,
) {
  return db
    .selectFrom('sms_codes')
    .select(['id', 'code_hash', 'attempts'])
    .where('merchant_id', '=', merchantId)
    .where('purpose', '=', purpose)
    .where('address', '=', address)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function countSmsAttempt(db: Db, id: string): Promise<void> {
  await db
    .updateTable('sms_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** True only for the one caller that used the code. */
export async function useSmsCode(db: Db, id: string, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('sms_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

// ---- password reset links -------------------------------------------------------------------

export async function insertPasswordReset(
  db: Db,
  tokenHash: string,
  memberId: string,
  now: Date,
  expiresAt: Date,
) {
  await db
    .insertInto('password_resets')
    .values({ token_hash: tokenHash, member_id: memberId, created_at: now, expires_at: expiresAt })
    .execute();
}

export async function consumePasswordReset(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('member_id')
    .executeTakeFirst();
  return row?.member_id;
}

// ---- second verification (unknown IP) -------------------------------------------------------

export async function insertIpChallenge(db: Db, challenge: Insertable<IpChallengesTable>): Promise<void> {
  await db.insertInto('ip_challenges').values(challenge).execute();
}

export async function findIpChallenge(db: Db, id: string, now: Date) {
  return db
    .selectFrom('ip_challenges')
    .selectAll()
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function setIpChallengeCode(
  db: Db,
  id: string,
  codeHash: string,
  expiresAt: Date,
): Promise<void> {
  await db
    .updateTable('ip_challenges')
    .set({ code_hash: codeHash, expires_at: expiresAt, attempts: 0 })
    .where('id', '=', id)
    .execute();
}

/** The newest challenge with a code sent for this member and IP. */
export async function latestSentIpChallenge(db: Db, memberId: string, ip: string, now: Date) {
  return db
    .selectFrom('ip_challenges')
    .select(['id', 'code_hash', 'attempts'])
    .where('member_id', '=', memberId)
    .where('ip', '=', ip)
    .where('code_hash', 'is not', null)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function countIpChallengeAttempt(db: Db, id: string): Promise<void> {
  await db
    .updateTable('ip_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function useIpChallenge(db: Db, id: string, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('ip_challenges')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

// ---- login history and throttles ------------------------------------------------------------

export async function insertLoginHistory(db: Db, entry: Insertable<LoginHistoryTable>): Promise<void> {
  await db.insertInto('login_history').values(entry).execute();
}

/** Hits in the current window of a fixed-window counter, without counting one. */
export async function peekThrottle(db: Db, key: string, now: Date, windowMs: number): Promise<number> {
  const row = await db
    .selectFrom('auth_throttles')
    .select(['hits', 'window_start'])
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row || row.window_start.getTime() <= now.getTime() - windowMs) return 0;
  return Number(row.hits);
}

/** Fixed-window counter: counts this hit and answers the hits in the current window. */
export async function hitThrottle(db: Db, key: string, now: Date, windowMs: number): Promise<number> {
  const windowStart = new Date(now.getTime() - windowMs);
  const result = await sql<{ hits: number }>`
    insert into auth_throttles as t (key, window_start, hits) values (${key}, ${now}, 1)
    on conflict (key) do update set
      hits = case when t.window_start <= ${windowStart} then 1 else t.hits + 1 end,
      window_start = case when t.window_start <= ${windowStart} then ${now}::timestamptz else t.window_start end
    returning hits`.execute(db);
  return Number(result.rows[0]?.hits ?? 1);
}
