import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { floats } from './rng.ts';
import { expectGridRtp, nodeHmac, simulate } from './test-support.ts';
import {
  playWheel,
  WHEEL_FLOATS,
  WHEEL_RISKS,
  WHEEL_SEGMENTS,
  wheelRtp,
  wheelTable,
  wheelTableUnits,
} from './wheel.ts';

function firstFloat(serverSeed: string, clientSeed: string, nonce: number): number {
  const hex = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:0`).digest('hex');
  return Number.parseInt(hex.slice(0, 8), 16) / 2 ** 32;
}

describe('wheel tables (Stake game-events page)', () => {
  it("carries Stake's published multipliers", () => {
    expect(wheelTable({ segments: 10, risk: 'low' })).toEqual([1.5, 1.2, 1.2, 1.2, 0, 1.2, 1.2, 1.2, 1.2, 0]);
    expect(wheelTable({ segments: 10, risk: 'medium' })).toEqual([0, 1.9, 0, 1.5, 0, 2, 0, 1.5, 0, 3]);
    for (const segments of WHEEL_SEGMENTS) {
      const high = wheelTable({ segments, risk: 'high' });
      expect(high.filter((m) => m > 0)).toEqual([[9.9, 19.8, 29.7, 39.6, 49.5][segments / 10 - 1]]);
      expect(high[segments - 1]).toBeGreaterThan(0);
    }
    expect(wheelTable({ segments: 50, risk: 'medium' })[42]).toBe(5);
    expect(wheelTable({ segments: 30, risk: 'medium' })[24]).toBe(4);
  });
  it('returns exactly 1 − edge for every setting, averaging all segments', () => {
    for (const houseEdge of [0.01, 0.025])
      for (const segments of WHEEL_SEGMENTS)
        for (const risk of WHEEL_RISKS) {
          const table = wheelTable({ segments, risk, houseEdge });
          let sum = 0;
          for (const multiplier of table) sum += multiplier;
          // Stake's tables sum to 0.99 × segments exactly; another edge's scaled table is floored.
          expect(wheelRtp({ segments, risk, houseEdge })).toBeCloseTo(sum / segments, 12);
          if (houseEdge === 0.01) expect(Math.abs(sum / segments - 0.99)).toBeLessThan(1e-9);
          else expectGridRtp(sum / segments, 1 - houseEdge);
        }
  });
});

describe('wheel spin', () => {
  it('lands on floor(float × segments) for fixed seeds and nonces and pays that segment', () => {
    for (let nonce = 0; nonce < 20; nonce++) {
      const bet = { segments: 30, risk: 'medium' };
      const segment = Math.floor(firstFloat('sorte-server', 'player-seed', nonce) * 30);
      const got = playWheel(
        floats(nodeHmac, { serverSeed: 'sorte-server', clientSeed: 'player-seed', nonce }, WHEEL_FLOATS),
        bet,
      );
      expect(got).toEqual({
        segment,
        payout: wheelTable(bet)[segment],
        multiplierUnits: wheelTableUnits(bet)[segment],
      });
    }
  });
  it('agrees with a 200,000-round seeded simulation within its 99% interval', () => {
    const bet = { segments: 20, risk: 'medium' };
    const { mean, halfWidth } = simulate(
      200_000,
      (nonce) =>
        playWheel(floats(nodeHmac, { serverSeed: 'sim-wheel', clientSeed: 'c', nonce }, 1), bet).payout,
    );
    expect(Math.abs(mean - wheelRtp(bet))).toBeLessThan(halfWidth);
  });
  it('refuses unknown segment counts and risks', () => {
    expect(() => wheelTable({ segments: 15, risk: 'low' })).toThrow(/segments must be one of/);
    expect(() => wheelTable({ segments: 10, risk: 'extreme' })).toThrow(RangeError);
    expect(() => wheelTable({ segments: 10, risk: 'low', houseEdge: -0.1 })).toThrow(RangeError);
  });
});
