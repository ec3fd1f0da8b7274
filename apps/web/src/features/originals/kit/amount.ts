import { applyBasisPoints } from '@sorte/money';

/** Pure rules of the bet amount field: halving, doubling and clamping whole minor units. */

export interface AmountBounds {
  minMinor: bigint;
  /** The player's balance or the merchant's max bet, whichever is lower (null: no known ceiling). */
  maxMinor: bigint | null;
}

export function clampAmount(minor: bigint, { minMinor, maxMinor }: AmountBounds): bigint {
  let value = minor < minMinor ? minMinor : minor;
  if (maxMinor !== null && value > maxMinor) value = maxMinor < minMinor ? minMinor : maxMinor;
  return value;
}

export function halfAmount(minor: bigint, bounds: AmountBounds): bigint {
  return clampAmount(minor / 2n, bounds);
}

export function doubleAmount(minor: bigint, bounds: AmountBounds): bigint {
  return clampAmount(minor * 2n, bounds);
}

/** Auto-bet's "on win/on loss: increase by %" step, rounded down to whole minor units (at least +1 for a positive %). */
export function increaseByPercent(minor: bigint, percent: number): bigint {
  if (!Number.isFinite(percent) || percent <= 0) return minor;
  // The percentage on the basis-point grid (12.5% = 1250 bp), applied rounding down (@sorte/money).
  const step = applyBasisPoints(minor, BigInt(Math.round(percent * 100)));
  return minor + (step > 0n ? step : 1n);
}
