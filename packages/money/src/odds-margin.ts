import { MIN_ODDS, type Odds, oddsOf } from './odds.ts';

/**
 * An operator's margin on the feed's odds (the sportsbook's margins per sport): the merchant offers
 * the feed's decimal odds shortened by a margin in basis points (500 = 5 %), by the proportional
 * method — every outcome's odds divided by the same 1 + margin, so each implied probability 1/odds
 * grows by the same factor and the market's overround by at least that factor:
 *
 *   offered = ⌊odds × 10000 / (10000 + bps)⌋ on the thousandths grid, never below MIN_ODDS (1.001).
 *
 * Rounded DOWN, so the offered price never gives the player more than the exact division (the
 * house keeps under one grid step, 0.001, per outcome) and never exceeds the feed's price. At the
 * grid's floor the margin cannot be taken whole: an outcome at 1.001–1.05 stays at 1.001 rather
 * than fall off the grid (such a price is almost a certainty; the floor costs the house at most
 * what the feed's own price already gave away). Integer arithmetic only.
 */

const BPS = 10_000n;

/** The offered odds for the feed's `odds` under a margin of `marginBps` (0 leaves them as they are). */
export function applyOddsMargin(odds: Odds, marginBps: bigint | number): bigint {
  const units = oddsOf(odds);
  if (typeof marginBps === 'number' && !Number.isSafeInteger(marginBps))
    throw new RangeError(`margin ${marginBps} bps is not an integer`);
  const margin = BigInt(marginBps);
  if (margin < 0n) throw new RangeError(`margin ${margin} bps is negative`);
  if (margin === 0n) return units;
  const offered = (units * BPS) / (BPS + margin);
  return offered < MIN_ODDS ? MIN_ODDS : offered;
}
