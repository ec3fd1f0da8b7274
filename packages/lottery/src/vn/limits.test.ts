import { describe, expect, it } from 'vitest';
import type { VnTicket } from './bet-types.ts';
import { vnTicketUnits } from './bet-types.ts';
import type { VnLimits } from './limits.ts';
import {
  checkVnLimits,
  checkVnTicketStake,
  DEFAULT_VN_LIMITS,
  vnExposureKeys,
  vnExposureOverCap,
  vnSlipExposure,
} from './limits.ts';
import { DEFAULT_VN_PAYOUTS, vnTicketCostMinor } from './payout-config.ts';

const cost = (ticket: VnTicket) => ({ ticket, stakeMinor: vnTicketCostMinor(ticket, DEFAULT_VN_PAYOUTS) });

describe('VN stake limits', () => {
  it('has defaults that pass their own check', () => {
    expect(checkVnLimits(DEFAULT_VN_LIMITS)).toEqual([]);
  });

  it('refuses a zero limit, min above max, and max above the per-number cap', () => {
    const limits: VnLimits = {
      ...DEFAULT_VN_LIMITS,
      lo2: { minStakeMinor: 0n, maxStakeMinor: 10n, perNumberMaxMinor: 10n },
      de: { minStakeMinor: 11n, maxStakeMinor: 10n, perNumberMaxMinor: 10n },
      xien2: { minStakeMinor: 1n, maxStakeMinor: 11n, perNumberMaxMinor: 10n },
    };
    expect(checkVnLimits(limits)).toEqual([
      { code: 'LIMIT_NOT_POSITIVE', betType: 'lo2' },
      { code: 'LIMIT_MIN_ABOVE_MAX', betType: 'de' },
      { code: 'LIMIT_MAX_ABOVE_PER_NUMBER', betType: 'xien2' },
    ]);
  });

  it('checks a ticket’s cost against its min and max, both inclusive', () => {
    const limits = {
      ...DEFAULT_VN_LIMITS,
      de: { minStakeMinor: 1_000n, maxStakeMinor: 5_000n, perNumberMaxMinor: 9_000n },
    };
    expect(checkVnTicketStake('de', 1_000n, limits)).toBeNull();
    expect(checkVnTicketStake('de', 5_000n, limits)).toBeNull();
    expect(checkVnTicketStake('de', 999n, limits)).toEqual({
      code: 'STAKE_BELOW_MIN',
      betType: 'de',
      stakeMinor: 999n,
      minStakeMinor: 1_000n,
    });
    expect(checkVnTicketStake('de', 5_001n, limits)).toMatchObject({
      code: 'STAKE_ABOVE_MAX',
      maxStakeMinor: 5_000n,
    });
  });

  it('counts xiên on each combination, in ascending order, and the others on each number', () => {
    expect(
      vnExposureKeys({ betType: 'xien2', region: 'north', numbers: ['34', '12', '56'], points: 1 }),
    ).toEqual(['12-34', '34-56', '12-56']);
    expect(vnExposureKeys({ betType: 'lo2', region: 'north', numbers: ['34', '12'], points: 1 })).toEqual([
      '34',
      '12',
    ]);
  });

  it('splits a ticket’s stake evenly over its keys (each key holds the same units) and sums a slip', () => {
    const dan: VnTicket = { betType: 'de', region: 'north', numbers: ['01', '02', '03'], points: 2 };
    const bao: VnTicket = {
      betType: 'baoLo2',
      region: 'north',
      numbers: ['02', '07'],
      stakePerSlotMinor: 1_000n,
    };
    const xien: VnTicket = {
      betType: 'xien3',
      region: 'north',
      numbers: ['10', '20', '30', '40'],
      points: 1,
    };
    const more: VnTicket = { betType: 'de', region: 'north', numbers: ['02'], points: 5 };
    // 27 slots per number: each bao lô number carries 27,000 of the 54,000.
    expect(vnTicketUnits(bao)).toBe(54);
    const exposure = vnSlipExposure([cost(xien), cost(bao), cost(dan), cost(more)]);
    expect(exposure).toEqual([
      { betType: 'de', key: '01', stakeMinor: 2_000n },
      { betType: 'de', key: '02', stakeMinor: 7_000n },
      { betType: 'de', key: '03', stakeMinor: 2_000n },
      { betType: 'xien3', key: '10-20-30', stakeMinor: 1_000n },
      { betType: 'xien3', key: '10-20-40', stakeMinor: 1_000n },
      { betType: 'xien3', key: '10-30-40', stakeMinor: 1_000n },
      { betType: 'xien3', key: '20-30-40', stakeMinor: 1_000n },
      { betType: 'baoLo2', key: '02', stakeMinor: 27_000n },
      { betType: 'baoLo2', key: '07', stakeMinor: 27_000n },
    ]);
    const tight = {
      ...DEFAULT_VN_LIMITS,
      de: { minStakeMinor: 1n, maxStakeMinor: 7_000n, perNumberMaxMinor: 7_000n },
    };
    expect(vnExposureOverCap(exposure, tight)).toBeNull();
    const tighter = { ...tight, de: { ...tight.de, perNumberMaxMinor: 6_999n } };
    expect(vnExposureOverCap(exposure, tighter)).toEqual({ betType: 'de', key: '02', stakeMinor: 7_000n });
  });
});
