import type { VnBetLimit, VnLimits } from './limits.ts';
import { DEFAULT_VN_LIMITS } from './limits.ts';
import type { VnPayoutConfig, VnRate } from './payout-config.ts';
import { DEFAULT_VN_PAYOUTS } from './payout-config.ts';

/**
 * The starting prices, payouts and limits of a merchant in its own currency. The defaults are quoted
 * in đồng, which has no minor digits; a currency with minor digits takes the same figures divided by
 * 10^digits, so a lô point of 18,000 ₫ is 180 centavos (R$ 1,80) and its 90,000 ₫ win is R$ 9,00.
 * Prices and payouts shrink together, so every bet type's return to player is the same in every
 * currency; every default divides exactly (checked by the tests), so nothing is rounded.
 */
export function vnDefaultsFor(minorDigits: number): { payouts: VnPayoutConfig; limits: VnLimits } {
  const divisor = 10n ** BigInt(minorDigits);
  const scale = (minor: bigint): bigint => {
    if (minor % divisor !== 0n) throw new RangeError(`${minor} does not divide by ${divisor}`);
    return minor / divisor;
  };
  const rate = (r: VnRate): VnRate =>
    r.kind === 'perPoint'
      ? {
          kind: 'perPoint',
          pricePerPointMinor: scale(r.pricePerPointMinor),
          payoutPerPointMinor: scale(r.payoutPerPointMinor),
        }
      : r;
  const limit = (l: VnBetLimit): VnBetLimit => ({
    minStakeMinor: scale(l.minStakeMinor),
    maxStakeMinor: scale(l.maxStakeMinor),
    perNumberMaxMinor: scale(l.perNumberMaxMinor),
  });
  const mapValues = <T, U>(record: Readonly<Record<string, T>>, f: (value: T) => U) =>
    Object.fromEntries(Object.entries(record).map(([key, value]) => [key, f(value)]));
  return {
    payouts: mapValues(DEFAULT_VN_PAYOUTS, (byRegion) =>
      mapValues(byRegion, rate),
    ) as unknown as VnPayoutConfig,
    limits: mapValues(DEFAULT_VN_LIMITS, limit) as unknown as VnLimits,
  };
}
