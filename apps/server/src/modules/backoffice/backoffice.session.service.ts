import { createHash, randomBytes } from 'node:crypto';
import { OPERATOR_PERMISSIONS, type OperatorProfile } from '@sorte/contracts';
import type { z } from 'zod';
import type { operatorLoginRequest } from '@sorte/contracts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { releaseFailure, reserveFailure, verifyAgainstDummy, verifyPassword } from '../auth/index.ts';
import * as repo from './backoffice.repository.ts';
import { matchTotp, newTotpSecret, otpauthUrl } from './backoffice.totp.ts';

/** Failed sign-ins (wrong password or code) in a row before the account locks. */
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MINUTES = 15;
/** Failed sign-ins from one address, over all its accounts, before it must wait out the window. */
export const IP_FAILURE_LIMIT = 20;
const IP_WINDOW_MS = 15 * 60_000;
/** A back-office session lasts a working day at most, and ends after half an hour without a request. */
export const SESSION_ABSOLUTE_MS = 12 * 3_600_000;
export const SESSION_IDLE_MS = 30 * 60_000;
/** Seen-at is written at most this often, so a busy session is not one write per request. */
const TOUCH_INTERVAL_MS = 60_000;
const TOTP_ISSUER = 'Sorte back office';

type LoginInput = z.infer<typeof operatorLoginRequest>;
export interface Client {
  ip: string;
  userAgent: string | null;
}
export interface LoginResult {
  next: 'done' | 'enroll';
  token: string;
}

export function hashOperatorToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Operator sign-in. An unknown merchant or username is checked against a dummy hash and answers exactly
 * like a wrong password, so neither the answer nor its timing says whether the account exists. Each
 * attempt takes its place on the address's and the account's failure counts before the password is
 * compared, so a burst gets exactly the allowed comparisons (issue 12); a sign-in that succeeds gives
 * them back.
 *
 * With TOTP enrolled, the password and the code are one credential: a right password with a missing
 * or wrong code answers BO_INVALID_CREDENTIALS and counts like a wrong password, so the answer never
 * says the password was right (the sign-in form asks for both at once). Without TOTP enrolled a right
 * password opens a session that can only enrol: that does tell the password was right, but such an
 * account has no second factor to protect yet, and enrolment needs the password in the first place.
 */
export async function login(ctx: AppContext, input: LoginInput, client: Client): Promise<LoginResult> {
  const now = ctx.clock.now();
  // Per address, across all accounts: the per-account lock stops guessing one password, this stops
  // one address trying a password on many accounts. Only failures stay counted, so an office behind
  // one address signing in all day is never held up.
  const ipKey = `bo-login-fail:${client.ip}`;
  await reserveFailure(ctx, ipKey, IP_FAILURE_LIMIT, IP_WINDOW_MS, 'RATE_LIMITED');
  const merchantId = await repo.findMerchantIdByCode(ctx.db, input.merchant.toLowerCase());
  const operator = merchantId
    ? await repo.findOperatorByUsername(ctx.db, merchantId, input.username.toLowerCase())
    : undefined;
  if (operator) await reserveOperatorTry(ctx, operator, now, ipKey);
  const passwordOk = operator
    ? await verifyPassword(operator.password_hash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!operator || !passwordOk || operator.status !== 'active') throw invalid();

  let verified = false;
  if (operator.totp_enabled && operator.totp_secret) {
    const step = input.totpCode
      ? matchTotp(operator.totp_secret, input.totpCode, now, lastStepOf(operator))
      : null;
    if (step === null || !(await repo.claimTotpStep(ctx.db, operator.id, step))) throw invalid();
    verified = true;
  }
  await repo.updateOperator(ctx.db, operator.id, {
    failures: 0,
    locked_until: null,
    last_login_at: now,
    last_login_ip: client.ip,
  });
  await releaseFailure(ctx, ipKey);
  const token = await openSession(ctx, operator.id, verified, client);
  return { next: verified ? 'done' : 'enroll', token };
}

/** The account's try, or BO_ACCOUNT_LOCKED (which does not count against the address). */
async function reserveOperatorTry(ctx: AppContext, operator: repo.OperatorRow, now: Date, ipKey: string) {
  const lockUntil = new Date(now.getTime() + LOCK_MINUTES * 60_000);
  if (await repo.reserveOperatorTry(ctx.db, { id: operator.id, now, lockAt: LOCK_AFTER_FAILURES, lockUntil }))
    return;
  await releaseFailure(ctx, ipKey);
  const current = await repo.findOperator(ctx.db, operator.merchant_id, operator.id);
  const until = current?.locked_until ?? lockUntil;
  throw new AppError('BO_ACCOUNT_LOCKED', {
    retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)),
  });
}

