import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { scheduleJob } from '../../platform/jobs.ts';

/** Rows removed per table per run, so one run never holds long locks on a big backlog. */
const PURGE_BATCH = 5_000;
const PURGE_EVERY_MS = 10 * 60_000;
const DAY_MS = 86_400_000;

/**
 * Deletes what can no longer matter: throttle windows and captchas a day past, SMS codes, IP
 * challenges and reset links a week past expiry, revoked or expired sessions after 30 days.
 * Idempotent and bounded; running it on several instances at once only repeats the deletes.
 */
export async function purgeExpiredAuthRows(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now().getTime();
  const dayAgo = new Date(now - DAY_MS);
  const weekAgo = new Date(now - 7 * DAY_MS);
  const monthAgo = new Date(now - 30 * DAY_MS);
  const targets = [
    sql`delete from auth_throttles where key in (select key from auth_throttles where window_start < ${dayAgo} limit ${PURGE_BATCH})`,
    sql`delete from captchas where id in (select id from captchas where expires_at < ${dayAgo} limit ${PURGE_BATCH})`,
    sql`delete from sms_codes where id in (select id from sms_codes where expires_at < ${weekAgo} limit ${PURGE_BATCH})`,
    sql`delete from ip_challenges where id in (select id from ip_challenges where expires_at < ${weekAgo} limit ${PURGE_BATCH})`,
    sql`delete from password_resets where token_hash in (select token_hash from password_resets where expires_at < ${weekAgo} limit ${PURGE_BATCH})`,
    sql`delete from sessions where id in (select id from sessions where coalesce(revoked_at, expires_at) < ${monthAgo} limit ${PURGE_BATCH})`,
  ];
  let removed = 0;
  for (const statement of targets) removed += Number((await statement.execute(ctx.db)).numAffectedRows ?? 0);
  return removed;
}

/** Runs the purge on API-and-worker or worker instances; the timer stops with the server. */
export function schedulePurge(app: FastifyInstance, ctx: AppContext): void {
  scheduleJob(app, ctx, {
    name: 'auth purge',
    everyMs: PURGE_EVERY_MS,
    step: () => purgeExpiredAuthRows(ctx),
  });
}
