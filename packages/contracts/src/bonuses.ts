import { z } from 'zod';
import { idempotencyKey } from './cashier.ts';
import { BONUS_WITHDRAWAL_RULES } from './promotions.ts';
import { betCategory } from './records.ts';

/**
 * Bonuses with wagering (issue 17 item 3): the member centre's `bonusDetails` and the operator's
 * grant. Amounts are minor units of the merchant's currency; contribution rates are basis points per
 * game category (10,000 = 100 %; a category left out contributes nothing).
 */

export const BONUS_STATUSES = ['active', 'completed', 'forfeited', 'expired', 'lost'] as const;
export const bonusStatus = z.enum(BONUS_STATUSES);
export const wageringBasis = z.enum(['bonus', 'deposit_plus_bonus']);

const contributionBps = z.partialRecord(betCategory, z.number().int().min(0).max(10_000));

export const memberBonus = z.object({
  id: z.number().int(),
  source: z.enum(['deposit', 'operator']),
  status: bonusStatus,
  currency: z.string(),
  grantedMinor: z.number().int(),
  depositMinor: z.number().int(),
  basis: wageringBasis,
  times: z.number().int(),
  requirementMinor: z.number().int(),
  wageredMinor: z.number().int(),
  maxBetMinor: z.number().int(),
  contributionBps,
  convertedMinor: z.number().int(),
  forfeitedMinor: z.number().int(),
  /** Bonus money staked on bets not settled yet (it comes back with their returns). */
  openBonusMinor: z.number().int(),
  grantedAt: z.string(),
  expiresAt: z.string(),
  endedAt: z.string().nullable(),
});
export type MemberBonus = z.infer<typeof memberBonus>;

/** A bet placed under the active bonus and not settled yet (its contribution counts when it settles). */
export const openBonusBet = z.object({
  /** The betting records' category (what the bet's contribution rate keys on). */
  category: z.string(),
  stakeMinor: z.number().int(),
  /** The part of the stake paid from the bonus (the rest came from cash). */
  bonusPartMinor: z.number().int(),
  /** Counted toward the requirement once the bet settles (stake × the category's rate). */
  contributionMinor: z.number().int(),
  placedAt: z.string(),
});
export type OpenBonusBet = z.infer<typeof openBonusBet>;

/** GET /wps/member/bonuses. `enabled` false: the merchant has bonuses off and the screen is hidden. */
export const bonusDetails = z.object({
  enabled: z.boolean(),
  /** The bonus wallet's balance (0 without an active bonus). */
  balanceMinor: z.number().int(),
  active: memberBonus.nullable(),
  /** The active bonus's bets still open (crash, mines/hilo rounds, vendor rounds…), newest first, up to 20. */
  openBets: z.array(openBonusBet),
  past: z.array(memberBonus),
  /**
   * What a withdrawal does while a bonus is active (the merchant's rule): `forfeit` it (after the
   * player confirms) or be `block`ed until the requirement is met. The withdraw page says so first.
   */
  withdrawalRule: z.enum(BONUS_WITHDRAWAL_RULES),
});
export type BonusDetails = z.infer<typeof bonusDetails>;

/**
 * GET /bo/bonuses/switch: whether the merchant offers bonuses, readable with `members.adjust` (the
 * member page hides "Grant bonus" while they are off; the full settings need `merchant.config`).
 */
export const bonusSwitch = z.object({ bonusesEnabled: z.boolean() });
export type BonusSwitch = z.infer<typeof bonusSwitch>;

/** POST /bo/members/:id/bonuses — an operator's grant (audited). */
export const operatorBonusGrant = z.object({
  amountMinor: z.number().int().positive().max(1_000_000_000_000),
  basis: wageringBasis,
  times: z.number().int().min(0).max(200),
  maxBetMinor: z.number().int().positive().max(1_000_000_000_000),
  validDays: z.number().int().min(1).max(365),
  contributionBps,
  reason: z.string().trim().min(5).max(500),
  idempotencyKey,
});
export type OperatorBonusGrant = z.infer<typeof operatorBonusGrant>;

/** PUT /bo/promotions/:id/bonus-terms — what a deposit_bonus / reload promotion grants. */
export const promotionBonusTerms = z.object({
  percentBps: z.number().int().min(1).max(100_000),
  maxBonusMinor: z.number().int().positive().max(1_000_000_000_000),
  minDepositMinor: z.number().int().min(0).max(1_000_000_000_000),
  basis: wageringBasis,
  times: z.number().int().min(0).max(200),
  maxBetMinor: z.number().int().positive().max(1_000_000_000_000),
  validDays: z.number().int().min(1).max(365),
  contributionBps,
});
export type PromotionBonusTerms = z.infer<typeof promotionBonusTerms>;