/** Wrong password, wrong or missing code, disabled operator: one answer, already counted. */
function invalid(): AppError {
  return new AppError('BO_INVALID_CREDENTIALS');
}

function lastStepOf(operator: { totp_last_step: bigint | null }): number | null {
  return operator.totp_last_step === null ? null : Number(operator.totp_last_step);
}

async function openSession(ctx: AppContext, operatorId: string, verified: boolean, client: Client) {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  await repo.insertOperatorSession(ctx.db, {
    token_hash: hashOperatorToken(token),
    operator_id: operatorId,
    totp_verified: verified,
    ip: client.ip,
    user_agent: client.userAgent,
    created_at: now,
    last_seen_at: now,
    expires_at: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
  });
  return token;
}

/** A live session, before the TOTP and permission checks of the guard. */
export interface OperatorSession {
  sessionId: string;
  operatorId: string;
  username: string;
  merchantId: string;
  merchantCode: string;
  role: repo.OperatorRow['role'];
  totpVerified: boolean;
  totpEnabled: boolean;
}

/**
 * The session behind a token: unknown, revoked, expired (absolute or idle) sessions and disabled
 * operators are all BO_UNAUTHENTICATED. Extends the idle timeout.
 */
export async function resolveSession(ctx: AppContext, token: string): Promise<OperatorSession> {
  const row = await repo.findOperatorSession(ctx.db, hashOperatorToken(token));
  if (!row || row.revoked_at || row.status !== 'active') throw new AppError('BO_UNAUTHENTICATED');
  const now = ctx.clock.now();
  const idle = now.getTime() - new Date(row.last_seen_at).getTime();
  if (now >= row.expires_at || idle > SESSION_IDLE_MS) {
    await repo.revokeOperatorSession(ctx.db, row.id, now);
    throw new AppError('BO_UNAUTHENTICATED');
  }
  if (idle > TOUCH_INTERVAL_MS) await repo.touchOperatorSession(ctx.db, row.id, now);
  return {
    sessionId: row.id,
    operatorId: row.operator_id,
    username: row.username,
    merchantId: row.merchant_id,
    merchantCode: row.merchant_code,
    role: row.role,
    totpVerified: row.totp_verified,
    totpEnabled: row.totp_enabled,
  };
}

export async function logout(ctx: AppContext, session: OperatorSession): Promise<void> {
  await repo.revokeOperatorSession(ctx.db, session.sessionId, ctx.clock.now());
}

export function profileOf(session: OperatorSession): OperatorProfile {
  return {
    id: session.operatorId,
    username: session.username,
    merchant: session.merchantCode,
    role: session.role,
    permissions: [...OPERATOR_PERMISSIONS[session.role]],
    totpEnabled: session.totpEnabled,
  };
}

/**
 * A new TOTP secret, stored until confirmed by enableTotp. Refused once TOTP is on: a stolen session
 * must not be able to move the second factor to another phone (an administrator resets it instead).
 */
export async function setupTotp(ctx: AppContext, session: OperatorSession) {
  if (session.totpEnabled) throw new AppError('BO_FORBIDDEN', { reason: 'totp_already_enabled' });
  const secret = newTotpSecret();
  await repo.updateOperator(ctx.db, session.operatorId, { totp_secret: secret, totp_last_step: null });
  return {
    secret,
    otpauthUrl: otpauthUrl(TOTP_ISSUER, `${session.username}@${session.merchantCode}`, secret),
  };
}

/** Confirms the secret with a first code: TOTP is on, and this session counts as verified. */
export async function enableTotp(ctx: AppContext, session: OperatorSession, code: string): Promise<void> {
  if (session.totpEnabled) throw new AppError('BO_FORBIDDEN', { reason: 'totp_already_enabled' });
  const operator = await repo.findOperator(ctx.db, session.merchantId, session.operatorId);
  if (!operator?.totp_secret) throw new AppError('BO_TOTP_INVALID');
  const step = matchTotp(operator.totp_secret, code, ctx.clock.now(), lastStepOf(operator));
  if (step === null || !(await repo.claimTotpStep(ctx.db, operator.id, step)))
    throw new AppError('BO_TOTP_INVALID');
  await repo.updateOperator(ctx.db, operator.id, { totp_enabled: true });
  await repo.markSessionVerified(ctx.db, session.sessionId);
}
