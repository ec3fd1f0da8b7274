import {
  type BetCategory,
  type BetRecord,
  type BetRecordsQuery,
  type BetRecordsResponse,
  type BetTotals,
  type LanguageCode,
  MAX_RECORDS_RANGE_DAYS,
  type PersonalProfitQuery,
  type PersonalProfitResponse,
  type RecordsFilter,
} from '@sorte/contracts';
import type { Db } from '../../platform/database/database.ts';
import { AppError, fieldErrors } from '../../platform/http/app-error.ts';
import { offsetOf, pageOf } from '../../platform/http/paging.ts';
import { recallOf } from './records.recall.ts';
import * as repo from './records.repository.ts';
import { ROLLUPS_TIME_ZONE } from './records.rollups.ts';

/**
 * The zone the records' calendar days are counted in. Merchants carry no time zone yet, so every
 * merchant's days are UTC days; when they do, the merchant's zone goes here and nothing else changes
 * (the repository counts days in whatever zone it is given).
 */
export const RECORDS_TIME_ZONE = 'UTC';

const DAY_MS = 86_400_000;

export interface RecordsCaller {
  memberId: string;
  merchantId: string;
  timeZone: string;
  /** A trial account (play money): never in the rollups, so its P&L is counted from its rounds. */
  playMoney?: boolean;
}

/** Today's calendar date in a zone ('YYYY-MM-DD'). */
export function localDate(at: Date, timeZone: string): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** Whole days from one calendar date to another (dates are compared as UTC midnights, zone-free). */
function dayNumber(field: string, date: string): number {
  const at = Date.parse(`${date}T00:00:00.000Z`);
  // '2026-02-30' passes the format check but is not a day; it does not round-trip.
  if (Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== date)
    throw fieldErrors([{ field, key: 'invalid_date', params: {} }]);
  return at / DAY_MS;
}

function dateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The days a query covers: defaults to the last MAX_RECORDS_RANGE_DAYS days up to today (in the
 * caller's zone); refuses a range that ends before it starts or covers more days than that.
 */
export function recordsRange(
  q: Pick<RecordsFilter, 'dateFrom' | 'dateTo'>,
  now: Date,
  timeZone: string,
): { dateFrom: string; dateTo: string } {
  const to = dayNumber('dateTo', q.dateTo ?? localDate(now, timeZone));
  const from = q.dateFrom ? dayNumber('dateFrom', q.dateFrom) : to - (MAX_RECORDS_RANGE_DAYS - 1);
  if (from > to) throw new AppError('RECORDS_RANGE_INVALID');
  if (to - from + 1 > MAX_RECORDS_RANGE_DAYS)
    throw new AppError('RECORDS_RANGE_TOO_LONG', { maxDays: MAX_RECORDS_RANGE_DAYS });
  return { dateFrom: dateOf(from), dateTo: dateOf(to) };
}

function scopeOf(caller: RecordsCaller, q: RecordsFilter, now: Date): repo.RecordsScope {
  return {
    ...caller,
    ...recordsRange(q, now, caller.timeZone),
    ...(q.category ? { category: q.category } : {}),
    ...(q.vendor ? { vendor: q.vendor } : {}),
    ...(q.gameCode ? { gameCode: q.gameCode } : {}),
    ...(q.status ? { status: q.status } : {}),
  };
}

// Minor units stay far below 2^53 (MAX_AMOUNT_MINOR), so the JSON numbers are exact.
function totalsOf(row: { settled: bigint; stake: bigint; payout: bigint }): BetTotals {
  return {
    count: Number(row.settled),
    stakeMinor: Number(row.stake),
    payoutMinor: Number(row.payout),
    profitMinor: Number(row.payout - row.stake),
  };
}

/**
 * personalHistoryCopy: one page of the caller's own rounds, newest first, with the range's totals,
 * each round's game named in `language`.
 */
export async function betRecords(
  db: Db,
  caller: RecordsCaller,
  q: BetRecordsQuery,
  now: Date,
  language: LanguageCode,
): Promise<BetRecordsResponse> {
  const scope = scopeOf(caller, q, now);
  const sums = await repo.totals(db, scope);
  const total = Number(sums.rows);
  const offset = offsetOf(q);
  const rows = offset < total ? await repo.page(db, scope, language, q.pageSize, offset) : [];
  return {
    ...pageOf(rows.map(toRecord), total, q),
    totals: totalsOf(sums),
    dateFrom: scope.dateFrom,
    dateTo: scope.dateTo,
    timeZone: caller.timeZone,
  };
}

/**
 * personalProfit: the caller's settled rounds summed per day, category or vendor, and in all — read
 * from the daily rollups, which the rollup consumer keeps a moment (≈ 200 ms) behind the bets.
 */
export async function personalProfit(
  db: Db,
  caller: RecordsCaller,
  q: PersonalProfitQuery,
  now: Date,
): Promise<PersonalProfitResponse> {
  const scope = scopeOf(caller, q, now);
  // The rollups keep real money's days in their zone, per category and vendor, settled rounds only:
  // a trial's P&L, a query in another zone or by game (or for unsettled rounds) is counted from the
  // member's rounds.
  const fromRollups =
    !caller.playMoney &&
    caller.timeZone === ROLLUPS_TIME_ZONE &&
    !scope.gameCode &&
    (!scope.status || scope.status === 'settled');
  const groups = fromRollups
    ? await repo.profitFromRollups(db, scope, q.groupBy)
    : await repo.profitByGroup(db, scope, q.groupBy);
  const all = groups.reduce(
    (sum, g) => ({
      settled: sum.settled + g.settled,
      stake: sum.stake + g.stake,
      payout: sum.payout + g.payout,
    }),
    { settled: 0n, stake: 0n, payout: 0n },
  );
  return {
    groupBy: q.groupBy,
    rows: groups.map((g) => ({ key: g.key, ...totalsOf(g) })),
    totals: totalsOf(all),
    dateFrom: scope.dateFrom,
    dateTo: scope.dateTo,
    timeZone: caller.timeZone,
  };
}

function toRecord(row: repo.BetRecordRow): BetRecord {
  return {
    id: String(row.id),
    placedAt: row.placed_at.toISOString(),
    settledAt: row.settled_at?.toISOString() ?? null,
    category: row.category as BetCategory,
    vendor: row.vendor,
    gameCode: row.game_code,
    gameName: row.game_name,
    currency: row.currency,
    stakeMinor: Number(row.stake_minor),
    payoutMinor: Number(row.payout_minor),
    profitMinor: Number(row.payout_minor - row.stake_minor),
    status: row.status,
    recall: recallOf(row.source, row.source_ref),
  };
}
