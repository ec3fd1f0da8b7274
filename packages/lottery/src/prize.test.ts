import { describe, expect, it } from 'vitest';
import {
  chainRebatesMinor,
  checkDownlineSeries,
  checkSeries,
  downlineRebateMinor,
  PRIZE_MODES,
  unitOdds,
  unitPayoutMinor,
} from './prize.ts';
import { settle } from './test-support.ts';

describe('prize series', () => {
  it('pays fair odds × series / 2000: a 1/10 unit at 1950 is 9.75×, at 1800 is 9×', () => {
    expect(unitOdds({ wins: 1, outOf: 10 }, 1950)).toBe(9.75);
    expect(unitPayoutMinor({ wins: 1, outOf: 10 }, 200n, 1800)).toBe(1800n);
    expect(unitPayoutMinor({ wins: 1, outOf: 10 }, 200n, 2000)).toBe(2000n);
  });
  it('floors each winning unit: 1 minor on a 45/100 unit at 1950 is 2.1666… → 2', () => {
    expect(unitPayoutMinor({ wins: 45, outOf: 100 }, 1n, 1950)).toBe(2n);
  });
  it('refuses a series above 2000 (better than fair) or not whole', () => {
    expect(() => unitPayoutMinor({ wins: 1, outOf: 10 }, 200n, 2001)).toThrow(RangeError);
    expect(() => unitPayoutMinor({ wins: 1, outOf: 10 }, 200n, 1950.5)).toThrow(RangeError);
  });
  it('a lower series pays a lower prize on the same ticket', () => {
    const draw = [3, 8, 3, 0, 7];
    expect(settle('5D_FRONT3_STRAIGHT', [[3], [8], [3]], draw, { series: 1960 }).payout).toBe(196_000n);
    expect(settle('5D_FRONT3_STRAIGHT', [[3], [8], [3]], draw, { series: 1900 }).payout).toBe(190_000n);
  });
});

describe('prize modes and the downline rule', () => {
  const mode = PRIZE_MODES.LOTT;
  it('a series must be whole and within the mode', () => {
    expect(checkSeries(mode, 1960)).toBe(null);
    expect(checkSeries(mode, 1961)).toBe('SERIES_OUT_OF_MODE');
    expect(checkSeries(mode, 1699)).toBe('SERIES_OUT_OF_MODE');
    expect(checkSeries(mode, 1900.5)).toBe('SERIES_NOT_WHOLE');
    expect(checkSeries(PRIZE_MODES.ELOTT, 1980)).toBe(null);
  });
  it('a downline may not hold a higher series than its agent', () => {
    expect(checkDownlineSeries(mode, 1950, 1930)).toBe(null);
    expect(checkDownlineSeries(mode, 1950, 1950)).toBe(null);
    expect(checkDownlineSeries(mode, 1930, 1950)).toBe('SERIES_ABOVE_AGENT');
    expect(checkDownlineSeries(mode, 1990, 1950)).toBe('SERIES_OUT_OF_MODE');
  });
  it('the agent keeps (agent − downline) / 2000 of the turnover, floored', () => {
    // 1950 − 1930 = 20 → 1% of 12,345.67 = 123.4567 → 123.45
    expect(downlineRebateMinor(1_234_567n, 1950, 1930)).toBe(12_345n);
    expect(downlineRebateMinor(1_234_567n, 1950, 1950)).toBe(0n);
  });
  it('along a chain each agent earns its own difference', () => {
    // top 1960 → sub-agent 1940 → member 1900, turnover 100.00
    expect(chainRebatesMinor([1960, 1940, 1900], 10_000n)).toEqual([100n, 200n]);
  });
});
