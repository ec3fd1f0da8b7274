import { displayCurrency } from '@sorte/money';
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
  /**
   * Trial (free-play) account: the game opens in the vendor's demo mode (no wallet session, the
   * vendor's own play balance). The launch service lets a trial through only to a vendor whose
   * catalog row declares free play; a vendor here without a demo address is refused.
   */
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
  const base = vendorLaunchBase(ctx, input.vendor);
  if (!base) throw new AppError('PROVIDER_UNKNOWN_VENDOR');
  if (input.trial) return { gameUrl: demoUrl(ctx, input, base) };
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

/**
 * A trial account's launch: the vendor's demo mode, which bets the vendor's own play balance and
 * never calls the wallet, so no vendor session (and no token a debit could use) is made. Play money
 * never reaches a vendor: the demo's balance is the vendor's, shown in the merchant's currency.
 */
function demoUrl(_ctx: AppContext, input: VendorLaunchInput, base: string): string {
  if (!vendorHasDemo(input.vendor)) throw new AppError('AUTH_TRIAL_ACCOUNT', { key: 'in_need_true_account' });
  const query = new URLSearchParams({
    demo: '1',
    game: input.gameCode,
    lang: input.language,
    currency: displayCurrency(input.currency),
  });
  return `${base}/play?${query}`;
}

/** Vendors whose launch has a demo mode (the reference vendor's `/play?demo=1`). */
function vendorHasDemo(vendor: string): boolean {
  return vendor === REFERENCE_VENDOR;
}

/** Each vendor's launch address. Only the reference vendor is wired today; others come with contracts. */
function vendorLaunchBase(ctx: AppContext, vendor: string): string | null {
  if (vendor === REFERENCE_VENDOR) return ctx.config.referenceVendorBaseUrl;
  return null;
}
