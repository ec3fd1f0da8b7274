/**
 * A Vietnamese draw result and its validation. VN results are drawn outside the platform (by the state
 * lottery companies), so they reach us typed in by an operator or imported from a feed; every number is
 * a digit string because leading zeros matter ("07" wins lô 07, the number 7 would not say which).
 * Validation reports every problem at once with a reason code, so the entry screen can mark each field.
 */
import type { VnStructure } from './regions.ts';

export const VN_PRIZES = ['db', 'g1', 'g2', 'g3', 'g4', 'g5', 'g6', 'g7', 'g8'] as const;
/** db is the special prize (giải đặc biệt), g1…g8 the first to eighth prizes. */
export type VnPrize = (typeof VN_PRIZES)[number];

export interface PrizeShape {
  prize: VnPrize;
  count: number;
  digits: number;
}

/** Prize tables in the order results are printed: the North from the special prize down, the others up to it. */
export const PRIZE_TABLES: Readonly<Record<VnStructure, readonly PrizeShape[]>> = {
  north: [
    { prize: 'db', count: 1, digits: 5 },
    { prize: 'g1', count: 1, digits: 5 },
    { prize: 'g2', count: 2, digits: 5 },
    { prize: 'g3', count: 6, digits: 5 },
    { prize: 'g4', count: 4, digits: 4 },
    { prize: 'g5', count: 6, digits: 4 },
    { prize: 'g6', count: 3, digits: 3 },
    { prize: 'g7', count: 4, digits: 2 },
  ],
  southCentral: [
    { prize: 'g8', count: 1, digits: 2 },
    { prize: 'g7', count: 1, digits: 3 },
    { prize: 'g6', count: 3, digits: 4 },
    { prize: 'g5', count: 1, digits: 4 },
    { prize: 'g4', count: 7, digits: 5 },
    { prize: 'g3', count: 2, digits: 5 },
    { prize: 'g2', count: 1, digits: 5 },
    { prize: 'g1', count: 1, digits: 5 },
    { prize: 'db', count: 1, digits: 6 },
  ],
};

export interface VnResult {
  structure: VnStructure;
  /** Every prize of the structure's table, each with exactly its count of digit strings. */
  prizes: Readonly<Partial<Record<VnPrize, readonly string[]>>>;
}

/** One printed number of a result: the unit lô and bao lô count against. */
export interface ResultSlot {
  prize: VnPrize;
  index: number;
  number: string;
}

/** All numbers of a result in printed order (27 in the North, 18 in the Central and South). */
export function resultSlots(result: VnResult): ResultSlot[] {
  return PRIZE_TABLES[result.structure].flatMap(({ prize }) =>
    (result.prizes[prize] ?? []).map((number, index) => ({ prize, index, number })),
  );
}

export function slotCount(structure: VnStructure): number {
  return PRIZE_TABLES[structure].reduce((sum, shape) => sum + shape.count, 0);
}

export type VnResultIssue =
  | { code: 'RESULT_NOT_AN_OBJECT' }
  | { code: 'RESULT_UNKNOWN_PRIZE'; prize: string }
  | { code: 'RESULT_MISSING_PRIZE'; prize: VnPrize }
  | { code: 'RESULT_WRONG_COUNT'; prize: VnPrize; expected: number; actual: number }
  | { code: 'RESULT_NOT_DIGITS'; prize: VnPrize; index: number }
  | { code: 'RESULT_WRONG_LENGTH'; prize: VnPrize; index: number; expected: number; actual: number };

export type VnResultCheck = { ok: true; result: VnResult } | { ok: false; issues: VnResultIssue[] };

function checkNumbers(shape: PrizeShape, value: unknown, issues: VnResultIssue[]): void {
  const { prize, count, digits } = shape;
  if (!Array.isArray(value)) {
    issues.push({ code: 'RESULT_WRONG_COUNT', prize, expected: count, actual: 0 });
    return;
  }
  if (value.length !== count)
    issues.push({ code: 'RESULT_WRONG_COUNT', prize, expected: count, actual: value.length });
  value.forEach((number: unknown, index) => {
    if (typeof number !== 'string' || !/^[0-9]+$/.test(number))
      issues.push({ code: 'RESULT_NOT_DIGITS', prize, index });
    else if (number.length !== digits)
      issues.push({ code: 'RESULT_WRONG_LENGTH', prize, index, expected: digits, actual: number.length });
  });
}

/**
 * Checks an entered or imported result (`{ prizes: { db: ['12345'], … } }`) against a structure's
 * prize table: every prize present, none unknown or foreign to the structure, the right count of
 * numbers, each all digits and of the prize's length. Numbers are taken as they are (no trimming):
 * the entry screen trims, an import that sends spaces is broken and should be refused.
 */
export function validateVnResult(structure: VnStructure, input: unknown): VnResultCheck {
  const prizes = (input as { prizes?: unknown } | null)?.prizes;
  if (typeof prizes !== 'object' || prizes === null || Array.isArray(prizes))
    return { ok: false, issues: [{ code: 'RESULT_NOT_AN_OBJECT' }] };
  const table = PRIZE_TABLES[structure];
  const issues: VnResultIssue[] = [];
  for (const key of Object.keys(prizes))
    if (!table.some((shape) => shape.prize === key))
      issues.push({ code: 'RESULT_UNKNOWN_PRIZE', prize: key });
  for (const shape of table) {
    const value = (prizes as Record<string, unknown>)[shape.prize];
    if (value === undefined) issues.push({ code: 'RESULT_MISSING_PRIZE', prize: shape.prize });
    else checkNumbers(shape, value, issues);
  }
  if (issues.length > 0) return { ok: false, issues };
  const copy = Object.fromEntries(
    table.map(({ prize }) => [prize, [...(prizes as Record<string, string[]>)[prize]!]]),
  );
  return { ok: true, result: { structure, prizes: copy } };
}

/**
 * The slots where two valid results of one structure disagree: a second operator's entry, or an
 * import, is compared with the first before a draw is settled, and any difference blocks approval.
 */
export function resultDifferences(a: VnResult, b: VnResult): ResultSlot[] {
  if (a.structure !== b.structure) throw new RangeError('cannot compare results of different structures');
  const other = resultSlots(b);
  return resultSlots(a).filter((slot, i) => other[i]?.number !== slot.number);
}
