import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error.ts';
import type { OperatorApiIdentity } from '../system/index.ts';
import { recordAudit } from './backoffice.audit.ts';
import { hasOperatorToken, requireOperator } from './backoffice.guard.ts';

/**
 * Lets a signed-in operator with merchant.config use the system module's operator API
 * (/bo/merchants/:code/...) for their own merchant only; each change also lands in the back office's
 * audit log, in the change's transaction. Requests without a bo-token fall through to the shared key.
 */
export async function authenticateMerchantConfig(
  request: FastifyRequest,
  merchantCode: string,
): Promise<OperatorApiIdentity | null> {
  if (!hasOperatorToken(request)) return null;
  const operator = await requireOperator(request, 'merchant.config');
  if (merchantCode.toLowerCase() !== operator.merchantCode)
    throw new AppError('BO_FORBIDDEN', { merchant: merchantCode });
  return {
    actor: `operator:${operator.username}`,
    audit: (trx, change) =>
      recordAudit(trx, {
        operator,
        action: `merchant.${change.action}`,
        targetType: 'merchant',
        targetId: change.target ?? change.merchantCode,
        before: change.before,
        after: change.after,
      }),
  };
}
