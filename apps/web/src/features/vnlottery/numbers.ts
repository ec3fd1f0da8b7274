/**
 * Choosing numbers: the typed list, the grid's pages and the quick pickers every Vietnamese lottery
 * site offers (a head "đầu" row, a tail "đuôi" column, evens, odds, big, small, random). Numbers are
 * digit strings of the bet type's length, because leading zeros matter ("07" is not "7").
 */

export type Digits = 2 | 3;

export interface ParsedNumbers {
  /** Valid numbers in the order typed, each once. */
  numbers: string[];
  /** Tokens that are not a number of the right length, as typed. */
  invalid: string[];
}

/** Reads a typed list separated by commas, semicolons, dots or spaces ("12, 34 56;78"). */
export function parseNumbers(text: string, digits: Digits): ParsedNumbers {
  const numbers: string[] = [];
  const invalid: string[] = [];
  const pattern = new RegExp(`^[0-9]{${digits}}$`);
  for (const token of text.split(/[\s,;.]+/)) {
    if (!token) continue;
    if (!pattern.test(token)) invalid.push(token);
    else if (!numbers.includes(token)) numbers.push(token);
  }
  return { numbers, invalid };
}

/** The list as the text box shows it. */
export function formatNumbers(numbers: readonly string[]): string {
  return numbers.join(', ');
}

export function numberOf(value: number, digits: Digits): string {
  return String(value).padStart(digits, '0');
}

/** One page of the grid: 00–99, or for three digits the hundred `page` (page 3: 300–399). */
export function gridPage(digits: Digits, page = 0): string[] {
  const base = digits === 3 ? page * 100 : 0;
  return Array.from({ length: 100 }, (_, i) => numberOf(base + i, digits));
}

/** Adds or removes one number; adding beyond `max` leaves the selection as it is. */
export function toggleNumber(selected: readonly string[], number: string, max: number): string[] {
  if (selected.includes(number)) return selected.filter((n) => n !== number);
  if (selected.length >= max) return [...selected];
  return [...selected, number];
}

export type QuickPick = 'even' | 'odd' | 'big' | 'small';

/** The numbers of a page a quick picker names (big: last two digits 50–99; small: 00–49). */
export function quickPick(page: readonly string[], pick: QuickPick): string[] {
  return page.filter((number) => {
    const lastTwo = Number(number.slice(-2));
    if (pick === 'even') return lastTwo % 2 === 0;
    if (pick === 'odd') return lastTwo % 2 === 1;
    if (pick === 'big') return lastTwo >= 50;
    return lastTwo < 50;
  });
}

/** Numbers of a page whose tens digit is `digit` (the "đầu" row). */
export function headPick(page: readonly string[], digit: number): string[] {
  return page.filter((number) => number.at(-2) === String(digit));
}

/** Numbers of a page whose last digit is `digit` (the "đuôi" column). */
export function tailPick(page: readonly string[], digit: number): string[] {
  return page.filter((number) => number.at(-1) === String(digit));
}

/** Adds a picker's numbers to a selection, in order, without duplicates, up to `max`. */
export function addAll(selected: readonly string[], picked: readonly string[], max: number): string[] {
  const next = [...selected];
  for (const number of picked) {
    if (next.length >= max) break;
    if (!next.includes(number)) next.push(number);
  }
  return next;
}

/** `count` distinct random numbers of `digits` digits, none already chosen; `random` is in [0, 1). */
export function randomNumbers(
  count: number,
  digits: Digits,
  exclude: readonly string[] = [],
  random: () => number = Math.random,
): string[] {
  const space = 10 ** digits;
  const taken = new Set(exclude);
  const picked: string[] = [];
  const want = Math.min(count, space - taken.size);
  while (picked.length < want) {
    const number = numberOf(Math.floor(random() * space), digits);
    if (taken.has(number)) continue;
    taken.add(number);
    picked.push(number);
  }
  return picked;
}
