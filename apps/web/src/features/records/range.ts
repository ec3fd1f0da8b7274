import { MAX_RECORDS_RANGE_DAYS } from '@sorte/contracts';
import { isoDay } from '../../lib/dates';

/**
 * The records' date presets. Days are calendar days in the zone the server counts them in (it
 * says which in every answer), so "today" is the server's today, not the browser's.
 */
export const RANGE_PRESETS = ['today', 'yesterday', '7d', '30d', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export interface DayRange {
  dateFrom: string;
  dateTo: string;
}

const DAY_MS = 86_400_000;

/** A calendar date moved by whole days (no zone involved: dates are labels, not instants). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both counted. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

const PRESET_DAYS: Record<Exclude<RangePreset, 'custom' | 'yesterday'>, number> = {
  today: 1,
  '7d': 7,
  '30d': 30,
};

/** The days a preset covers on `now`; 'custom' starts as the last 7 days, for the player to change. */
export function presetRange(preset: RangePreset, now: Date, timeZone: string): DayRange {
  const today = isoDay(now, timeZone);
  if (preset === 'yesterday') {
    const yesterday = addDays(today, -1);
    return { dateFrom: yesterday, dateTo: yesterday };
  }
  const days = preset === 'custom' ? 7 : PRESET_DAYS[preset];
  return { dateFrom: addDays(today, -(days - 1)), dateTo: today };
}

/**
 * A custom range edited at one end, kept valid: never reversed and never longer than the server
 * accepts — the other end moves along instead of the query failing.
 */
export function customRange(current: DayRange, edit: Partial<DayRange>): DayRange {
  let { dateFrom, dateTo } = { ...current, ...edit };
  if (dateFrom > dateTo) {
    if (edit.dateFrom) dateTo = dateFrom;
    else dateFrom = dateTo;
  }
  if (daysBetween(dateFrom, dateTo) > MAX_RECORDS_RANGE_DAYS) {
    if (edit.dateFrom) dateTo = addDays(dateFrom, MAX_RECORDS_RANGE_DAYS - 1);
    else dateFrom = addDays(dateTo, -(MAX_RECORDS_RANGE_DAYS - 1));
  }
  return { dateFrom, dateTo };
}
