/**
 * Settling a Vietnamese ticket against its draw's result. Lô and bao lô count occurrences: a number
 * printed twice among the prizes wins twice. Đề looks only at the special prize. Xiên is all or
 * nothing per combination: every number of it must come out at least once, and a combination wins
 * once however often its numbers appear.
 */
import type { VnTicket } from './bet-types.ts';
import { xienCombinations, VN_BET_TYPE_INFO } from './bet-types.ts';
import type { VnPayoutConfig } from './payout-config.ts';
import { structureOf } from './regions.ts';
import type { VnResult } from './result.ts';
import { resultSlots } from './result.ts';

/** The last `digits` digits of every prize long enough to have them (the lô results of that length). */
export function loNumbers(result: VnResult, digits: 2 | 3): string[] {
  return resultSlots(result)
    .filter((slot) => slot.number.length >= digits)
    .map((slot) => slot.number.slice(-digits));
}

/** Đề đặc biệt's winning number: the special prize's last two digits. */
export function deNumber(result: VnResult): string {
  return result.prizes.db![0]!.slice(-2);
}

export interface VnSettlement {
  /** How often each chosen number came out where this bet type looks (lô results, or the special prize). */
  hits: { number: string; count: number }[];
  /** Occurrences (lô, bao lô), winning numbers (đề) or winning combinations (xiên). */
  winCount: number;
  payoutMinor: bigint;
}

function countHits(ticket: VnTicket, result: VnResult): VnSettlement['hits'] {
  const info = VN_BET_TYPE_INFO[ticket.betType];
  const drawn = ticket.betType === 'de' ? [deNumber(result)] : loNumbers(result, info.digits);
  return ticket.numbers.map((number) => ({ number, count: drawn.filter((d) => d === number).length }));
}

/** Settles a valid ticket; the result must be of the ticket's region's structure. */
export function settleVnTicket(ticket: VnTicket, result: VnResult, config: VnPayoutConfig): VnSettlement {
  if (result.structure !== structureOf(ticket.region))
    throw new RangeError(`a ${ticket.region} ticket cannot settle on a ${result.structure} result`);
  const info = VN_BET_TYPE_INFO[ticket.betType];
  const hits = countHits(ticket, result);
  const rate = config[ticket.betType][ticket.region];
  let winCount: number;
  if (info.group) {
    const out = new Set(hits.filter((hit) => hit.count > 0).map((hit) => hit.number));
    winCount = xienCombinations(ticket.numbers, info.group).filter((combo) =>
      combo.every((n) => out.has(n)),
    ).length;
  } else {
    winCount = hits.reduce((sum, hit) => sum + hit.count, 0);
  }
  if ('points' in ticket) {
    if (rate.kind !== 'perPoint') throw new RangeError(`${ticket.betType} is priced per slot in this config`);
    return {
      hits,
      winCount,
      payoutMinor: BigInt(winCount) * BigInt(ticket.points) * rate.payoutPerPointMinor,
    };
  }
  if (rate.kind !== 'perSlot') throw new RangeError(`${ticket.betType} is priced per point in this config`);
  // Floored once over all winning slots, so a fractional multiplier loses at most one minor unit per ticket.
  const payoutMinor = (ticket.stakePerSlotMinor * BigInt(rate.payoutHundredths) * BigInt(winCount)) / 100n;
  return { hits, winCount, payoutMinor };
}
