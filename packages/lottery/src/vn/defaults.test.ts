import { describe, expect, it } from 'vitest';
import { VN_BET_TYPES } from './bet-types.ts';
import { vnDefaultsFor } from './defaults.ts';
import { checkVnLimits, DEFAULT_VN_LIMITS } from './limits.ts';
import { checkVnPayoutConfig, DEFAULT_VN_PAYOUTS, vnExpectedReturn } from './payout-config.ts';
import { VN_REGIONS } from './regions.ts';

describe('defaults in the merchant currency', () => {
  it('đồng (no minor digits) keeps the quoted figures', () => {
    expect(vnDefaultsFor(0)).toEqual({ payouts: DEFAULT_VN_PAYOUTS, limits: DEFAULT_VN_LIMITS });
  });

  it('a currency with centavos takes them /100: a southern lô point is R$ 1,80 and pays R$ 9,00', () => {
    const { payouts, limits } = vnDefaultsFor(2);
    expect(payouts.lo2.south).toEqual({
      kind: 'perPoint',
      pricePerPointMinor: 180n,
      payoutPerPointMinor: 900n,
    });
    expect(payouts.de.north).toEqual({
      kind: 'perPoint',
      pricePerPointMinor: 10n,
      payoutPerPointMinor: 800n,
    });
    expect(payouts.baoLo2.north).toEqual(DEFAULT_VN_PAYOUTS.baoLo2.north);
    expect(limits.de).toEqual({ minStakeMinor: 10n, maxStakeMinor: 100_000n, perNumberMaxMinor: 200_000n });
  });

  it('every bet type returns the same in every currency, and the scaled defaults pass their checks', () => {
    for (const digits of [0, 2, 3]) {
      const { payouts, limits } = vnDefaultsFor(digits);
      expect(checkVnPayoutConfig(payouts)).toEqual([]);
      expect(checkVnLimits(limits)).toEqual([]);
      for (const betType of VN_BET_TYPES)
        for (const region of VN_REGIONS)
          expect(vnExpectedReturn(betType, region, payouts)).toBeCloseTo(
            vnExpectedReturn(betType, region, DEFAULT_VN_PAYOUTS),
            12,
          );
    }
  });
});
