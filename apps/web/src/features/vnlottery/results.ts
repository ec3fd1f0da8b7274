/**
 * The results board: a draw's prizes in the order results sites print them, which printed numbers a
 * ticket's numbers matched, and the province/day choices offered by the latest results list.
 */
import type { VnBetTypeCode } from '@sorte/contracts';
import { PRIZE_TABLES, VN_BET_TYPE_INFO, type VnPrize, type VnStructure } from '@sorte/lottery';
import type { VnDrawView } from './api';

export interface BoardRow {
  prize: VnPrize;
  numbers: string[];
}

/** Prize rows as printed: the North from the special prize down, the Central and South from G8 up. */
export function boardRows(result: { structure: VnStructure; prizes: Record<string, string[]> }): BoardRow[] {
  return PRIZE_TABLES[result.structure].map(({ prize }) => ({ prize, numbers: result.prizes[prize] ?? [] }));
}

/** The label every results table prints: ĐB for the special prize, G1…G8 for the others. */
export function prizeLabel(prize: VnPrize): string {
  return prize === 'db' ? 'ĐB' : prize.toUpperCase();
}

/**
 * Whether a printed number is one of a ticket's wins: đề reads the special prize's last two digits,
 * every other type the last two or three digits of any prize long enough to have them.
 */
export function matchesTicket(
  ticket: { betType: VnBetTypeCode; numbers: readonly string[] },
  prize: VnPrize,
  printed: string,
): boolean {
  const digits = VN_BET_TYPE_INFO[ticket.betType].digits;
  if (ticket.betType === 'de' && prize !== 'db') return false;
  if (printed.length < digits) return false;
  return ticket.numbers.includes(printed.slice(-digits));
}

export interface ResultProvince {
  code: string;
  name: string;
  region: VnDrawView['region'];
}

/** The provinces of a results list, in the order of their newest result. */
export function resultProvinces(draws: readonly VnDrawView[]): ResultProvince[] {
  const seen = new Map<string, ResultProvince>();
  for (const draw of draws)
    if (!seen.has(draw.province))
      seen.set(draw.province, { code: draw.province, name: draw.provinceName, region: draw.region });
  return [...seen.values()];
}

/** A province's draws in the list that have a result, newest first. */
export function drawsOfProvince(draws: readonly VnDrawView[], province: string): VnDrawView[] {
  return draws.filter((draw) => draw.province === province && draw.result);
}
