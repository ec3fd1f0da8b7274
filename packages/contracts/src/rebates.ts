import { z } from 'zod';
import { idempotencyKey } from './cashier.ts';
import { paged, pageQuery } from './common.ts';
import { gameType } from './games.ts';

/**
 * Manual rebates (issue 17 item 5, member centre page `manualRebate`): a rate per game category in
 * basis points of valid stake (1 bp = 0.01 %), on the valid stake since the last claim, read from the
 * daily rollups. Amounts are minor units of the merchant's currency.
 */

/** The highest rate an operator may set: 10 % of valid stake. */
export const MAX_REBATE_RATE_BP = 1_000;

/** One category's line: its rate, the valid stake not yet rebated, and what a claim pays now. */
export const rebateCategory = z.object({
  category: z.string(),
  rateBp: z.number().int(),
  /** Valid stake since the last claim of this category (never below 0: a void's excess is carried). */
  validStakeMinor: z.number().int(),
  claimableMinor: z.number().int(),
});
export type RebateCategory = z.infer<typeof rebateCategory>;

export const rebateClaimLine = z.object({
  category: z.string(),
  rateBp: z.number().int(),
  validStakeMinor: z.number().int(),
  amountMinor: z.number().int(),
});
export type RebateClaimLine = z.infer<typeof rebateClaimLine>;

export const rebateClaim = z.object({
  id: z.number().int(),
  amountMinor: z.number().int(),
  currency: z.string(),
  lines: z.array(rebateClaimLine),
  createdAt: z.string(),
});
export type RebateClaim = z.infer<typeof rebateClaim>;

/** GET /wps/member/rebate. `enabled`: the merchant has some non-zero rate. */
export const rebateSummary = z.object({
  enabled: z.boolean(),
  currency: z.string(),
  minClaimMinor: z.number().int(),
  categories: z.array(rebateCategory),
  totalMinor: z.number().int(),
  lastClaims: z.array(rebateClaim),
});
export type RebateSummary = z.infer<typeof rebateSummary>;

/** POST /wps/member/rebate/claim. */
export const rebateClaimRequest = z.object({ idempotencyKey });
export type RebateClaimRequest = z.infer<typeof rebateClaimRequest>;
export const rebateClaimResponse = z.object({ claim: rebateClaim, summary: rebateSummary });

/** GET /wps/member/rebate/history. */
export const rebateHistoryQuery = pageQuery;
export const rebateHistoryPage = paged(rebateClaim);

/** GET/PUT /bo/rebates/rates (operator, merchant.config). Categories left out keep their rate. */
export const rebateRates = z.object({
  minClaimMinor: z.number().int().min(1).max(1_000_000_000),
  rates: z.array(z.object({ category: gameType, rateBp: z.number().int().min(0).max(MAX_REBATE_RATE_BP) })),
});
export type RebateRates = z.infer<typeof rebateRates>;
export const rebateRatesUpdate = z.object({
  minClaimMinor: z.number().int().min(1).max(1_000_000_000).optional(),
  rates: z
    .array(z.object({ category: gameType, rateBp: z.number().int().min(0).max(MAX_REBATE_RATE_BP) }))
    .max(20)
    .refine((list) => new Set(list.map((r) => r.category)).size === list.length, { message: 'duplicate' })
    .default([]),
});
export type RebateRatesUpdate = z.infer<typeof rebateRatesUpdate>;
