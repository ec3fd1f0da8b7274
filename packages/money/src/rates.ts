import { multiplierUnits, unitsToDecimal } from './multiplier.ts';

/**
 * Commission rates (agent contracts, rebates): a rate is a whole number of units of 1/10,000 of a
 * percent, i.e. a fraction on a grid of 10⁻⁶ (1% = 10,000 units, 100% = 1,000,000). The grid is
 * fine enough for every rate an operator types ("0.35%", "12.5%") and keeps amount × rate exact in
 * bigint.
 *
 * `applyRate` is the one rounding: amount × rate, exact, then rounded DOWN (towards −∞) to the minor
 * unit, once. For a positive base the agent never gets the fraction; for a negative base (a
 * dividend over a period the team won) the share owed is the rounded-down, larger debt. The
 * remainder stays with the house either way.
 */

/** Places of the percent figure the grid keeps: 1/10,000 of a percent. */
export const RATE_PERCENT_SCALE = 4;
/** Units of a whole (100%): rates are fractions of 1 on a 10⁻⁶ grid. */
export const RATE_ONE = 1_000_000n;

/** amount × rate / 10⁶, rounded towards −∞ (floor) once. */
export function applyRate(amountMinor: bigint, rateUnits: bigint): bigint {
  if (rateUnits < 0n) throw new RangeError(`negative rate ${rateUnits}`);
  const product = amountMinor * rateUnits;
  const quotient = product / RATE_ONE;
  // bigint division truncates towards zero; a negative product with a remainder goes one further down.
  return product < 0n && quotient * RATE_ONE !== product ? quotient - 1n : quotient;
}

/** A percent as typed ("0.35", 12.5) in rate units, exactly; more than 4 decimal places is refused. */
export function rateFromPercent(percent: number | string): bigint {
  return multiplierUnits(percent, RATE_PERCENT_SCALE);
}

/** Rate units as the exact percent text ("0.3500"); for display, never computed with. */
export function rateToPercent(rateUnits: bigint): string {
  return unitsToDecimal(rateUnits, RATE_PERCENT_SCALE);
}
