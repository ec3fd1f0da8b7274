import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  PLINKO_MAX_ROWS,
  PLINKO_MIN_ROWS,
  PLINKO_RISKS,
  PLINKO_RTP_TOLERANCE,
  plinkoOutcome,
  plinkoRtp,
  plinkoTable,
} from './plinko.ts';
import { floats } from './rng.ts';
import { nodeHmac, simulate } from './test-support.ts';

/** Stake's published 16-row tables, written out in full (not mirrored) to check the mirroring too. */
const STAKE_16 = {
  low: [16, 9, 2, 1.4, 1.4, 1.2, 1.1, 1, 0.5, 1, 1.1, 1.2, 1.4, 1.4, 2, 9, 16],
  medium: [110, 41, 10, 5, 3, 1.5, 1, 0.5, 0.3, 0.5, 1, 1.5, 3, 5, 10, 41, 110],
  high: [1000, 130, 26, 9, 4, 2, 0.2, 0.2, 0.2, 0.2, 0.2, 2, 4, 9, 26, 130, 1000],
};

/** The published recipe, step by step from the HMAC: 4 bytes per float, floor(float × 2), count rights. */
function publishedBucket(serverSeed: string, clientSeed: string, nonce: number, rows: number): number {
  let rights = 0;
  for (let row = 0; row < rows; row++) {
    const round = Math.floor(row / 8);
    const bytes = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${round}`).digest();
    const at = (row % 8) * 4;
    const float =
      bytes[at]! / 256 + bytes[at + 1]! / 256 ** 2 + bytes[at + 2]! / 256 ** 3 + bytes[at + 3]! / 256 ** 4;
    rights += Math.floor(float * 2);
  }
  return rights;
}

const C = (n: number, k: number): number => (k === 0 ? 1 : (C(n, k - 1) * (n - k + 1)) / k);

describe('plinko', () => {
  it('lands where the published recipe says, for fixed seeds and nonces', () => {
    for (let nonce = 0; nonce < 20; nonce++) {
      const seeds = { serverSeed: 'plinko-server', clientSeed: 'player-seed', nonce };
      const outcome = plinkoOutcome(floats(nodeHmac, seeds, 16), 16, 'high');
      const bucket = publishedBucket('plinko-server', 'player-seed', nonce, 16);
      expect(outcome.bucket).toBe(bucket);
      expect(outcome.multiplier).toBe(STAKE_16.high[bucket]);
      expect(outcome.path.filter((d) => d === 1)).toHaveLength(bucket);
    }
  });

  it('pins three rounds, so a change to the derivation cannot pass unnoticed', () => {
    const drop = (nonce: number) =>
      plinkoOutcome(
        floats(nodeHmac, { serverSeed: 'plinko-server', clientSeed: 'player-seed', nonce }, 16),
        16,
        'high',
      );
    expect(drop(0).path.join('')).toBe('0000011100000001');
    expect([drop(0).multiplier, drop(1).multiplier, drop(2).multiplier]).toEqual([4, 0.2, 26]);
  });

  it('reads only the first `rows` floats, left below one half', () => {
    const got = plinkoOutcome([0.49, 0.5, 0, 0.99, 0.25, 0.75, 0.1, 0.9, 0.999], 8, 'low');
    expect(got.path).toEqual([0, 1, 0, 1, 0, 1, 0, 1]);
    expect(got.bucket).toBe(4);
    expect(got.multiplier).toBe(0.5);
    expect(plinkoOutcome(Array(8).fill(0.9), 8, 'high').multiplier).toBe(29);
  });

  it("has Stake's 16-row tables and symmetric tables with rows + 1 buckets for every setting", () => {
    for (const risk of PLINKO_RISKS) {
      expect(plinkoTable(16, risk)).toEqual(STAKE_16[risk]);
      for (let rows = PLINKO_MIN_ROWS; rows <= PLINKO_MAX_ROWS; rows++) {
        const table = plinkoTable(rows, risk);
        expect(table).toHaveLength(rows + 1);
        expect(table).toEqual([...table].reverse());
      }
    }
  });

  it('returns 99% up to the tables’ one-decimal rounding, computed exactly by the binomial sum', () => {
    for (const risk of PLINKO_RISKS)
      for (let rows = PLINKO_MIN_ROWS; rows <= PLINKO_MAX_ROWS; rows++) {
        // Exact rational: multipliers in tenths are integers, so Σ C(n,k)·tenths / (10 · 2^n) is exact.
        const tenths = plinkoTable(rows, risk).reduce((s, m, k) => s + C(rows, k) * Math.round(m * 10), 0);
        expect(plinkoRtp(rows, risk)).toBeCloseTo(tenths / (10 * 2 ** rows), 12);
        // Stake's rounding leaves every table within 0.17 points of 99% (worst: 11 rows high, 99.16%).
        expect(Math.abs(plinkoRtp(rows, risk) - 0.99)).toBeLessThan(PLINKO_RTP_TOLERANCE);
      }
    expect(plinkoRtp(16, 'high')).toBeCloseTo(648652 / 655360, 12);
  });

  it('scales every multiplier by the merchant’s edge', () => {
    // 5.6 × 0.97 / 0.99 = 5.48686868…, floored onto the 8-place grid.
    expect(plinkoTable(8, 'low', 0.03)[0]).toBe(5.48686868);
    const scaled = (plinkoRtp(12, 'medium') * 0.97) / 0.99;
    expect(plinkoRtp(12, 'medium', 0.03)).toBeLessThanOrEqual(scaled + 1e-12);
    expect(scaled - plinkoRtp(12, 'medium', 0.03)).toBeLessThan(1e-8);
  });

  it('simulates within the 99% interval of the exact RTP', () => {
    const rows = 12;
    const { mean, halfWidth } = simulate(100_000, (nonce) => {
      const seeds = { serverSeed: 'simulation', clientSeed: 'plinko', nonce };
      return plinkoOutcome(floats(nodeHmac, seeds, rows), rows, 'medium').multiplier;
    });
    expect(Math.abs(mean - plinkoRtp(rows, 'medium'))).toBeLessThan(halfWidth);
  });

  it('refuses bad settings and too few floats', () => {
    expect(() => plinkoTable(7, 'low')).toThrow(/rows must be an integer from 8 to 16/);
    expect(() => plinkoTable(12.5, 'low')).toThrow(RangeError);
    expect(() => plinkoTable(12, 'extreme' as never)).toThrow(/risk must be one of/);
    expect(() => plinkoTable(12, 'low', -0.01)).toThrow(/house edge/);
    expect(() => plinkoOutcome([0.1, 0.2], 8, 'low')).toThrow(/needs 8 floats/);
  });
});
