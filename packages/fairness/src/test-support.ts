/**
 * Test-only helpers (never exported from index.ts): node:crypto's HMAC for the random source, and
 * (re-exported) the 99% interval for the seeded simulations every game's test runs beside its exact RTP.
 */
import { createHmac } from 'node:crypto';
import { expect } from 'vitest';
import type { HmacSha256 } from './rng.ts';

export const nodeHmac: HmacSha256 = (key, message) =>
  new Uint8Array(createHmac('sha256', key).update(message).digest());

/** The interval math lives in simulation.ts (the RTP report uses it too). */
export { simulate } from './simulation.ts';

/**
 * A game that floors its multiplier onto the 8-place grid returns 1 − edge less under one grid step
 * per floored multiplier (`steps`), and never more (float sums aside).
 */
export function expectGridRtp(rtp: number, configured: number, steps = 1): void {
  expect(rtp).toBeLessThanOrEqual(configured + 1e-12);
  expect(configured - rtp).toBeLessThan(steps * 1e-8);
}
