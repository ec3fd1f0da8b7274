/**
 * What a merchant charges and pays for each Vietnamese bet type, per region, and the theoretical
 * return that follows. The defaults are starting values in đồng (VND has no minor digits), taken from
 * the rates Vietnamese players commonly quote; they are data to be configured per merchant, not law.
 *
 * Default rates and their return to player under uniform, independent digits:
 *   lô 2 số   North 23,000 ăn 80,000 (27 slots: 27/100·80/23 ≈ 93.9 %), Central/South 18,000 ăn 90,000 (90 %)
 *   lô 3 số   North 23,000 ăn 900,000 (23 slots: 90 %), Central/South 17,000 ăn 900,000 (17 slots: 90 %)
 *   đề        1,000 ăn 80,000 everywhere (80 %)
 *   xiên 2/3/4  North 1,000 ăn 17,000 / 65,000 / 300,000 (93 / 80 / 80 %);
 *              Central/South ăn 30,000 / 200,000 / 1,500,000 (78 / 78 / 83 %)
 *   bao lô    stake per slot, ×75 for two digits and ×650 for three ("75 – 650"), 75 % and 65 %
 * The exact figures for every type are computed by `vnExpectedReturn` and pinned by the tests.
 */
import type { VnBetType, VnTicket } from './bet-types.ts';
import { loSlotCount, VN_BET_TYPE_INFO, VN_BET_TYPES, vnTicketUnits } from './bet-types.ts';
import type { VnRegion } from './regions.ts';
import { VN_REGIONS } from './regions.ts';

/** Per point: its price, and what it pays per win (per occurrence for lô, per combination for xiên). */
export interface PointRate {
  kind: 'perPoint';
  pricePerPointMinor: bigint;
  payoutPerPointMinor: bigint;
}

/** Per slot: the stake is per slot; each matching slot pays stake × payoutHundredths / 100, floored. */
export interface SlotRate {
  kind: 'perSlot';
  /** 7500 = ×75.00; hundredths so a merchant can pay ×75.5 without floating point. */
  payoutHundredths: number;
}

export type VnRate = PointRate | SlotRate;
export type VnPayoutConfig = Readonly<Record<VnBetType, Readonly<Record<VnRegion, VnRate>>>>;

const point = (price: number, payout: number): PointRate => ({
  kind: 'perPoint',
  pricePerPointMinor: BigInt(price),
  payoutPerPointMinor: BigInt(payout),
});
const slot = (multiplier: number): SlotRate => ({ kind: 'perSlot', payoutHundredths: multiplier * 100 });
const everywhere = (rate: VnRate) => ({ north: rate, central: rate, south: rate });
const northAndOthers = (north: VnRate, others: VnRate) => ({ north, central: others, south: others });

export const DEFAULT_VN_PAYOUTS: VnPayoutConfig = {
  lo2: northAndOthers(point(23_000, 80_000), point(18_000, 90_000)),
  lo3: northAndOthers(point(23_000, 900_000), point(17_000, 900_000)),
  de: everywhere(point(1_000, 80_000)),
  xien2: northAndOthers(point(1_000, 17_000), point(1_000, 30_000)),
  xien3: northAndOthers(point(1_000, 65_000), point(1_000, 200_000)),
  xien4: northAndOthers(point(1_000, 300_000), point(1_000, 1_500_000)),
  baoLo2: everywhere(slot(75)),
  baoLo3: everywhere(slot(650)),
};

/** What one valid ticket costs, in minor units. */
export function vnTicketCostMinor(ticket: VnTicket, config: VnPayoutConfig): bigint {
  const units = BigInt(vnTicketUnits(ticket));
  if ('points' in ticket) {
    const rate = config[ticket.betType][ticket.region];
    if (rate.kind !== 'perPoint') throw new RangeError(`${ticket.betType} is priced per slot in this config`);
    return units * BigInt(ticket.points) * rate.pricePerPointMinor;
  }
  return units * ticket.stakePerSlotMinor;
}

/** P(every one of `group` chosen two-digit numbers comes out among `slots` results), by inclusion–exclusion. */
function allAppear(group: number, slots: number): number {
  let probability = 0;
  for (let j = 0; j <= group; j++) probability += (-1) ** j * choose(group, j) * (1 - j / 100) ** slots;
  return probability;
}

function choose(n: number, k: number): number {
  let result = 1;
  for (let i = 0; i < k; i++) result = (result * (n - i)) / (i + 1);
  return result;
}

/**
 * Expected payout per unit of money staked on one unit of a bet type, assuming every digit of every
 * prize is uniform and independent (which the official draws are designed to be).
 */
export function vnExpectedReturn(betType: VnBetType, region: VnRegion, config: VnPayoutConfig): number {
  const info = VN_BET_TYPE_INFO[betType];
  const rate = config[betType][region];
  const space = 10 ** info.digits;
  if (rate.kind === 'perSlot') return rate.payoutHundredths / 100 / space;
  const ratio = Number(rate.payoutPerPointMinor) / Number(rate.pricePerPointMinor);
  if (betType === 'de') return ratio / space;
  if (info.group) return allAppear(info.group, loSlotCount(region, 2)) * ratio;
  return (loSlotCount(region, info.digits) / space) * ratio;
}

export type VnConfigIssue =
  | { code: 'CONFIG_WRONG_KIND'; betType: VnBetType; region: VnRegion }
  | { code: 'CONFIG_NOT_POSITIVE'; betType: VnBetType; region: VnRegion }
  | { code: 'CONFIG_RETURN_TOO_HIGH'; betType: VnBetType; region: VnRegion; expectedReturn: number };

/**
 * Problems in a merchant's rates: a rate of the wrong model, a zero or negative figure, or a bet type
 * whose theoretical return reaches `maxReturn` (by default 1: the house would lose on average).
 */
export function checkVnPayoutConfig(config: VnPayoutConfig, maxReturn = 1): VnConfigIssue[] {
  const issues: VnConfigIssue[] = [];
  for (const betType of VN_BET_TYPES)
    for (const region of VN_REGIONS) {
      const rate = config[betType][region];
      if (rate.kind !== VN_BET_TYPE_INFO[betType].pricing)
        issues.push({ code: 'CONFIG_WRONG_KIND', betType, region });
      else if (
        rate.kind === 'perPoint'
          ? rate.pricePerPointMinor < 1n || rate.payoutPerPointMinor < 1n
          : !Number.isSafeInteger(rate.payoutHundredths) || rate.payoutHundredths < 1
      )
        issues.push({ code: 'CONFIG_NOT_POSITIVE', betType, region });
      else {
        const expectedReturn = vnExpectedReturn(betType, region, config);
        if (expectedReturn >= maxReturn)
          issues.push({ code: 'CONFIG_RETURN_TOO_HIGH', betType, region, expectedReturn });
      }
    }
  return issues;
}
