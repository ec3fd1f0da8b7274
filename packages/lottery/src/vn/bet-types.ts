/**
 * The Vietnamese bet types, a ticket's selection rules, its units and its cost.
 *
 * Two pricing models, both as Vietnamese players know them:
 * - per point ("điểm"): lô, đề and xiên. The player buys points; one point of each unit costs the
 *   merchant's price per point and pays its payout per point for each win ("lô 23 ăn 80": a point of
 *   North lô costs 23,000 đ and pays 80,000 đ each time the number comes out).
 * - per slot: bao lô. The player names a stake per prize slot; the ticket covers every slot the
 *   number can match (27 or 18 for two digits, 23 or 17 for three), so it costs stake × slots and pays
 *   stake × the merchant's multiplier for each matching slot.
 * Prices and payouts are merchant data (payout-config.ts), never constants of these rules.
 */
import type { VnRegion } from './regions.ts';
import { structureOf, VN_REGIONS } from './regions.ts';
import { PRIZE_TABLES } from './result.ts';

export const VN_BET_TYPES = ['lo2', 'lo3', 'de', 'xien2', 'xien3', 'xien4', 'baoLo2', 'baoLo3'] as const;
export type VnBetType = (typeof VN_BET_TYPES)[number];

export interface VnBetTypeInfo {
  betType: VnBetType;
  name: string;
  /** Length of each chosen number. */
  digits: 2 | 3;
  pricing: 'perPoint' | 'perSlot';
  /** Xiên only: how many numbers make one combination that must all come out. */
  group?: 2 | 3 | 4;
  minNumbers: number;
  /** Bounds the work of one ticket (xiên 4 of 10 numbers is 210 combinations). */
  maxNumbers: number;
}

const xien = (group: 2 | 3 | 4): VnBetTypeInfo => ({
  betType: `xien${group}`,
  name: `Xiên ${group}`,
  digits: 2,
  pricing: 'perPoint',
  group,
  minNumbers: group,
  maxNumbers: 10,
});

export const VN_BET_TYPE_INFO: Readonly<Record<VnBetType, VnBetTypeInfo>> = {
  lo2: { betType: 'lo2', name: 'Lô 2 số', digits: 2, pricing: 'perPoint', minNumbers: 1, maxNumbers: 100 },
  lo3: { betType: 'lo3', name: 'Lô 3 số', digits: 3, pricing: 'perPoint', minNumbers: 1, maxNumbers: 100 },
  // Đề đặc biệt: the last two digits of the special prize. A "dàn đề" of many numbers is common, so up to all 100.
  de: { betType: 'de', name: 'Đề đặc biệt', digits: 2, pricing: 'perPoint', minNumbers: 1, maxNumbers: 100 },
  xien2: xien(2),
  xien3: xien(3),
  xien4: xien(4),
  baoLo2: {
    betType: 'baoLo2',
    name: 'Bao lô 2 số',
    digits: 2,
    pricing: 'perSlot',
    minNumbers: 1,
    maxNumbers: 10,
  },
  baoLo3: {
    betType: 'baoLo3',
    name: 'Bao lô 3 số',
    digits: 3,
    pricing: 'perSlot',
    minNumbers: 1,
    maxNumbers: 10,
  },
};

/** Sanity bound on points per unit; merchant stake limits are applied by the server on top. */
export const MAX_POINTS = 1_000_000;

export interface VnPointTicket {
  betType: Exclude<VnBetType, 'baoLo2' | 'baoLo3'>;
  region: VnRegion;
  numbers: readonly string[];
  /** Points bought on every unit of the ticket. */
  points: number;
}

export interface VnSlotTicket {
  betType: 'baoLo2' | 'baoLo3';
  region: VnRegion;
  numbers: readonly string[];
  stakePerSlotMinor: bigint;
}

export type VnTicket = VnPointTicket | VnSlotTicket;

/**
 * The prize slots a number of `digits` digits is compared with: the last digits of every prize that
 * has at least that many. Two digits: all 27 (North) or 18 (Central, South). Three digits: 23 in the
 * North (its four G7 numbers have only two digits) and 17 elsewhere (G8 has two).
 */
export function loSlotCount(region: VnRegion, digits: 2 | 3): number {
  return PRIZE_TABLES[structureOf(region)]
    .filter((shape) => shape.digits >= digits)
    .reduce((sum, shape) => sum + shape.count, 0);
}

export type VnBetIssue =
  | { code: 'BET_UNKNOWN_TYPE' }
  | { code: 'BET_UNKNOWN_REGION' }
  | { code: 'BET_NUMBER_FORMAT'; number: string; digits: number }
  | { code: 'BET_DUPLICATE_NUMBER'; number: string }
  | { code: 'BET_NUMBER_COUNT'; min: number; max: number; actual: number }
  | { code: 'BET_BAD_POINTS'; max: number }
  | { code: 'BET_BAD_STAKE' };

/** The first rule a ticket breaks, or null when it may be sold. */
export function checkVnTicket(ticket: VnTicket): VnBetIssue | null {
  // hasOwn, not a lookup: "constructor" or "toString" must not pass for a bet type.
  if (!Object.hasOwn(VN_BET_TYPE_INFO, ticket.betType)) return { code: 'BET_UNKNOWN_TYPE' };
  if (!VN_REGIONS.includes(ticket.region)) return { code: 'BET_UNKNOWN_REGION' };
  const info = VN_BET_TYPE_INFO[ticket.betType];
  const numbers: readonly string[] = Array.isArray(ticket.numbers) ? ticket.numbers : [];
  if (numbers.length < info.minNumbers || numbers.length > info.maxNumbers)
    return { code: 'BET_NUMBER_COUNT', min: info.minNumbers, max: info.maxNumbers, actual: numbers.length };
  const digitsPattern = new RegExp(`^[0-9]{${info.digits}}$`);
  const seen = new Set<string>();
  for (const number of numbers) {
    if (typeof number !== 'string' || !digitsPattern.test(number))
      return { code: 'BET_NUMBER_FORMAT', number: String(number), digits: info.digits };
    if (seen.has(number)) return { code: 'BET_DUPLICATE_NUMBER', number };
    seen.add(number);
  }
  if ('points' in ticket) {
    if (info.pricing !== 'perPoint') return { code: 'BET_BAD_STAKE' };
    if (!Number.isSafeInteger(ticket.points) || ticket.points < 1 || ticket.points > MAX_POINTS)
      return { code: 'BET_BAD_POINTS', max: MAX_POINTS };
  } else if (
    info.pricing !== 'perSlot' ||
    typeof ticket.stakePerSlotMinor !== 'bigint' ||
    ticket.stakePerSlotMinor < 1n
  )
    return { code: 'BET_BAD_STAKE' };
  return null;
}

/** The ticket's numbers taken `size` at a time, in the order chosen (xiên: each one is a unit). */
export function xienCombinations(numbers: readonly string[], size: number): string[][] {
  if (size === 0) return [[]];
  return numbers.flatMap((first, i) =>
    xienCombinations(numbers.slice(i + 1), size - 1).map((rest) => [first, ...rest]),
  );
}

/**
 * How many separately priced units a valid ticket holds: one per number for lô and đề, one per
 * combination for xiên, one per number and slot for bao lô (which is what its stake is per).
 */
export function vnTicketUnits(ticket: VnTicket): number {
  const info = VN_BET_TYPE_INFO[ticket.betType];
  const n = ticket.numbers.length;
  if (info.group) return xienCombinations(ticket.numbers, info.group).length;
  if (info.pricing === 'perSlot') return n * loSlotCount(ticket.region, info.digits);
  return n;
}
