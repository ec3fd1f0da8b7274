import { createHash, randomBytes } from 'node:crypto';
import { DEVICE_ID_HEADER, DEVICE_ID_PATTERN, TRIAL_TYPE } from '@sorte/contracts';
import { playCurrency } from '@sorte/money';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { getMerchant, type MerchantContext } from '../system/index.ts';
import { findSessionByHash, insertSession, revokeSession, touchSession } from './auth.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The composition root's context, reachable from any request through request.server. */
    authContext: AppContext;
  }
}

/** Seen-at is written at most this often, so a busy session is not one write per request. */
const TOUCH_INTERVAL_MS = 60_000;
/** Tokens are 43 characters; anything much longer is not ours and is not worth hashing. */
const MAX_TOKEN_LENGTH = 128;

export interface MemberAuth {
  memberId: string;
  merchantId: string;
  type: number;
  sessionId: string;
  /** A default or expired password (PWDEXPFORCECHANGE3) must be changed before real-money features. */
  mustChangePassword: boolean;
}

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
  /** The site's random device id (header x-device-id), kept with the session for the abuse limits. */
  deviceId?: string | null;
}

export function bindAuthContext(app: FastifyInstance, ctx: AppContext): void {
  if (!app.hasDecorator('authContext')) app.decorate('authContext', ctx);
}

export function contextOf(request: FastifyRequest): AppContext {
  return request.server.authContext;
}

export function clientOf(request: FastifyRequest): ClientInfo {
  const ua = request.headers['user-agent'];
  const device = request.headers[DEVICE_ID_HEADER];
  return {
    ip: request.ip,
    userAgent: typeof ua === 'string' ? ua.slice(0, 255) : null,
    deviceId: typeof device === 'string' && DEVICE_ID_PATTERN.test(device) ? device : null,
  };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Opens a session: the member gets a random 32-byte token; only its SHA-256 is stored. */
export async function openSession(
  ctx: AppContext,
  merchant: MerchantContext,
  memberId: string,
  client: ClientInfo,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  const hours = merchant.security.sessionAbsoluteHours || ctx.config.SESSION_ABSOLUTE_HOURS;
  await insertSession(ctx.db, {
    token_hash: hashToken(token),
    member_id: memberId,
    merchant_id: merchant.id,
    created_at: now,
    last_seen_at: now,
    expires_at: new Date(now.getTime() + hours * 3_600_000),
    ip: client.ip,
    user_agent: client.userAgent,
    device_id: client.deviceId ?? null,
  });
  return token;
}

const resolved = new WeakMap<FastifyRequest, Promise<MemberAuth>>();

/**
 * The guard for member endpoints: a live session of this merchant, from the `token` header.
 * Missing or unknown tokens are UNAUTHENTICATED; idle or absolute expiry is AUTH_SESSION_EXPIRED.
 * Resolved once per request, however many times a handler asks.
 */
export function requireMember(request: FastifyRequest): Promise<MemberAuth> {
  let found = resolved.get(request);
  if (!found) {
    found = resolveMember(request);
    resolved.set(request, found);
  }
  return found;
}

/**
 * As requireMember, and refuses trial (free play) accounts (spec §6 'in_need_true_account') and,
 * unless the caller is the password change itself, members whose password must be changed first:
 * the web's forced-change modal can be bypassed, the server's refusal cannot.
 */
export async function requireRealAccount(
  request: FastifyRequest,
  options: { allowPendingPasswordChange?: boolean } = {},
): Promise<MemberAuth> {
  const auth = await requireMember(request);
  if (auth.type === TRIAL_TYPE) throw new AppError('AUTH_TRIAL_ACCOUNT', { key: 'in_need_true_account' });
  if (auth.mustChangePassword && !options.allowPendingPasswordChange)
    throw new AppError('AUTH_PASSWORD_CHANGE_REQUIRED');
  return auth;
}

/** A member who may bet, with the currency their bets move: play money for a trial account. */
export interface Bettor extends MemberAuth {
  /** The merchant's currency, or its play-money code ('XBRL') for a trial (free play) account. */
  currency: string;
  playMoney: boolean;
}

/**
 * For the bet paths (in-house games, crash, lotteries): real members bet the merchant's currency
 * (once any forced password change is done); trial accounts bet play money (@sorte/money
 * play-money.ts), which the ledger keeps apart from real money by its currency.
 */
export async function requireBettor(request: FastifyRequest): Promise<Bettor> {
  const auth = await requireMember(request);
  const playMoney = auth.type === TRIAL_TYPE;
  if (!playMoney && auth.mustChangePassword) throw new AppError('AUTH_PASSWORD_CHANGE_REQUIRED');
  return { ...auth, ...walletCurrencyOf(auth, getMerchant(request)) };
}

/** The currency a member's wallet holds: the merchant's, or its play money for a trial account. */
export function walletCurrencyOf(
  member: Pick<MemberAuth, 'type'>,
  merchant: Pick<MerchantContext, 'currency'>,
): { currency: string; playMoney: boolean } {
  const playMoney = member.type === TRIAL_TYPE;
  return { currency: playMoney ? playCurrency(merchant.currency) : merchant.currency, playMoney };
}

export function tokenOf(request: FastifyRequest): string | undefined {
  const raw = request.headers.token;
  const token = Array.isArray(raw) ? raw[0] : raw;
  return token && token.length <= MAX_TOKEN_LENGTH ? token : undefined;
}

async function resolveMember(request: FastifyRequest): Promise<MemberAuth> {
  const token = tokenOf(request);
  if (!token) throw new AppError('UNAUTHENTICATED');
  return resolveMemberToken(contextOf(request), getMerchant(request), token);
}

/**
 * The session check behind requireMember, for callers without a request (the WebSocket's first
 * message). `touch: false` checks without extending the idle timeout, so a long-lived socket's periodic
 * re-check cannot keep an idle session alive.
 */
export async function resolveMemberToken(
  ctx: AppContext,
  merchant: MerchantContext,
  token: string,
  options: { touch?: boolean } = {},
): Promise<MemberAuth> {
  if (!token || token.length > MAX_TOKEN_LENGTH) throw new AppError('UNAUTHENTICATED');
  const session = await findSessionByHash(ctx.db, hashToken(token));
  if (!session || session.revoked_at || session.merchant_id !== merchant.id)
    throw new AppError('UNAUTHENTICATED');
  const now = ctx.clock.now();
  const idleMs = (merchant.security.sessionIdleMinutes || ctx.config.SESSION_IDLE_MINUTES) * 60_000;
  const lastSeen = new Date(session.last_seen_at).getTime();
  if (now >= new Date(session.expires_at) || now.getTime() - lastSeen > idleMs) {
    await revokeSession(ctx.db, session.id, now);
    throw new AppError('AUTH_SESSION_EXPIRED');
  }
  if (session.status !== 'active') throw new AppError('AUTH_MEMBER_DISABLED');
  if (options.touch !== false && now.getTime() - lastSeen > TOUCH_INTERVAL_MS)
    await touchSession(ctx.db, session.id, now);
  return {
    memberId: session.member_id,
    merchantId: session.merchant_id,
    type: session.type,
    sessionId: session.id,
    mustChangePassword: session.must_change_password,
  };
}
