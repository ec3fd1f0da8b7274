import type { OperatorPermission, OperatorRole } from '@sorte/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error.ts';

/** The signed-in operator a /bo/ route acts for. */
export interface OperatorPrincipal {
  operatorId: string;
  username: string;
  merchantId: string;
  merchantCode: string;
  role: OperatorRole;
  ip: string | null;
}

/**
 * Resolves the `bo-token` header to an operator whose session passed TOTP and whose role grants the
 * permission; otherwise BO_UNAUTHENTICATED / BO_TOTP_ENROLL_REQUIRED / BO_FORBIDDEN.
 * Placeholder: refuses everything until the back-office sessions land.
 */
export async function requireOperator(
  _request: FastifyRequest,
  _permission: OperatorPermission,
): Promise<OperatorPrincipal> {
  throw new AppError('BO_UNAUTHENTICATED');
}
