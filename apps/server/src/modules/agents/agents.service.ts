import type { AppContext } from '../../platform/context.ts';
import { findInviter } from '../members/index.ts';

/**
 * An affiliate code is valid when an active agent (types 1, 2, 41, 42) of the merchant owns it, or
 * it is one of such an agent's invitation links.
 */
export async function isAffiliateCodeValid(
  ctx: AppContext,
  merchantId: string,
  code: string,
): Promise<boolean> {
  return (await findInviter(ctx.db, merchantId, code)) !== undefined;
}
