import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  KENO_FLOATS,
  KENO_RISKS,
  kenoDraw,
  kenoHitProbabilities,
  kenoPaytable,
  kenoRtp,
  playKeno,
} from './keno.ts';
import { floats } from './rng.ts';
import { expectGridRtp, nodeHmac, simulate } from './test-support.ts';

/** The bet's first ten floats straight from the HMAC hex: eight from round 0, two from round 1. */
function tenFloats(serverSeed: string, clientSeed: string, nonce: number): number[] {
  const hex = (round: number) =>
    createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${round}`).digest('hex');
  const all = hex(0) + hex(1);
  return Array.from({ length: 10 }, (_, i) => Number.parseInt(all.slice(8 * i, 8 * i + 8), 16) / 2 ** 32);
}

/** The published draw, written independently: float i takes the k-th square not yet drawn. */
function expectedDraw(fs: number[]): number[] {
  const taken = new Set<number>();
  return fs.map((f, i) => {
    let k = Math.floor(f * (40 - i));
    for (let square = 1; ; square++) {
      if (taken.has(square)) continue;
      if (k-- === 0) {
        taken.add(square);
        return square;
      }
    }
  });
}

describe('keno draw', () => {
  it('draws 10 distinct squares as published, for fixed seeds and nonces', () => {
    for (let nonce = 0; nonce < 20; nonce++) {
      const fs = floats(
        nodeHmac,
        { serverSeed: 'sorte-server', clientSeed: 'player-seed', nonce },
        KENO_FLOATS,
      );
      const drawn = kenoDraw(fs);
      expect(drawn).toEqual(expectedDraw(tenFloats('sorte-server', 'player-seed', nonce)));
      expect(new Set(drawn).size).toBe(10);
    }
  });
  it('counts hits and pays the paytable entry', () => {
    const fs = tenFloats('sorte-server', 'player-seed', 3);
    const drawn = expectedDraw(fs);
    const picks = [
      ...drawn.slice(0, 3),
      ...[1, 2, 3, 4, 5, 6, 7].filter((n) => !drawn.includes(n)).slice(0, 2),
    ];
    const got = playKeno(fs, { picks, risk: 'classic' });
    expect(got.hits).toBe(3);
    expect(got.payout).toBe(kenoPaytable(5, 'classic')[3]);
  });
});

describe('keno paytables', () => {
  it('uses hypergeometric hit probabilities', () => {
    for (let k = 1; k <= 10; k++)
      expect(kenoHitProbabilities(k).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(kenoHitProbabilities(10)[10]).toBeCloseTo(1 / 847_660_528, 20);
    expect(kenoHitProbabilities(1)).toEqual([0.75, 0.25]);
  });
  it('returns 1 − edge less under one grid step for every risk and pick count', () => {
    for (const houseEdge of [0.01, 0.03])
      for (const risk of KENO_RISKS)
        for (let k = 1; k <= 10; k++)
          expectGridRtp(kenoRtp({ pickCount: k, risk, houseEdge }), 1 - houseEdge);
  });
  it('pays more for more hits, nothing below the minimum, and 3.96× for a single pick', () => {
    for (const risk of KENO_RISKS) {
      const [miss, hit] = kenoPaytable(1, risk);
      expect(miss).toBe(0);
      expect(hit).toBeCloseTo(3.96, 12);
      for (let k = 2; k <= 10; k++) {
        const table = kenoPaytable(k, risk);
        expect(table[0]).toBe(0);
        for (let h = 1; h <= k; h++) expect(table[h]).toBeGreaterThanOrEqual(table[h - 1]!);
        expect(Math.max(...table)).toBeLessThanOrEqual(10_000);
      }
    }
  });
  it('agrees with a 100,000-round seeded simulation within its 99% interval', () => {
    const bet = { picks: [3, 8, 15, 22, 40], risk: 'medium' };
    const { mean, halfWidth } = simulate(
      100_000,
      (nonce) =>
        playKeno(floats(nodeHmac, { serverSeed: 'sim-keno', clientSeed: 'c', nonce }, KENO_FLOATS), bet)
          .payout,
    );
    expect(Math.abs(mean - kenoRtp({ pickCount: 5, risk: 'medium' }))).toBeLessThan(halfWidth);
  });
  it.each([
    [{ picks: [], risk: 'low' }, /1…10 picks/],
    [{ picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], risk: 'low' }, /1…10 picks/],
    [{ picks: [1, 1], risk: 'low' }, /distinct/],
    [{ picks: [41], risk: 'low' }, /squares 1…40/],
    [{ picks: [1], risk: 'wild' }, /risk/],
  ])('refuses %o', (bet, message) => {
    expect(() => playKeno(Array(10).fill(0.5), bet)).toThrow(RangeError);
    expect(() => playKeno(Array(10).fill(0.5), bet)).toThrow(message);
  });
  it('refuses fewer than ten floats', () => {
    expect(() => kenoDraw([0.1, 0.2])).toThrow(RangeError);
  });
});
