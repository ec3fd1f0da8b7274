import {
  MAX_HISTORY_RANGE_DAYS,
  type TransactionHistoryQuery,
  type TransactionHistoryResponse,
  type TransactionRecord,
  type TransactionType,
} from '@sorte/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/database/database.ts';
import { AppError, fieldErrors } from '../../platform/http/app-error.ts';
import { offsetOf, pageOf } from '../../platform/http/paging.ts';
import * as repo from './ledger.history.repository.ts';

/**
 * Records beyond this many are neither counted nor paged to: every history query stays bounded,
 * and a narrower date range or a type filter reaches older records.
 */
export const MAX_HISTORY_RECORDS = 10_000;
const DAY_MS = 86_400_000;
/** Adjustments carry an operator's reason; it is the only metadata a member sees (a whitelist). */
const REASON_CODES = new Set(['adjustment']);
const MAX_REASON_LENGTH = 200;

/** "2026-01-31" is a whole UTC day; anything else is an ISO date-time with its own zone. */
const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;

function parseDate(field: string, value: string): { at: Date; bare: boolean } {
  const bare = BARE_DATE.test(value);
  const at = new Date(bare ? `${value}T00:00:00.000Z` : value);
  // new Date('2026-02-30') rolls over to March; a date that does not round-trip is refused.
  if (Number.isNaN(at.getTime()) || (bare && at.toISOString().slice(0, 10) !== value))
    throw fieldErrors([{ field, key: 'invalid_date', params: {} }]);
  return { at, bare };
}

/** The query's dates as bounds, checked for order and for the longest range one query may cover. */
export function historyRange(
  q: Pick<TransactionHistoryQuery, 'dateFrom' | 'dateTo'>,
  now: Date,
): { from: Date; to?: { at: Date; inclusive: boolean } } {
  const to = q.dateTo ? parseDate('dateTo', q.dateTo) : null;
  // The end the range is measured to: the day named (its start) or the instant given, else now.
  const end = to?.at ?? now;
  const from = q.dateFrom
    ? parseDate('dateFrom', q.dateFrom).at
    : new Date(end.getTime() - MAX_HISTORY_RANGE_DAYS * DAY_MS);
  if (from.getTime() > end.getTime())
    throw fieldErrors([{ field: 'dateFrom', key: 'after_date_to', params: {} }]);
  if (end.getTime() - from.getTime() > MAX_HISTORY_RANGE_DAYS * DAY_MS)
    throw fieldErrors([{ field: 'dateTo', key: 'range_too_long', params: { max: MAX_HISTORY_RANGE_DAYS } }]);
  if (!to) return { from };
  // A bare end date includes that whole UTC day: everything before the next day's midnight.
  return {
    from,
    to: to.bare
      ? { at: new Date(to.at.getTime() + DAY_MS), inclusive: false }
      : { at: to.at, inclusive: true },
  };
}

export async function memberHistory(
  db: Db,
  clock: Clock,
  member: { memberId: string; merchantId: string },
  q: TransactionHistoryQuery,
  /** The games' names' language (the back office's view passes none: the catalog's English). */
  language = 'en',
): Promise<TransactionHistoryResponse> {
  const scope: repo.HistoryScope = {
    ...member,
    ...historyRange(q, clock.now()),
    ...(q.type ? { type: q.type } : {}),
    ...(q.wallet ? { wallet: q.wallet } : {}),
  };
  const offset = offsetOf(q);
  const total = await repo.countHistory(db, scope, MAX_HISTORY_RECORDS);
  const rows =
    offset < total
      ? await repo.findHistoryPage(db, scope, Math.min(q.pageSize, total - offset), offset, language)
      : [];
  return pageOf(rows.map(toRecord), total, q);
}

/** One of the member's own records; another member's id answers exactly like an unknown one. */
export async function memberRecord(
  db: Db,
  member: { memberId: string; merchantId: string },
  id: string,
  language: string,
): Promise<TransactionRecord> {
  const src = id[0] === 'h' ? 'h' : id[0] === 'w' ? 'w' : 'e';
  const only = { src, id: BigInt(id.slice(1)) } as const;
  const rows = await repo.findHistoryPage(db, { ...member, only }, 1, 0, language);
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND');
  return toRecord(row);
}

function toRecord(row: repo.HistoryRow): TransactionRecord {
  const reason = REASON_CODES.has(row.code) ? row.metadata?.reason : undefined;
  return {
    id: `${row.src}${row.id}`,
    time: row.created_at.toISOString(),
    type: row.code as TransactionType,
    wallet: row.kind,
    currency: row.currency,
    // Minor units stay far below 2^53 (MAX_AMOUNT_MINOR), so the JSON number is exact.
    amountMinor: Number(row.amount_minor),
    balanceAfterMinor: row.balance_after === null ? null : Number(row.balance_after),
    status: row.status,
    reference: String(row.transfer_id),
    reason: typeof reason === 'string' ? reason.slice(0, MAX_REASON_LENGTH) : null,
    gameName: row.game_name,
  };
}
