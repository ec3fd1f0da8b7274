/**
 * The "bảng lô tô" every Vietnamese results page prints beside a result: the draw's two-digit lô
 * numbers grouped by first digit (đầu), each row listing the second digits (đuôi) in ascending order,
 * one entry per occurrence. Players read it to see at a glance which lô came out and how often.
 */
import type { VnResult } from './result.ts';
import { loNumbers } from './settle.ts';

/** Row i holds the second digits of the lô numbers starting with digit i (10 rows, possibly empty). */
export function loHeadTable(result: VnResult): string[][] {
  const rows: string[][] = Array.from({ length: 10 }, () => []);
  for (const number of loNumbers(result, 2)) rows[Number(number[0])]!.push(number[1]!);
  for (const row of rows) row.sort();
  return rows;
}
