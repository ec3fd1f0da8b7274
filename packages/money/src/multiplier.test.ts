import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  floorToUnits,
  maxStakeForProfit,
  multiplierUnits,
  payoutMinor,
  ratioToUnits,
  rescaleUnits,
  unitsToDecimal,
  unitsToNumber,
} from './index.ts';

/** A decimal with up to 8 places as an exact fraction: digits / 10^places. */
const decimalArb = fc
  .tuple(
    fc.bigInt({ min: 0n, max: 10n ** 7n }),
    fc.integer({ min: 0, max: 8 }),
    fc.bigInt({ min: 0n, max: 10n ** 8n - 1n }),
  )
  .map(([whole, places, raw]) => {
    const fraction = (raw % 10n ** BigInt(places)).toString().padStart(places, '0');
    return {
      text: places > 0 ? `${whole}.${fraction}` : `${whole}`,
      numerator: whole * 10n ** BigInt(places) + BigInt(fraction || '0'),
      denominator: 10n ** BigInt(places),
    };
  });

describe('payoutMinor', () => {
  it('pays 100 minor at 1.15 / 1.13 / 2.01 / 4.35 exactly (floating point paid one less)', () => {
    for (const [target, paid] of [
      ['1.15', 115n],
      ['1.13', 113n],
      ['2.01', 201n],
      ['4.35', 435n],
    ] as const) {
      expect(payoutMinor(100n, multiplierUnits(target))).toBe(paid);
      expect(payoutMinor(100n, multiplierUnits(Number(target)))).toBe(paid);
      expect(payoutMinor(100n, multiplierUnits(target, 2), 2)).toBe(paid);
      // The bug this replaces, kept honest: floating point loses the cent.
      expect(BigInt(Math.floor(100 * Number(target)))).toBe(paid - 1n);
    }
  });

  it('equals floor(stake × numerator / denominator) for any stake 1…10^12 and any 8-place multiplier', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), decimalArb, (stake, m) => {
        expect(payoutMinor(stake, multiplierUnits(m.text))).toBe((stake * m.numerator) / m.denominator);
      }),
      { numRuns: 2000 },
    );
  });

  it('rounds down once, to the minor unit', () => {
    expect(payoutMinor(1n, multiplierUnits('1.99999999'))).toBe(1n);
    expect(payoutMinor(3n, multiplierUnits('0.33333334'))).toBe(1n);
    expect(payoutMinor(0n, multiplierUnits('5'))).toBe(0n);
    expect(() => payoutMinor(-1n, 1n)).toThrow(RangeError);
  });
});

describe('maxStakeForProfit', () => {
  it('is the largest stake the max-win check lets through', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 10n }), decimalArb, (maxProfit, m) => {
        const units = multiplierUnits(m.text);
        const stake = maxStakeForProfit(maxProfit, units);
        if (stake === null) return void expect(units).toBeLessThanOrEqual(100_000_000n);
        expect(payoutMinor(stake, units) - stake).toBeLessThanOrEqual(maxProfit);
        expect(payoutMinor(stake + 1n, units) - stake - 1n).toBeGreaterThan(maxProfit);
      }),
    );
  });
});

describe('multipliers on a grid', () => {
  it('reads decimals exactly and refuses more places than the grid', () => {
    expect(multiplierUnits('1.15')).toBe(115_000_000n);
    expect(multiplierUnits(1_000_000)).toBe(100_000_000_000_000n);
    expect(multiplierUnits(1e-7)).toBe(10n);
    expect(multiplierUnits('2.50', 2)).toBe(250n);
    expect(() => multiplierUnits('1.005', 2)).toThrow(RangeError);
    expect(() => multiplierUnits('-1')).toThrow(RangeError);
    expect(() => multiplierUnits(Number.NaN)).toThrow(RangeError);
    expect(() => multiplierUnits('abc')).toThrow(RangeError);
  });

  it('floors ratios and computed values onto the grid, never up', () => {
    expect(ratioToUnits(99n * 10_001n, 4_950n * 100n)).toBe(200_020_000n);
    expect(ratioToUnits(2n, 3n)).toBe(66_666_666n);
    expect(floorToUnits(2 / 3)).toBe(66_666_666n);
    expect(floorToUnits(1.15)).toBe(115_000_000n);
    expect(floorToUnits(1.15, 2)).toBe(115n);
    expect(rescaleUnits(115n, 2, 8)).toBe(115_000_000n);
    expect(rescaleUnits(115_999_999n, 8, 2)).toBe(115n);
  });

  it('writes units back as the exact decimal', () => {
    expect(unitsToDecimal(115_000_000n)).toBe('1.15000000');
    expect(unitsToDecimal(5n, 2)).toBe('0.05');
    expect(unitsToNumber(201_000_000n)).toBe(2.01);
    fc.assert(
      fc.property(decimalArb, (m) => {
        expect(multiplierUnits(unitsToDecimal(multiplierUnits(m.text)))).toBe(multiplierUnits(m.text));
      }),
    );
  });
});
