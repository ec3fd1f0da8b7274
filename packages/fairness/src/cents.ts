/**
 * The multiplier grids (see @sorte/money's multiplier.ts for the rule): crash and the targets of
 * dice, limbo and crash live on hundredths (1.00×, 1.01×… and dice targets 0.01…99.99), as on Stake;
 * every in-house game's payout multiplier on MULTIPLIER_SCALE (8) places. These helpers keep the
 * rule in one place for the games.
 */
import { floorToUnits, gridOf, MULTIPLIER_SCALE } from '@sorte/money';

/** The hundredths grid: crash points, cash-outs and the targets of limbo and crash. */
export const HUNDREDTHS_SCALE = 2;
/** 1× in units of the in-house games' grid. */
export const MULTIPLIER_ONE = gridOf(MULTIPLIER_SCALE);
/** Hundredths → units of the 8-place grid. */
export const UNITS_PER_HUNDREDTH = gridOf(MULTIPLIER_SCALE - HUNDREDTHS_SCALE);

/**
 * Rounds a multiplier down to the hundredth, as Stake does before showing a crash point. Reads the
 * number's decimal form, so 1.15 stays 1.15 (Math.floor(1.15 × 100) / 100 gives 1.14).
 */
export function floorToCents(value: number): number {
  // Infinity (limbo's float of 0) stays unbounded; NaN stays NaN, as with Math.floor.
  if (!Number.isFinite(value)) return value;
  return Number(floorToUnits(value, HUNDREDTHS_SCALE)) / 100;
}

/** `value` in whole hundredths; refuses values with more than two decimals or outside [min, max]. */
export function hundredths(value: number, label: string, min: number, max: number): number {
  const scaled = Math.round(value * 100);
  if (!Number.isFinite(value) || Math.abs(value * 100 - scaled) > 1e-6)
    throw new RangeError(`${label} must have at most two decimals, got ${value}`);
  if (value < min || value > max) throw new RangeError(`${label} must be within ${min}…${max}, got ${value}`);
  return scaled;
}

/**
 * 1 − edge in units of the 8-place grid: what every fair-odds multiplier is scaled by. House edges
 * are set in basis points, so 1 − edge is on the grid and the rounding only clears float noise.
 */
export function rtpUnits(edge: number): bigint {
  return BigInt(Math.round((1 - edge) * Number(MULTIPLIER_ONE)));
}
