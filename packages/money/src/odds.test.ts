import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatAmericanOdds,
  formatDecimalOdds,
  formatFractionalOdds,
  formatOdds,
  oddsOf,
  parseDecimalOdds,
} from './index.ts';

describe('odds on the thousandths grid', () => {
  it('reads and checks odds exactly', () => {
    expect(parseDecimalOdds('1.85')).toBe(1850n);
    expect(parseDecimalOdds(2.5)).toBe(2500n);
    expect(parseDecimalOdds('1000')).toBe(1_000_000n);
    expect(() => parseDecimalOdds('1.8555')).toThrow(RangeError);
    expect(() => parseDecimalOdds('1.000')).toThrow(RangeError);
    expect(() => oddsOf(1_000_001)).toThrow(RangeError);
    expect(() => oddsOf(1850.5)).toThrow(RangeError);
  });

  it('shows decimal, fractional and American odds exactly', () => {
    const table: Array<[number, string, string, string]> = [
      [1850, '1.85', '17/20', '-118'],
      [1855, '1.855', '171/200', '-117'],
      [2000, '2.00', '1/1', '+100'],
      [2500, '2.50', '3/2', '+150'],
      [1500, '1.50', '1/2', '-200'],
      [1001, '1.001', '1/1000', '-100000'],
      [10_000, '10.00', '9/1', '+900'],
      [3333, '3.333', '2333/1000', '+233'],
      [1_000_000, '1000.00', '999/1', '+99900'],
    ];
    for (const [odds, decimal, fractional, american] of table) {
      expect(formatOdds(odds)).toBe(decimal);
      expect(formatOdds(odds, 'fractional')).toBe(fractional);
      expect(formatOdds(odds, 'american')).toBe(american);
    }
    expect(formatAmericanOdds(1850, 2)).toBe('-117.65');
    expect(formatAmericanOdds(3333, 1)).toBe('+233.3');
    expect(formatAmericanOdds(2005, 1)).toBe('+100.5');
  });

  it('fractional odds are the exact profit, decimal text reads back to the same odds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1001, max: 1_000_000 }), (odds) => {
        const [num, den] = formatFractionalOdds(odds).split('/').map(BigInt) as [bigint, bigint];
        expect(1000n * num).toBe((BigInt(odds) - 1000n) * den);
        expect(parseDecimalOdds(formatDecimalOdds(odds))).toBe(BigInt(odds));
      }),
    );
  });

  it('American odds are within half a display step of the exact figure', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1001, max: 1_000_000 }), (odds) => {
        const text = formatAmericanOdds(odds, 2);
        const hundredths = BigInt(text.replace(/[+.-]/g, ''));
        const profit = BigInt(odds) - 1000n;
        // exact × 100 (hundredths): +: profit × 100 / 1000 × 100; −: 100 × 1000 / profit × 100.
        const [num, den] = odds >= 2000 ? [profit * 10_000n, 1000n] : [10_000_000n, profit];
        const diff = 2n * (hundredths * den - num);
        expect(diff <= den && diff > -den).toBe(true);
        expect(text.startsWith(odds >= 2000 ? '+' : '-')).toBe(true);
      }),
    );
  });
});
