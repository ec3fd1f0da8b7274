import type { Db } from '../../platform/database/database.ts';

export interface RecentLogin {
  at: Date;
  ip: string | null;
  userAgent: string | null;
}

/**
 * The member's latest sign-ins, newest first, for the security centre. Every session is opened by a
 * sign-in (password, SMS code or the automatic one after registration), so the sessions table is the
 * record; it keeps revoked and expired sessions for 30 days (see auth.jobs.ts).
 */
export async function recentLogins(db: Db, memberId: string, limit = 10): Promise<RecentLogin[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['created_at', 'ip', 'user_agent'])
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ at: r.created_at, ip: r.ip, userAgent: r.user_agent }));
}
