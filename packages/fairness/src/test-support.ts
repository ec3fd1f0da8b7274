/**
 * Test-only helpers (never exported from index.ts): node:crypto's HMAC for the random source, and a
 * 99% confidence check for the seeded simulations every game's test runs beside its exact RTP.
 */
import { createHmac } from 'node:crypto';
import type { HmacSha256 } from './rng.ts';

export const nodeHmac: HmacSha256 = (key, message) =>
  new Uint8Array(createHmac('sha256', key).update(message).digest());

/** z for a two-sided 99% interval. */
const Z99 = 2.5758293035489;

/** Mean return of `rounds` simulated rounds with its 99% half-width (normal approximation). */
export function simulate(
  rounds: number,
  play: (round: number) => number,
): { mean: number; halfWidth: number } {
  let sum = 0;
  let sumSquares = 0;
  for (let round = 0; round < rounds; round++) {
    const payout = play(round);
    sum += payout;
    sumSquares += payout * payout;
  }
  const mean = sum / rounds;
  const variance = (sumSquares - rounds * mean * mean) / (rounds - 1);
  return { mean, halfWidth: (Z99 * Math.sqrt(variance)) / Math.sqrt(rounds) };
}
