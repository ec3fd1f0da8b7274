import type { AppContext } from '../../platform/context.ts';
import { findAgentByAffiliateCode } from '../members/index.ts';

/** An affiliate code is valid when an active agent (types 1, 2, 41, 42) of the merchant owns it. */
export async function isAffiliateCodeValid(
  ctx: AppContext,
  merchantId: string,
  code: string,
): Promise<boolean> {
  return (await findAgentByAffiliateCode(ctx.db, merchantId, code)) !== undefined;
}
