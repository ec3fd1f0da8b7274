import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addFractions,
  applyOddsMargin,
  compareFractions,
  fraction,
  MIN_ODDS,
  multiplyFractions,
} from './index.ts';

/** The market's overround Σ 1/odds, exactly. */
const overround = (odds: readonly bigint[]) => addFractions(...odds.map((o) => fraction(1000n, o)));

describe('an operator margin on decimal odds (proportional, on the thousandths grid)', () => {
  it('worked examples', () => {
    const table: Array<[number, number, bigint]> = [
      // 1.85 at 5 %: 1850 × 10000 / 10500 = 1761.90… → 1.761
      [1850, 500, 1761n],
      // 2.00 at 5 %: 1904.76… → 1.904
      [2000, 500, 1904n],
      // 2.10 at 5 %: exactly 2.000
      [2100, 500, 2000n],
      // 3.40 at 2.5 %: 3317.07… → 3.317
      [3400, 250, 3317n],
      // 1000.00 at 50 %: 666666.66… → 666.666
      [1_000_000, 5000, 666_666n],
      // 1.05 at 5 %: exactly 1.000, off the grid → the floor 1.001
      [1050, 500, 1001n],
      // 1.001 at any margin stays 1.001
      [1001, 5000, 1001n],
      // 1 bp on 1.85: 1849.81… → 1.849 (rounded down, never up)
      [1850, 1, 1849n],
    ];
    for (const [odds, bps, offered] of table) expect(applyOddsMargin(odds, bps)).toBe(offered);
  });

  it('a margin of 0 changes nothing; bad margins and odds are refused', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1001, max: 1_000_000 }), (odds) => {
        expect(applyOddsMargin(odds, 0)).toBe(BigInt(odds));
      }),
    );
    expect(() => applyOddsMargin(1850, -1)).toThrow(RangeError);
    expect(() => applyOddsMargin(1850, 2.5)).toThrow(RangeError);
    expect(() => applyOddsMargin(1000, 500)).toThrow(RangeError);
  });

  it('never above the feed, never off the grid, below it by the margin (less under one step)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1001, max: 1_000_000 }),
        fc.integer({ min: 0, max: 5000 }),
        (odds, bps) => {
          const offered = applyOddsMargin(odds, bps);
          expect(offered).toBeLessThanOrEqual(BigInt(odds));
          expect(offered).toBeGreaterThanOrEqual(MIN_ODDS);
          // offered ≤ odds / (1 + m) < offered + 0.001, unless held at the floor
          const scaled = BigInt(odds) * 10_000n;
          if (offered > MIN_ODDS) {
            expect(offered * (10_000n + BigInt(bps))).toBeLessThanOrEqual(scaled);
            expect((offered + 1n) * (10_000n + BigInt(bps))).toBeGreaterThan(scaled);
          }
        },
      ),
    );
  });

  it('monotonic in the odds and in the margin', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1001, max: 999_999 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 0, max: 4999 }),
        (odds, step, bps) => {
          const higher = Math.min(1_000_000, odds + step);
          expect(applyOddsMargin(higher, bps)).toBeGreaterThanOrEqual(applyOddsMargin(odds, bps));
          expect(applyOddsMargin(odds, bps + 1)).toBeLessThanOrEqual(applyOddsMargin(odds, bps));
        },
      ),
    );
  });

  it("a market's overround grows by at least 1 + margin (2–30 outcomes, none at the floor)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1100, max: 1_000_000 }), { minLength: 2, maxLength: 30 }),
        fc.integer({ min: 0, max: 5000 }),
        (list, bps) => {
          const odds = list.map(BigInt);
          const offered = odds.map((o) => applyOddsMargin(o, bps));
          fc.pre(offered.every((o) => o > MIN_ODDS));
          const wanted = multiplyFractions(fraction(10_000 + bps, 10_000), overround(odds));
          expect(compareFractions(overround(offered), wanted)).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('at the floor the margin is taken only down to 1.001', () => {
    // A 1.02 / 40.0 market at 5 %: the favourite cannot lose 5 %, the outsider does.
    expect([applyOddsMargin(1020, 500), applyOddsMargin(40_000, 500)]).toEqual([1001n, 38_095n]);
  });
});
