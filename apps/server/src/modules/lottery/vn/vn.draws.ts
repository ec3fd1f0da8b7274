import type { VnRegion, Weekday } from '@sorte/lottery';
import {
  DEFAULT_VN_CLOSE_OFFSET_MINUTES,
  findProvince,
  NORTH_HOSTS,
  VN_PROVINCES,
  VN_REGION_INFO,
  vnLocalDay,
} from '@sorte/lottery';
import type { Selectable } from 'kysely';
import type { Db } from '../../../platform/database/database.ts';
import type { VnDrawsTable } from './vn.tables.ts';

export type VnDrawRow = Selectable<VnDrawsTable>;

const VN_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The Vietnamese calendar day `days` after `date` ("YYYY-MM-DD"). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** True for a real calendar day ('2026-02-30' is not: it does not round-trip). */
export function isCalendarDay(date: string): boolean {
  const at = Date.parse(`${date}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === date;
}

export function weekdayOf(date: string): Weekday {
  return new Date(`${date}T00:00:00Z`).getUTCDay() as Weekday;
}

/** The North's host province for a day (shown beside the result). */
export function hostOf(region: VnRegion, date: string): string | null {
  return region === 'north' ? NORTH_HOSTS[weekdayOf(date)] : null;
}

/** When a province's draw on a Vietnamese day starts and when its betting closes. */
export function drawTimes(
  region: VnRegion,
  date: string,
  closeOffsetMinutes = DEFAULT_VN_CLOSE_OFFSET_MINUTES,
): { drawsAt: Date; closesAt: Date } {
  const drawsAt = new Date(Date.parse(`${date}T${VN_REGION_INFO[region].drawTime}:00Z`) - VN_OFFSET_MS);
  return { drawsAt, closesAt: new Date(drawsAt.getTime() - closeOffsetMinutes * 60_000) };
}

/** Whether the published schedule has this province drawing on that day. */
export function drawsOn(provinceCode: string, date: string): boolean {
  const province = findProvince(provinceCode);
  return !!province && isCalendarDay(date) && province.weekdays.includes(weekdayOf(date));
}

/** Inserts the draw of a scheduled province and day if missing (idempotent); answers its row. */
export async function ensureVnDraw(
  db: Db,
  merchantId: string,
  provinceCode: string,
  date: string,
): Promise<VnDrawRow | undefined> {
  const province = findProvince(provinceCode);
  if (!province || !drawsOn(provinceCode, date)) return undefined;
  const { drawsAt, closesAt } = drawTimes(province.region, date);
  await db
    .insertInto('vn_draws')
    .values({
      merchant_id: merchantId,
      region: province.region,
      province_code: province.code,
      draw_date: date,
      draws_at: drawsAt,
      closes_at: closesAt,
    })
    .onConflict((oc) => oc.constraint('vn_draws_day').doNothing())
    .execute();
  return drawByDay(db, merchantId, province.code, date);
}

/**
 * Creates the draws of today and tomorrow (Vietnamese days) for every province drawing then, so
 * bets can be taken on them. Idempotent and cheap when they exist: one insert … on conflict do
 * nothing. Called lazily by the menu and bet routes, and by the engine's step.
 */
export async function ensureVnDraws(db: Db, merchantId: string, now: Date): Promise<void> {
  const today = vnLocalDay(now).date;
  // Once per merchant, database and day is enough; the memo only spares the insert, it decides nothing.
  const memo = ensured.get(db) ?? new Map<string, string>();
  ensured.set(db, memo);
  if (memo.get(merchantId) === today) return;
  const rows = [today, addDays(today, 1)].flatMap((date) =>
    VN_PROVINCES.filter((p) => p.weekdays.includes(weekdayOf(date))).map((p) => {
      const { drawsAt, closesAt } = drawTimes(p.region, date);
      return {
        merchant_id: merchantId,
        region: p.region,
        province_code: p.code,
        draw_date: date,
        draws_at: drawsAt,
        closes_at: closesAt,
      };
    }),
  );
  await db
    .insertInto('vn_draws')
    .values(rows)
    .onConflict((oc) => oc.constraint('vn_draws_day').doNothing())
    .execute();
  memo.set(merchantId, today);
}

/** The day each merchant's draws were last made for, per database (tests open many). */
const ensured = new WeakMap<Db, Map<string, string>>();

export function drawByDay(
  db: Db,
  merchantId: string,
  provinceCode: string,
  date: string,
): Promise<VnDrawRow | undefined> {
  return db
    .selectFrom('vn_draws')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('province_code', '=', provinceCode)
    .where('draw_date', '=', date)
    .executeTakeFirst();
}

export function drawById(
  db: Db,
  merchantId: string,
  id: bigint,
  lock?: 'update',
): Promise<VnDrawRow | undefined> {
  let query = db
    .selectFrom('vn_draws')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The merchant's draws of a day (today's and tomorrow's are what the menu links to). */
export function drawsOfDays(db: Db, merchantId: string, dates: string[]): Promise<VnDrawRow[]> {
  return db
    .selectFrom('vn_draws')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('draw_date', 'in', dates)
    .execute();
}
