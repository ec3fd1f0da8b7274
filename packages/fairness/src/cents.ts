/**
 * Multipliers and targets live on a grid of hundredths (1.00×, 1.01×… and dice targets 0.01…99.99),
 * as on Stake; these two helpers keep that rule in one place for dice, limbo and crash.
 */

/** Rounds a multiplier down to the hundredth, as Stake does before showing a crash point. */
export function floorToCents(value: number): number {
  return Math.floor(value * 100) / 100;
}

/** `value` in whole hundredths; refuses values with more than two decimals or outside [min, max]. */
export function hundredths(value: number, label: string, min: number, max: number): number {
  const scaled = Math.round(value * 100);
  if (!Number.isFinite(value) || Math.abs(value * 100 - scaled) > 1e-6)
    throw new RangeError(`${label} must have at most two decimals, got ${value}`);
  if (value < min || value > max) throw new RangeError(`${label} must be within ${min}…${max}, got ${value}`);
  return scaled;
}
