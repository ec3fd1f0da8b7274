import { describe, expect, it } from 'vitest';
import type { VnPayoutConfig } from './payout-config.ts';
import { checkVnPayoutConfig, DEFAULT_VN_PAYOUTS, vnExpectedReturn } from './payout-config.ts';

/** Small deterministic generator (mulberry32) so the simulation below is repeatable. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Share of simulated draws of `slots` two-digit numbers in which 0…group−1 all come out. */
function simulateXien(group: number, slots: number, draws: number): number {
  const random = mulberry32(20261123);
  let wins = 0;
  for (let draw = 0; draw < draws; draw++) {
    let seen = 0;
    for (let slot = 0; slot < slots; slot++) {
      const number = Math.floor(random() * 100);
      if (number < group) seen |= 1 << number;
    }
    if (seen === (1 << group) - 1) wins++;
  }
  return wins / draws;
}

describe('vnExpectedReturn at the default rates', () => {
  it('follows slots / 10^digits × payout / price for lô, 1/100 for đề, the multiplier for bao lô', () => {
    expect(vnExpectedReturn('lo2', 'north', DEFAULT_VN_PAYOUTS)).toBeCloseTo((27 / 100) * (80 / 23), 12);
    expect(vnExpectedReturn('lo2', 'south', DEFAULT_VN_PAYOUTS)).toBeCloseTo(0.9, 12);
    expect(vnExpectedReturn('lo3', 'north', DEFAULT_VN_PAYOUTS)).toBeCloseTo(0.9, 12);
    expect(vnExpectedReturn('lo3', 'central', DEFAULT_VN_PAYOUTS)).toBeCloseTo(0.9, 12);
    expect(vnExpectedReturn('de', 'south', DEFAULT_VN_PAYOUTS)).toBeCloseTo(0.8, 12);
    expect(vnExpectedReturn('baoLo2', 'north', DEFAULT_VN_PAYOUTS)).toBeCloseTo(0.75, 12);
    expect(vnExpectedReturn('baoLo3', 'south', DEFAULT_VN_PAYOUTS)).toBeCloseTo(0.65, 12);
  });

  it('xiên 2: the chance both numbers come out among 27 is 1 − 2·0.99^27 + 0.98^27', () => {
    const chance = 1 - 2 * 0.99 ** 27 + 0.98 ** 27;
    expect(vnExpectedReturn('xien2', 'north', DEFAULT_VN_PAYOUTS)).toBeCloseTo(chance * 17, 12);
  });

  it('pins the default xiên returns (North 93 / 80 / 80 %, Central and South 78 / 78 / 83 %)', () => {
    const returns = (['xien2', 'xien3', 'xien4'] as const).map((betType) =>
      (['north', 'south'] as const).map((region) => vnExpectedReturn(betType, region, DEFAULT_VN_PAYOUTS)),
    );
    const expected = [
      [0.933, 0.7832],
      [0.7994, 0.7827],
      [0.801, 0.8328],
    ];
    for (const [i, row] of returns.entries())
      for (const [j, value] of row.entries()) expect(value).toBeCloseTo(expected[i]![j]!, 3);
  });

  it('xiên chances agree with a simulation of the draws, within four standard errors', () => {
    // A million draws tell the exact chance from the independence shortcut p^k (off by 0.0016 for North xiên 2).
    const draws = 1_000_000;
    const cases = [
      { betType: 'xien2', region: 'north', group: 2, slots: 27, payout: 17 },
      { betType: 'xien3', region: 'south', group: 3, slots: 18, payout: 200 },
    ] as const;
    for (const { betType, region, group, slots, payout } of cases) {
      const chance = vnExpectedReturn(betType, region, DEFAULT_VN_PAYOUTS) / payout;
      const standardError = Math.sqrt((chance * (1 - chance)) / draws);
      expect(Math.abs(simulateXien(group, slots, draws) - chance)).toBeLessThan(4 * standardError);
    }
  });
});

describe('checkVnPayoutConfig', () => {
  it('finds nothing wrong with the defaults: every bet type returns less than it takes', () => {
    expect(checkVnPayoutConfig(DEFAULT_VN_PAYOUTS)).toEqual([]);
  });

  it('flags a payout that would make the house lose on average', () => {
    const generous: VnPayoutConfig = {
      ...DEFAULT_VN_PAYOUTS,
      lo2: {
        ...DEFAULT_VN_PAYOUTS.lo2,
        north: { kind: 'perPoint', pricePerPointMinor: 23_000n, payoutPerPointMinor: 90_000n },
      },
    };
    const issues = checkVnPayoutConfig(generous);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ code: 'CONFIG_RETURN_TOO_HIGH', betType: 'lo2', region: 'north' });
    expect(checkVnPayoutConfig(DEFAULT_VN_PAYOUTS, 0.9)).toContainEqual(
      expect.objectContaining({ betType: 'lo2', region: 'north' }),
    );
  });

  it('flags a rate of the wrong model and a zero figure', () => {
    const broken: VnPayoutConfig = {
      ...DEFAULT_VN_PAYOUTS,
      de: { ...DEFAULT_VN_PAYOUTS.de, central: { kind: 'perSlot', payoutHundredths: 7000 } },
      baoLo2: { ...DEFAULT_VN_PAYOUTS.baoLo2, south: { kind: 'perSlot', payoutHundredths: 0 } },
    };
    expect(checkVnPayoutConfig(broken)).toEqual([
      { code: 'CONFIG_WRONG_KIND', betType: 'de', region: 'central' },
      { code: 'CONFIG_NOT_POSITIVE', betType: 'baoLo2', region: 'south' },
    ]);
  });
});
