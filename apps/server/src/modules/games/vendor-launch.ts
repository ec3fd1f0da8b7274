import type { AppContext } from '../../platform/context.ts';

export interface VendorLaunchInput {
  merchantId: string;
  memberId: string;
  currency: string;
  vendor: string;
  gameCode: string;
  language: string;
  /** Trial (free-play) accounts: only vendors that allow free play. */
  trial: boolean;
}

/**
 * The URL that opens a vendor's game for one player: creates the vendor session (the token the
 * vendor exchanges through `authenticate`) and builds the vendor's launch address.
 * Owned by the seamless-wallet work; the catalog's launch route calls it.
 */
export async function launchVendorGame(_ctx: AppContext, _input: VendorLaunchInput): Promise<{ gameUrl: string }> {
  throw new Error('vendor launch: being built (seamless-wallet sessions)');
}
