/**
 * Raffles (lucky draws and prize wheels of the reward centre): one float picks a prize segment by
 * weight. The float u = k / 2³² (rng.ts) is mapped to the ticket t = floor(u × W) of W = Σ weights;
 * the segment is the first whose running weight passes t. With W ≤ MAX_RAFFLE_WEIGHT the product is
 * exact in a double (32 + 20 bits < 53), so the browser's verifier finds the same segment; each
 * segment's probability differs from weight / W by under 2⁻³² (the float's grid).
 */
import { type Fraction, fraction } from '@sorte/money';

export const RAFFLE_FLOATS = 1;
/** The largest total weight: keeps floor(u × W) exact (see above). */
export const MAX_RAFFLE_WEIGHT = 1_000_000;

export interface RafflePrize {
  /** Relative chance, a positive integer. */
  weight: number;
  /** The cash prize in minor units; 0 is a "try again" segment. */
  prizeMinor: number;
}

export function checkRaffleSegments(segments: readonly RafflePrize[]): void {
  if (segments.length < 2) throw new RangeError('a raffle needs at least two segments');
  let total = 0;
  for (const s of segments) {
    if (!Number.isSafeInteger(s.weight) || s.weight < 1) throw new RangeError(`weight ${s.weight}`);
    if (!Number.isSafeInteger(s.prizeMinor) || s.prizeMinor < 0)
      throw new RangeError(`prize ${s.prizeMinor}`);
    total += s.weight;
  }
  if (total > MAX_RAFFLE_WEIGHT) throw new RangeError(`total weight ${total}`);
}

/** The segment index the float lands on. */
export function raffleSegment(float: number, segments: readonly RafflePrize[]): number {
  checkRaffleSegments(segments);
  const total = segments.reduce((sum, s) => sum + s.weight, 0);
  const ticket = Math.floor(float * total);
  let passed = 0;
  for (let i = 0; i < segments.length; i++) {
    passed += segments[i]!.weight;
    if (ticket < passed) return i;
  }
  return segments.length - 1;
}

/**
 * The exact expected prize of one spin in minor units, Σ weight × prize / Σ weight, found by
 * enumerating every ticket's segment (the weights are the distribution; no sampling).
 */
export function raffleExpectedPrize(segments: readonly RafflePrize[]): Fraction {
  checkRaffleSegments(segments);
  let total = 0n;
  let paid = 0n;
  for (const s of segments) {
    total += BigInt(s.weight);
    paid += BigInt(s.weight) * BigInt(s.prizeMinor);
  }
  return fraction(paid, total);
}
