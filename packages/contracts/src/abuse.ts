import { z } from 'zod';
import { paged, pageQuery } from './common.ts';

/**
 * Abuse limits (issue 17 item 8): a claim of a once-only reward (the welcome bonus first) leaves
 * fingerprints of the person, the device, the address and the payout account; the merchant chooses,
 * per kind of claim, which of them allow only one claim. Refusals and near-matches are flagged for
 * the operators.
 */

/** The kinds of claim the limits know; a module that grants one of them asks the abuse door first. */
export const ABUSE_CLAIM_KINDS = ['welcome_bonus', 'deposit_bonus', 'activity_reward', 'raffle'] as const;
export const abuseClaimKind = z.enum(ABUSE_CLAIM_KINDS);
export type AbuseClaimKind = z.infer<typeof abuseClaimKind>;

/**
 * person: the document (CPF) number; device: the device id the site sends at every sign-in;
 * address: the registration and sign-in IPs and a points-mall delivery address; payout: the PIX
 * keys and bank accounts the member withdraws to.
 */
export const ABUSE_DIMENSIONS = ['person', 'device', 'address', 'payout'] as const;
export const abuseDimension = z.enum(ABUSE_DIMENSIONS);
export type AbuseDimension = z.infer<typeof abuseDimension>;

/** Which fingerprints allow one claim of a kind per merchant (the others are only flagged). */
export const abuseRule = z.object({
  kind: abuseClaimKind,
  person: z.boolean(),
  device: z.boolean(),
  address: z.boolean(),
  payout: z.boolean(),
});
export type AbuseRule = z.infer<typeof abuseRule>;

/** GET /bo/abuse/rules: one rule per kind (the defaults where the merchant saved none). */
export const abuseRules = z.object({ list: z.array(abuseRule) });
export type AbuseRules = z.infer<typeof abuseRules>;

/** PUT /bo/abuse/rules: the rules sent are saved whole, the others are left as they are. */
export const abuseRulesUpdate = z.object({ list: z.array(abuseRule).min(1).max(ABUSE_CLAIM_KINDS.length) });
export type AbuseRulesUpdate = z.infer<typeof abuseRulesUpdate>;

export const ABUSE_FLAG_OUTCOMES = ['refused', 'near_match'] as const;
export const abuseFlagOutcome = z.enum(ABUSE_FLAG_OUTCOMES);

/** One fingerprint the claimant shares with an earlier claimant. */
export const abuseFlagMatch = z.object({
  dimension: abuseDimension,
  /** A masked reminder of the value (the end of a CPF, an IP, the end of a PIX key). */
  hint: z.string(),
  /** Whether this fingerprint was limited to one claim when the flag was raised. */
  enforced: z.boolean(),
  memberId: z.string(),
  account: z.string(),
});
export type AbuseFlagMatch = z.infer<typeof abuseFlagMatch>;

/** GET /bo/abuse/flags: flagged claims, newest first. */
export const abuseFlag = z.object({
  id: z.number().int(),
  kind: abuseClaimKind,
  outcome: abuseFlagOutcome,
  memberId: z.string(),
  account: z.string(),
  matches: z.array(abuseFlagMatch),
  createdAt: z.string(),
});
export type AbuseFlag = z.infer<typeof abuseFlag>;

export const abuseFlagQuery = pageQuery.extend({
  outcome: abuseFlagOutcome.optional(),
  kind: abuseClaimKind.optional(),
  account: z.string().trim().min(1).max(64).optional(),
});
export type AbuseFlagQuery = z.infer<typeof abuseFlagQuery>;
export const abuseFlagPage = paged(abuseFlag);

/** The header the site sends with every request: a random id kept in the browser's storage. */
export const DEVICE_ID_HEADER = 'x-device-id';
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
