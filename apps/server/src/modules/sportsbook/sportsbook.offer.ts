import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error.ts';
import { getMerchant } from '../system/index.ts';

/**
 * The request's merchant when it offers the sportsbook (its `sportsbook` flag), else 404
 * SPORTS_NOT_OFFERED: the web hides the sportsbook of a merchant that does not offer it, and the
 * server refuses its events and new bets the same way, so the API cannot take a bet the site would
 * never show. A member's existing bets stay readable and can still be cashed out and are settled
 * after the flag goes off: turning the offer off stops new business, not the money already staked.
 */
export function sportsbookMerchant(request: FastifyRequest) {
  const merchant = getMerchant(request);
  if (!merchant.flags.sportsbook) throw new AppError('SPORTS_NOT_OFFERED');
  return merchant;
}
