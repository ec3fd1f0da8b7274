import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { REFERENCE_VENDOR } from './games.seed.ts';
import { createVendorSession, DEFAULT_VENDOR_CATEGORY } from './vendor-sessions.ts';

export interface VendorLaunchInput {
  merchantId: string;
  memberId: string;
  currency: string;
  vendor: string;
  gameCode: string;
  language: string;
  /** Trial (free-play) accounts: only vendors that allow free play. */
  trial: boolean;
  /** The game's catalog category, filed on each of its rounds' betting records (RNG when omitted). */
  category?: string;
}

/**
 * The URL that opens a vendor's game for one player: creates the vendor session (the token the
 * vendor exchanges through `authenticate`) and builds the vendor's launch address.
 * The catalog's launch route calls it after checking login, the game and the merchant's switches.
 */
export async function launchVendorGame(
  ctx: AppContext,
  input: VendorLaunchInput,
): Promise<{ gameUrl: string }> {
  // Every vendor we know of is seamless-wallet with real money only: a trial account has no money
  // a vendor could bet, so it is refused here rather than at its first debit.
  if (input.trial) throw new AppError('AUTH_TRIAL_ACCOUNT', { key: 'in_need_true_account' });
  const base = vendorLaunchBase(ctx, input.vendor);
  if (!base) throw new AppError('PROVIDER_UNKNOWN_VENDOR');
  const merchant = await ctx.db
    .selectFrom('merchants')
    .select('code')
    .where('id', '=', input.merchantId)
    .executeTakeFirstOrThrow();
  const token = await createVendorSession(ctx.db, {
    merchantId: input.merchantId,
    memberId: input.memberId,
    vendor: input.vendor,
    gameCode: input.gameCode,
    category: input.category ?? DEFAULT_VENDOR_CATEGORY,
    currency: input.currency,
    language: input.language,
    now: ctx.clock.now(),
  });
  const query = new URLSearchParams({
    token,
    game: input.gameCode,
    lang: input.language,
    merchant: merchant.code,
  });
  return { gameUrl: `${base}/play?${query}` };
}

/** Each vendor's launch address. Only the reference vendor is wired today; others come with contracts. */
function vendorLaunchBase(ctx: AppContext, vendor: string): string | null {
  if (vendor === REFERENCE_VENDOR) return ctx.config.referenceVendorBaseUrl;
  return null;
}
