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

/** A counter that only ever stops attempts at its lock, or never (the address's count). */
export const NO_LIMIT = 2_147_483_647;

/** One counter an attempt must get a place on: refused once `below` are counted, locked at `lockAt`. */
export interface AttemptCounter {
  subject: string;
  below: number;
  lockAt: number | null;
}

/**
 * Reserves one attempt on every counter, before the password is compared, so N concurrent attempts are
 * counted as N and only the allowed number get compared (issue 12). All or nothing: undefined, and
 * nothing counted, when any counter is locked or already holds `below`. A counter idle since
 * `staleBefore` starts over; one whose lock has run out grants one more try (which locks again unless
 * the password is right), as a lock lifted after N failures should not hand out N fresh tries.
 * The count reaching `lockAt` sets the lock at once; a right password takes it back (releaseAttempt).
 */
export async function reserveAttempt(
  db: Db,
  p: { merchantId: string; counters: AttemptCounter[]; now: Date; staleBefore: Date; lockUntil: Date },
): Promise<number[] | undefined> {
  if (p.counters.some((c) => c.below <= 0)) return undefined;
  const refused = Symbol('refused');
  try {
    return await db.transaction().execute(async (trx) => {
      const counts: number[] = [];
      // Always the account before the address: concurrent reservations lock rows in one order.
      for (const c of p.counters) {
        const lockAt = c.lockAt ?? NO_LIMIT;
        const current = sql`case
          when f.last_failure_at < ${p.staleBefore} then 0
          when f.locked_until <= ${p.now} then least(f.failures, ${lockAt}::int - 1)
          else f.failures end`;
        const r = await sql<{ failures: number }>`
          insert into login_failures as f (merchant_id, subject, failures, last_failure_at, locked_until)
          values (${p.merchantId}, ${c.subject}, 1, ${p.now},
            case when 1 >= ${lockAt}::int then ${p.lockUntil}::timestamptz end)
          on conflict (merchant_id, subject) do update set
            failures = ${current} + 1,
            last_failure_at = ${p.now},
            locked_until = case when ${current} + 1 >= ${lockAt}::int then ${p.lockUntil}::timestamptz end
          where (f.locked_until is null or f.locked_until <= ${p.now}) and ${current} < ${c.below}::int
          returning failures`.execute(trx);
        const row = r.rows[0];
        if (!row) throw refused;
        counts.push(Number(row.failures));
      }
      return counts;
    });
  } catch (error) {
    if (error === refused) return undefined;
    throw error;
  }
}

/** Gives back a reservation whose password was right: one count less, and the lock it set, if any. */
export async function releaseAttempt(
  db: Db,
  merchantId: string,
  counter: Pick<AttemptCounter, 'subject' | 'lockAt'>,
): Promise<void> {
  await sql`
    update login_failures set
      failures = greatest(failures - 1, 0),
      locked_until = case when failures - 1 < ${counter.lockAt ?? NO_LIMIT}::int then null else locked_until end
    where merchant_id = ${merchantId} and subject = ${counter.subject}`.execute(db);
}

/** Until when the counter is locked, if it is. */
export async function lockedUntil(
  db: Db,
  merchantId: string,
  subject: string,
  now: Date,
): Promise<Date | undefined> {
  const row = await db
    .selectFrom('login_failures')
    .select('locked_until')
    .where('merchant_id', '=', merchantId)
    .where('subject', '=', subject)
    .where('locked_until', '>', now)
    .executeTakeFirst();
  return row?.locked_until ? new Date(row.locked_until) : undefined;
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

/**
 * Takes one of the `max` tries of the newest unexpired code for the number before it is compared, so
 * concurrent guesses are counted one by one and at most `max` are ever compared (issue 12). Only the
 * newest code can be tried (a new code replaces the ones before it), used or not, so the count holds
 * however the guesses interleave with the one that uses it. Undefined: no live code, or no tries left.
 */
export async function reserveSmsTry(
  db: Db,
  p: { merchantId: string; purpose: SmsPurpose; address: string; now: Date; max: number },
) {
  return db
    .updateTable('sms_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', (eb) =>
      eb
        .selectFrom('sms_codes')
        .select('id')
        .where('merchant_id', '=', p.merchantId)
        .where('purpose', '=', p.purpose)
        .where('address', '=', p.address)
        .orderBy('created_at', 'desc')
        .limit(1),
    )
    .where('expires_at', '>', p.now)
    .where('attempts', '<', p.max)
    .returning(['id', 'code_hash'])
    .executeTakeFirst();
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

/** reserveSmsTry for the code of an unknown-IP challenge: the newest one sent to this member for this IP. */
export async function reserveIpChallengeTry(
  db: Db,
  p: { memberId: string; ip: string; now: Date; max: number },
) {
  return db
    .updateTable('ip_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', (eb) =>
      eb
        .selectFrom('ip_challenges')
        .select('id')
        .where('member_id', '=', p.memberId)
        .where('ip', '=', p.ip)
        .where('code_hash', 'is not', null)
        .orderBy('created_at', 'desc')
        .limit(1),
    )
    .where('expires_at', '>', p.now)
    .where('attempts', '<', p.max)
    .returning(['id', 'code_hash'])
    .executeTakeFirst();
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

/**
 * Fixed-window counter that refuses to go past `limit`: counts this hit and answers true, or answers
 * false and counts nothing once the current window holds `limit` (issue 12: reserved before the
 * attempt is checked, so concurrent attempts cannot all pass a limit they each saw unmet).
 */
export async function reserveThrottle(
  db: Db,
  p: { key: string; now: Date; windowMs: number; limit: number },
): Promise<boolean> {
  const windowStart = new Date(p.now.getTime() - p.windowMs);
  const result = await sql<{ hits: number }>`
    insert into auth_throttles as t (key, window_start, hits) values (${p.key}, ${p.now}, 1)
    on conflict (key) do update set
      hits = case when t.window_start <= ${windowStart} then 1 else t.hits + 1 end,
      window_start = case when t.window_start <= ${windowStart} then ${p.now}::timestamptz else t.window_start end
    where t.window_start <= ${windowStart} or t.hits < ${p.limit}::int
    returning hits`.execute(db);
  return result.rows.length === 1;
}

/** Gives back a hit reserved by reserveThrottle (the attempt turned out not to count). */
export async function releaseThrottle(db: Db, key: string): Promise<void> {
  await sql`update auth_throttles set hits = greatest(hits - 1, 0) where key = ${key}`.execute(db);
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
