import { isoDay } from '../../lib/dates';

const DEFAULT_RANGE_DAYS = 30;

/** The default filter window: the last 30 days, as local calendar dates. */
export function defaultRange(now: Date = new Date()): { dateFrom: string; dateTo: string } {
  const from = new Date(now);
  from.setDate(from.getDate() - DEFAULT_RANGE_DAYS);
  return { dateFrom: isoDay(from), dateTo: isoDay(now) };
}
