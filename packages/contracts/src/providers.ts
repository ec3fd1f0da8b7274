import { z } from 'zod';
import { minorUnits } from './wallet.ts';

/**
 * The seamless-wallet API that game vendors call (`/providers/:vendor/wallet/...`). Every call is
 * signed: `x-timestamp` (milliseconds since the epoch), `x-nonce` (unique per call) and
 * `x-signature` = hex HMAC-SHA256(vendor secret, `${timestamp}.${nonce}.${raw body}`). Calls older
 * or newer than PROVIDER_CLOCK_SKEW_MS and repeated nonces are refused. docs/providers.md has the rest.
 */
export const PROVIDER_CLOCK_SKEW_MS = 60_000;

/** POST /providers/:vendor/wallet/debit — a bet. Idempotent by the vendor's `txnId`. */
export const providerDebitRequest = z.object({
  /** Our member id, as given to the vendor at game launch. */
  playerId: z.uuid(),
  roundId: z.string().min(1).max(100),
  txnId: z.string().min(1).max(100),
  gameCode: z.string().max(64).optional(),
  amountMinor: z.number().int().min(1).max(1_000_000_000_000),
  currency: z.string().regex(/^[A-Z]{3,5}$/),
});
export type ProviderDebitRequest = z.infer<typeof providerDebitRequest>;

export const providerDebitAnswer = z.object({
  txnId: z.string(),
  betId: z.string(),
  /** The player's spendable balance right after this bet. */
  balanceMinor: minorUnits,
  currency: z.string(),
});
export type ProviderDebitAnswer = z.infer<typeof providerDebitAnswer>;
