import { quarterLineResult } from '@sorte/money';
import type { OutcomeResult } from './contract.ts';

/**
 * Asian lines (handicaps and totals in steps of 0.25). `x` is the side's score after the line is
 * applied (home goals − away goals + handicap; total − line for over; line − total for under).
 * Multiples of 0.25 are exact in binary floating point, so x × 4 is the exact whole number of
 * quarters that `quarterLineResult` (@sorte/money, shared with the sportsbook's own settlement
 * rules) settles: a multiple of 0.5 wins, loses or pushes; a quarter line is two half stakes.
 */
export function lineResult(x: number): OutcomeResult {
  const quarters = x * 4;
  if (!Number.isSafeInteger(quarters)) throw new RangeError(`not a quarter line: ${x}`);
  return quarterLineResult(quarters);
}

/** What a unit stake wins (beyond the returned share) and gets back, by result: for the fair price. */
const WON: Record<OutcomeResult, number> = { win: 1, half_win: 0.5, void: 0, half_lose: 0, lose: 0 };
const REFUNDED: Record<OutcomeResult, number> = { win: 0, half_win: 0.5, void: 1, half_lose: 0.5, lose: 0 };

/**
 * The fair "probability" of each side of a two-way line: 1 / the odds at which a bet returns its
 * stake on average. With W the chance-weighted share won at the odds and R the share refunded,
 * fair odds o satisfy o·W + R = 1, so 1/o = W / (1 − R); R is the same for both sides, whose W add
 * to 1 − R, so the two values sum to exactly 1 and the margin applies as to any partition.
 */
export function twoWayLine(
  distribution: Iterable<[value: number, probability: number]>,
  sides: Array<(value: number) => number>,
): number[] {
  const won = sides.map(() => 0);
  let refunded = 0;
  for (const [value, probability] of distribution) {
    sides.forEach((side, i) => {
      const result = lineResult(side(value));
      won[i]! += probability * WON[result];
      if (i === 0) refunded += probability * REFUNDED[result];
    });
  }
  return won.map((w) => (refunded >= 1 ? 0 : w / (1 - refunded)));
}

/** The line of `candidates` whose first side is nearest to even money. */
export function mainLine(candidates: number[], priceOf: (line: number) => number): number {
  let best = candidates[0]!;
  for (const line of candidates)
    if (Math.abs(priceOf(line) - 0.5) < Math.abs(priceOf(best) - 0.5)) best = line;
  return best;
}

/** Quarter lines from `from` to `to`. */
export function quarterLines(from: number, to: number): number[] {
  const out: number[] = [];
  for (let q = Math.round(from * 4); q <= Math.round(to * 4); q++) out.push(q / 4);
  return out;
}
