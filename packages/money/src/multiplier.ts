/**
 * Multipliers (what a bet pays per unit staked), and the rates and odds built the same way, are
 * decimals on a stated grid: a whole number of UNITS of 10^-scale, held as bigint, never a float.
 *
 * The grids:
 * - in-house games (dice, limbo, wheel, plinko, keno, mines, hilo, the slot): MULTIPLIER_SCALE = 8
 *   places, 1× = 100,000,000 units (original_rounds.multiplier is numeric(18, 8), so the stored
 *   figure is the exact one paid);
 * - crash: 2 places, hundredths (the crash point and every cash-out are on it; CRASH_SCALE in
 *   @sorte/fairness).
 * A game whose exact multiplier is not on its grid (dice's 99 / chance, mines' and hilo's odds, keno's
 * designed tables) rounds the MULTIPLIER down onto the grid first: the house never rounds up.
 *
 * The payout is stake × multiplier computed exactly in bigint and rounded ONCE, down to the minor
 * unit (`payoutMinor`): 100 minor at 1.15× pays 115, where Math.floor(100 × 1.15) pays 114.
 */

/** Places of the in-house games' multiplier grid. */
export const MULTIPLIER_SCALE = 8;

/** 10^scale: the units of 1× on a grid of `scale` places. */
export function gridOf(scale: number = MULTIPLIER_SCALE): bigint {
  if (!Number.isInteger(scale) || scale < 0 || scale > 18) throw new RangeError(`grid scale ${scale}`);
  return 10n ** BigInt(scale);
}

/** stake × multiplier, exact, rounded down to the minor unit (the remainder is never paid out). */
export function payoutMinor(
  stakeMinor: bigint,
  multiplierUnits: bigint,
  scale: number = MULTIPLIER_SCALE,
): bigint {
  if (stakeMinor < 0n || multiplierUnits < 0n)
    throw new RangeError(`payout of a negative stake or multiplier: ${stakeMinor} × ${multiplierUnits}`);
  return (stakeMinor * multiplierUnits) / gridOf(scale);
}

/** The exact ratio numerator / denominator on the grid, rounded down (a multiplier from fair odds). */
export function ratioToUnits(
  numerator: bigint,
  denominator: bigint,
  scale: number = MULTIPLIER_SCALE,
): bigint {
  if (numerator < 0n || denominator <= 0n) throw new RangeError(`ratio ${numerator} / ${denominator}`);
  return (numerator * gridOf(scale)) / denominator;
}

/** Units of one grid moved onto another, rounded down (hundredths → 8 places is exact). */
export function rescaleUnits(units: bigint, fromScale: number, toScale: number): bigint {
  return toScale >= fromScale ? units * gridOf(toScale - fromScale) : units / gridOf(fromScale - toScale);
}

/** The decimal digits a number stands for (its shortest round-trip form), exponent spelled out. */
function decimalOf(value: number | string): { whole: string; fraction: string } {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = /^(\d+)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(text);
  if (typeof value === 'number' && !Number.isFinite(value))
    throw new RangeError(`not a multiplier: ${value}`);
  if (!match) throw new RangeError(`not a non-negative decimal: ${text}`);
  const digits = match[1]! + (match[2] ?? '');
  const point = match[1]!.length + Number(match[3] ?? 0);
  if (point <= 0) return { whole: '0', fraction: '0'.repeat(-point) + digits };
  if (point >= digits.length) return { whole: digits + '0'.repeat(point - digits.length), fraction: '' };
  return { whole: digits.slice(0, point), fraction: digits.slice(point) };
}

function unitsFrom(whole: string, fraction: string, scale: number): bigint {
  return BigInt(whole) * gridOf(scale) + BigInt(fraction.slice(0, scale).padEnd(scale, '0') || '0');
}

/**
 * A multiplier written as a decimal ("1.15", 1.15, 2.01) in units of the grid, exactly; a value with
 * more places than the grid has is refused, never rounded (a player's target, a stored figure).
 */
export function multiplierUnits(value: number | string, scale: number = MULTIPLIER_SCALE): bigint {
  const { whole, fraction } = decimalOf(value);
  if (fraction.replace(/0+$/, '').length > scale)
    throw new RangeError(`${value} has more than ${scale} decimal places`);
  return unitsFrom(whole, fraction, scale);
}

/**
 * A computed multiplier that has no exact decimal (keno's designed tables) floored onto the grid. It
 * reads the number's shortest decimal form, so an on-grid value is kept as written (1.15 stays
 * 1.15, where Math.floor(1.15 × 100) would give 1.14).
 */
export function floorToUnits(value: number, scale: number = MULTIPLIER_SCALE): bigint {
  const { whole, fraction } = decimalOf(value);
  return unitsFrom(whole, fraction, scale);
}

/** The multiplier as a number, for display and statistics only: never for money. */
export function unitsToNumber(units: bigint, scale: number = MULTIPLIER_SCALE): number {
  return Number(unitsToDecimal(units, scale));
}

/** The multiplier as its exact decimal text with every place of the grid ("1.15000000"). */
export function unitsToDecimal(units: bigint, scale: number = MULTIPLIER_SCALE): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const grid = gridOf(scale);
  const fraction = scale > 0 ? `.${(abs % grid).toString().padStart(scale, '0')}` : '';
  return `${negative ? '-' : ''}${abs / grid}${fraction}`;
}

/**
 * The largest stake whose win at this multiplier stays within `maxProfitMinor` of profit: the
 * inverse of the max-win check payoutMinor(stake, units) − stake ≤ max profit. Null when the
 * multiplier pays no profit at all (any stake passes).
 */
export function maxStakeForProfit(
  maxProfitMinor: bigint,
  multiplierUnits: bigint,
  scale: number = MULTIPLIER_SCALE,
): bigint | null {
  const grid = gridOf(scale);
  const profitUnits = multiplierUnits - grid;
  if (profitUnits <= 0n) return null;
  // floor(stake × profit / grid) ≤ max ⟺ stake × profit < (max + 1) × grid.
  return ((maxProfitMinor + 1n) * grid - 1n) / profitUnits;
}
