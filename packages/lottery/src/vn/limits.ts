/**
 * Per-merchant stake limits of the Vietnamese bet types, in minor units of what the player pays (a
 * ticket's cost, `vnTicketCostMinor`), so one rule fits per-point and per-slot pricing alike:
 * - a ticket costs at least `minStakeMinor` and at most `maxStakeMinor`;
 * - all tickets of the merchant on one draw together stake at most `perNumberMaxMinor` on one number
 *   (one combination for xiên): the operator's liability cap on that number.
 *
 * How a ticket's stake counts against its numbers. The stricter reading is "the whole ticket stake
 * counts for each number it names", unless the bet type splits it per number. Every Vietnamese type
 * does split it: a ticket is a set of units priced and paid independently (bet-types.ts,
 * `vnTicketUnits`): one per number for lô and đề, one per combination for xiên, `slots` per number
 * for bao lô, all at the same points (or stake per slot). A number's win pays from its own units
 * only, so the money at risk on number 23 is the stake of 23's units and nothing else. The ticket's
 * stake therefore splits evenly over its exposure keys (numbers, or xiên combinations): a "dàn đề"
 * of 100 numbers at 1 point counts 1 point on each number, not 100. Counting the whole stake on
 * every number would refuse such tickets while guarding against no real liability.
 *
 * The defaults are in đồng, like DEFAULT_VN_PAYOUTS: data for a merchant to change, not law.
 */
import type { VnBetType, VnTicket } from './bet-types.ts';
import { VN_BET_TYPE_INFO, VN_BET_TYPES, xienCombinations } from './bet-types.ts';

export interface VnBetLimit {
  minStakeMinor: bigint;
  maxStakeMinor: bigint;
  /** Every player's stake on one number (or xiên combination) of one draw, summed. */
  perNumberMaxMinor: bigint;
}
export type VnLimits = Readonly<Record<VnBetType, VnBetLimit>>;

const limit = (min: number, max: number, perNumber: number): VnBetLimit => ({
  minStakeMinor: BigInt(min),
  maxStakeMinor: BigInt(max),
  perNumberMaxMinor: BigInt(perNumber),
});

/**
 * 1,000 ₫ is the cheapest default point (đề, xiên). The caps shrink as the payout per unit staked
 * grows, so that no number's worst case is far above the others': lô 2 pays ~4× per hit, đề 80×,
 * xiên 4 up to 1,500×.
 */
export const DEFAULT_VN_LIMITS: VnLimits = {
  lo2: limit(1_000, 50_000_000, 100_000_000),
  lo3: limit(1_000, 20_000_000, 20_000_000),
  de: limit(1_000, 10_000_000, 20_000_000),
  xien2: limit(1_000, 10_000_000, 20_000_000),
  xien3: limit(1_000, 5_000_000, 5_000_000),
  xien4: limit(1_000, 2_000_000, 2_000_000),
  baoLo2: limit(1_000, 50_000_000, 100_000_000),
  baoLo3: limit(1_000, 20_000_000, 20_000_000),
};

export type VnLimitsIssue =
  | { code: 'LIMIT_NOT_POSITIVE'; betType: VnBetType }
  | { code: 'LIMIT_MIN_ABOVE_MAX'; betType: VnBetType }
  | { code: 'LIMIT_MAX_ABOVE_PER_NUMBER'; betType: VnBetType };

/** Problems in a merchant's limits: each must be a positive amount, with min ≤ max ≤ per number. */
export function checkVnLimits(limits: VnLimits): VnLimitsIssue[] {
  const issues: VnLimitsIssue[] = [];
  for (const betType of VN_BET_TYPES) {
    const { minStakeMinor, maxStakeMinor, perNumberMaxMinor } = limits[betType];
    if (minStakeMinor < 1n || maxStakeMinor < 1n || perNumberMaxMinor < 1n)
      issues.push({ code: 'LIMIT_NOT_POSITIVE', betType });
    else if (minStakeMinor > maxStakeMinor) issues.push({ code: 'LIMIT_MIN_ABOVE_MAX', betType });
    else if (maxStakeMinor > perNumberMaxMinor) issues.push({ code: 'LIMIT_MAX_ABOVE_PER_NUMBER', betType });
  }
  return issues;
}

export type VnStakeIssue =
  | { code: 'STAKE_BELOW_MIN'; betType: VnBetType; stakeMinor: bigint; minStakeMinor: bigint }
  | { code: 'STAKE_ABOVE_MAX'; betType: VnBetType; stakeMinor: bigint; maxStakeMinor: bigint };

/** Whether one ticket's stake (its cost) is within its bet type's per-ticket limits. */
export function checkVnTicketStake(
  betType: VnBetType,
  stakeMinor: bigint,
  limits: VnLimits,
): VnStakeIssue | null {
  const { minStakeMinor, maxStakeMinor } = limits[betType];
  if (stakeMinor < minStakeMinor) return { code: 'STAKE_BELOW_MIN', betType, stakeMinor, minStakeMinor };
  if (stakeMinor > maxStakeMinor) return { code: 'STAKE_ABOVE_MAX', betType, stakeMinor, maxStakeMinor };
  return null;
}

/**
 * What a valid ticket's liability is counted on: its numbers, or for xiên each combination as its
 * numbers in ascending order joined by "-" ("12-34"), so the same pair named in another order, by
 * another ticket, is the same key.
 */
export function vnExposureKeys(ticket: VnTicket): string[] {
  const group = VN_BET_TYPE_INFO[ticket.betType].group;
  if (!group) return [...ticket.numbers];
  return xienCombinations(ticket.numbers, group).map((combination) => [...combination].sort().join('-'));
}

export interface VnExposure {
  betType: VnBetType;
  key: string;
  stakeMinor: bigint;
}

/**
 * What a slip adds to each key of the draw: every ticket's stake split evenly over its keys (see
 * the top of this file; the split is exact, every key holding the same units), summed per bet type
 * and key, sorted by bet type and key. The order matters to the server: taking rows in one order
 * keeps two slips from deadlocking on each other.
 */
export function vnSlipExposure(tickets: readonly { ticket: VnTicket; stakeMinor: bigint }[]): VnExposure[] {
  const sums = new Map<string, VnExposure>();
  for (const { ticket, stakeMinor } of tickets) {
    const keys = vnExposureKeys(ticket);
    const each = stakeMinor / BigInt(keys.length);
    for (const key of keys) {
      const at = `${ticket.betType}\u0000${key}`;
      const found = sums.get(at);
      if (found) found.stakeMinor += each;
      else sums.set(at, { betType: ticket.betType, key, stakeMinor: each });
    }
  }
  const order = (e: VnExposure) => VN_BET_TYPES.indexOf(e.betType);
  return [...sums.values()].sort(
    (a, b) => order(a) - order(b) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
}

/** The first key a slip alone would take over its cap, before anyone else's stake is counted. */
export function vnExposureOverCap(exposure: readonly VnExposure[], limits: VnLimits): VnExposure | null {
  return exposure.find((e) => e.stakeMinor > limits[e.betType].perNumberMaxMinor) ?? null;
}
