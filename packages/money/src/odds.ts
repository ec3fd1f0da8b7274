import { gcd } from './fraction.ts';
import { multiplierUnits } from './multiplier.ts';

/**
 * Sportsbook odds (docs/sportsbook-feed.md §1): decimal odds as an integer on a grid of thousandths,
 * ODDS_SCALE = 1000 units per 1× (1850 is 1.85, 10000 is 10.00), from 1.001 to 1000.000. Odds are
 * the multiplier grid of multiplier.ts with 3 places; a bet pays stake × odds / 1000 (bet-settlement.ts).
 *
 * The player sees decimal odds by default, fractional and American as options. The conversions
 * below are exact bigint arithmetic: fractional odds are the reduced fraction of the profit (always
 * exact on this grid), American odds are exact when they terminate and otherwise rounded to the
 * places asked for (half away from zero), which is display only: a bet is always priced and paid
 * on the decimal odds it was accepted at.
 */

/** Decimal places of the odds grid. */
export const ODDS_PLACES = 3;
/** Units of 1× on the odds grid: 1.000 = 1000. */
export const ODDS_SCALE = 1000n;
/** The lowest and highest odds on the feed (1.001 and 1000.000). */
export const MIN_ODDS = 1001n;
export const MAX_ODDS = 1_000_000n;

/** Odds as the feed carries them (an integer number) or as bigint. */
export type Odds = bigint | number;

/** Odds checked to be an integer on the grid between MIN_ODDS and MAX_ODDS, as bigint. */
export function oddsOf(odds: Odds): bigint {
  if (typeof odds === 'number' && !Number.isSafeInteger(odds))
    throw new RangeError(`odds ${odds} off the grid`);
  const units = BigInt(odds);
  if (units < MIN_ODDS || units > MAX_ODDS) throw new RangeError(`odds ${units} outside 1001…1000000`);
  return units;
}

/** Decimal odds as typed ("1.85", 2.5) onto the grid, exactly; more than 3 places is refused. */
export function parseDecimalOdds(value: string | number): bigint {
  return oddsOf(multiplierUnits(value, ODDS_PLACES));
}

/**
 * Decimal odds as shown: two places, or three when the third is not 0 (1850 → "1.85", 1855 →
 * "1.855", 10000 → "10.00"). Exact: the grid has three places.
 */
export function formatDecimalOdds(odds: Odds): string {
  const units = oddsOf(odds);
  const fraction = (units % ODDS_SCALE).toString().padStart(3, '0');
  return `${units / ODDS_SCALE}.${fraction.endsWith('0') ? fraction.slice(0, 2) : fraction}`;
}

/** Fractional odds: the profit per unit as a reduced fraction (1850 → "17/20", 2000 → "1/1", 1001 → "1/1000"). */
export function formatFractionalOdds(odds: Odds): string {
  const profit = oddsOf(odds) - ODDS_SCALE;
  const divisor = gcd(profit, ODDS_SCALE);
  return `${profit / divisor}/${ODDS_SCALE / divisor}`;
}

/**
 * American odds: at 2.00 or more, "+" and the profit on 100 staked (2500 → "+150"); below, "−"
 * and the stake that wins 100 (1500 → "-200"). Shown with `places` decimals (default 0), rounded
 * half away from zero when not exact (1850 → −117.647… → "-118"); evens (2000) is "+100".
 */
export function formatAmericanOdds(odds: Odds, places = 0): string {
  const units = oddsOf(odds);
  const profit = units - ODDS_SCALE;
  const [num, den, sign] =
    units >= 2n * ODDS_SCALE ? [profit * 100n, ODDS_SCALE, '+'] : [100n * ODDS_SCALE, profit, '-'];
  const scale = 10n ** BigInt(places);
  const rounded = (2n * num * scale + den) / (2n * den); // half up, on the magnitude
  const whole = rounded / scale;
  const fraction = places > 0 ? `.${(rounded % scale).toString().padStart(places, '0')}` : '';
  return `${sign}${whole}${fraction}`;
}

/** The display formats a player may choose; decimal is the default. */
export type OddsFormat = 'decimal' | 'fractional' | 'american';

export function formatOdds(odds: Odds, format: OddsFormat = 'decimal'): string {
  if (format === 'fractional') return formatFractionalOdds(odds);
  if (format === 'american') return formatAmericanOdds(odds);
  return formatDecimalOdds(odds);
}
