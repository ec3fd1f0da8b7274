import { z } from 'zod';
import { minorUnits } from './wallet.ts';

/**
 * The seamless-wallet API that game vendors call (`/providers/:vendor/:merchant/wallet/...`). Every call is
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
  /**
   * The launch token of the player's session. Optional; when sent, the bet is refused once that
   * session has expired (PROVIDER_TOKEN_EXPIRED) or if it is not this player's (PROVIDER_TOKEN_INVALID).
   */
  token: z.string().min(16).max(200).optional(),
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

const playerId = z.uuid();
const roundId = z.string().min(1).max(100);
const txnId = z.string().min(1).max(100);
const currency = z.string().regex(/^[A-Z]{3,5}$/);

/** POST /providers/:vendor/:merchant/wallet/authenticate — exchanges the launch token for the player. */
export const providerAuthenticateRequest = z.object({ token: z.string().min(16).max(200) });
export const providerAuthenticateAnswer = z.object({
  playerId: z.string(),
  nickname: z.string(),
  currency: z.string(),
  balanceMinor: minorUnits,
  gameCode: z.string(),
  language: z.string(),
  /** When the session stops accepting authenticate (wins, rollbacks and round ends are still accepted). */
  expiresAt: z.string(),
});
export type ProviderAuthenticateRequest = z.infer<typeof providerAuthenticateRequest>;
export type ProviderAuthenticateAnswer = z.infer<typeof providerAuthenticateAnswer>;

/** POST /providers/:vendor/:merchant/wallet/balance */
export const providerBalanceRequest = z.object({ playerId, currency });
export const providerBalanceAnswer = z.object({ balanceMinor: minorUnits, currency: z.string() });
export type ProviderBalanceRequest = z.infer<typeof providerBalanceRequest>;
export type ProviderBalanceAnswer = z.infer<typeof providerBalanceAnswer>;

/** POST /providers/:vendor/:merchant/wallet/credit — a win (0 for a lost round). Idempotent by `txnId`. */
export const providerCreditRequest = z.object({
  playerId,
  roundId,
  txnId,
  amountMinor: z.number().int().min(0).max(1_000_000_000_000),
  currency,
});
export const providerCreditAnswer = z.object({
  txnId: z.string(),
  creditId: z.string(),
  balanceMinor: minorUnits,
  currency: z.string(),
});
export type ProviderCreditRequest = z.infer<typeof providerCreditRequest>;
export type ProviderCreditAnswer = z.infer<typeof providerCreditAnswer>;

/**
 * POST /providers/:vendor/:merchant/wallet/rollback — undoes the debit whose txn id is `txnId`.
 * Idempotent by that txn id; a debit never seen is recorded as rolled back and refused if it comes.
 */
export const providerRollbackRequest = z.object({ playerId, roundId, txnId, currency });
export const providerRollbackAnswer = z.object({
  txnId: z.string(),
  /** The stake given back; 0 when the debit was never seen. */
  refundedMinor: minorUnits,
  balanceMinor: minorUnits,
  currency: z.string(),
});
export type ProviderRollbackRequest = z.infer<typeof providerRollbackRequest>;
export type ProviderRollbackAnswer = z.infer<typeof providerRollbackAnswer>;

/** POST /providers/:vendor/:merchant/wallet/end-round — closes the round; later debits and credits refused. */
export const providerEndRoundRequest = z.object({ playerId, roundId, currency });
export const providerEndRoundAnswer = z.object({
  roundId: z.string(),
  status: z.literal('ended'),
  stakeMinor: minorUnits,
  payoutMinor: minorUnits,
  balanceMinor: minorUnits,
  currency: z.string(),
});
export type ProviderEndRoundRequest = z.infer<typeof providerEndRoundRequest>;
export type ProviderEndRoundAnswer = z.infer<typeof providerEndRoundAnswer>;

/**
 * GET /wps/game/rounds/recall?ref=<vendor>:<roundId> — the player's own vendor round, for recall (the
 * betting records' recall path for a vendor round; the vendor code has no ':').
 */
export const vendorRoundQuery = z.object({
  ref: z.string().regex(/^[a-z0-9_-]{1,32}:.{1,100}$/),
});
export const vendorRoundRecall = z.object({
  vendor: z.string(),
  roundId: z.string(),
  gameCode: z.string(),
  category: z.string(),
  currency: z.string(),
  status: z.enum(['open', 'ended']),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  stakeMinor: minorUnits,
  payoutMinor: minorUnits,
  /** Every money call of the round in order: debits (rolled back or not), credits, rollbacks. */
  moves: z.array(
    z.object({
      kind: z.enum(['debit', 'credit', 'rollback']),
      txnId: z.string(),
      amountMinor: minorUnits,
      rolledBack: z.boolean(),
      balanceAfterMinor: minorUnits,
      at: z.string(),
    }),
  ),
});
export type VendorRoundQuery = z.infer<typeof vendorRoundQuery>;
export type VendorRoundRecall = z.infer<typeof vendorRoundRecall>;
