import { OPERATOR_PERMISSIONS, type OperatorPermission, type OperatorRole } from '@sorte/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type OperatorSession, resolveSession } from './backoffice.session.service.ts';

/** The signed-in operator a /bo/ route acts for. */
export interface OperatorPrincipal {
  operatorId: string;
  username: string;
  merchantId: string;
  merchantCode: string;
  role: OperatorRole;
  ip: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The composition root's context, for guards called from any module's routes. */
    backofficeContext: AppContext;
  }
}

/** Tokens are 43 characters; anything much longer is not ours and is not worth hashing. */
const MAX_TOKEN_LENGTH = 128;

export function bindBackofficeContext(app: FastifyInstance, ctx: AppContext): void {
  if (!app.hasDecorator('backofficeContext')) app.decorate('backofficeContext', ctx);
}

function operatorTokenOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['bo-token'];
  const token = Array.isArray(raw) ? raw[0] : raw;
  return token && token.length <= MAX_TOKEN_LENGTH ? token : undefined;
}

/** True when the request carries a back-office token at all (valid or not). */
export function hasOperatorToken(request: FastifyRequest): boolean {
  return request.headers['bo-token'] !== undefined;
}

const resolved = new WeakMap<FastifyRequest, Promise<OperatorSession>>();

/**
 * The session behind the `bo-token` header, whether or not TOTP passed — only the sign-in's own routes
 * (me, logout, TOTP enrolment) use this directly. Resolved once per request.
 */
export function requireOperatorSession(request: FastifyRequest): Promise<OperatorSession> {
  let found = resolved.get(request);
  if (!found) {
    const token = operatorTokenOf(request);
    found = token
      ? resolveSession(request.server.backofficeContext, token)
      : Promise.reject(new AppError('BO_UNAUTHENTICATED'));
    resolved.set(request, found);
  }
  return found;
}

export function grants(role: OperatorRole, permission: OperatorPermission): boolean {
  return OPERATOR_PERMISSIONS[role].includes(permission);
}

/**
 * Resolves the `bo-token` header to an operator whose session passed TOTP and whose role grants the
 * permission; otherwise BO_UNAUTHENTICATED / BO_TOTP_ENROLL_REQUIRED / BO_FORBIDDEN. The principal's
 * merchantId scopes everything the operator may see or change.
 */
export async function requireOperator(
  request: FastifyRequest,
  permission: OperatorPermission,
): Promise<OperatorPrincipal> {
  const session = await requireOperatorSession(request);
  if (!session.totpVerified) throw new AppError('BO_TOTP_ENROLL_REQUIRED');
  if (!grants(session.role, permission)) throw new AppError('BO_FORBIDDEN', { permission });
  return {
    operatorId: session.operatorId,
    username: session.username,
    merchantId: session.merchantId,
    merchantCode: session.merchantCode,
    role: session.role,
    ip: request.ip,
  };
}
