import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyRate, RATE_ONE, rateFromPercent, rateToPercent } from './index.ts';

describe('commission rates on the 1/10,000-of-a-percent grid', () => {
  it('reads a typed percent exactly and refuses a fifth decimal place', () => {
    expect(rateFromPercent('0.35')).toBe(3_500n);
    expect(rateFromPercent(12.5)).toBe(125_000n);
    expect(rateFromPercent('100')).toBe(RATE_ONE);
    expect(rateFromPercent('0.0001')).toBe(1n);
    expect(() => rateFromPercent('0.00001')).toThrow(RangeError);
    expect(rateToPercent(3_500n)).toBe('0.3500');
  });

  it('rounds amount × rate down once, towards −∞ for a negative base', () => {
    expect(applyRate(10_000n, rateFromPercent('0.35'))).toBe(35n);
    expect(applyRate(999n, rateFromPercent('10'))).toBe(99n);
    expect(applyRate(-999n, rateFromPercent('10'))).toBe(-100n);
    expect(applyRate(-1_000n, rateFromPercent('10'))).toBe(-100n);
    expect(() => applyRate(1n, -1n)).toThrow(RangeError);
  });

  it('is the floor of the exact product, for any amount and rate', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        fc.bigInt({ min: 0n, max: RATE_ONE }),
        (amount, rate) => {
          const paid = applyRate(amount, rate);
          // paid ≤ amount × rate / 10⁶ < paid + 1, i.e. paid × 10⁶ ≤ product < (paid + 1) × 10⁶.
          expect(paid * RATE_ONE <= amount * rate).toBe(true);
          expect(amount * rate < (paid + 1n) * RATE_ONE).toBe(true);
        },
      ),
    );
  });
});
