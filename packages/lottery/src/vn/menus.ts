/**
 * The data behind GET /lgw/vn/games/game_menu: regions, their games and bet types, and each game's
 * next draw with the moment its betting closes. Pure functions of a given instant: the server passes
 * its clock, tests pass fixed dates. Vietnam keeps UTC+7 all year, so a fixed offset is exact and no
 * time-zone database is needed.
 */
import type { VnBetType } from './bet-types.ts';
import { VN_BET_TYPES } from './bet-types.ts';
import type { VnProvince, VnRegion, Weekday } from './regions.ts';
import { findProvince, NORTH_HOSTS, VN_PROVINCES, VN_REGION_INFO, VN_REGIONS } from './regions.ts';

const VN_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Betting on a draw closes this long before it starts unless the merchant configures otherwise. */
export const DEFAULT_VN_CLOSE_OFFSET_MINUTES = 15;

export interface VnDraw {
  provinceCode: string;
  /** The draw's calendar day in Vietnam, "YYYY-MM-DD": with the province code it names the draw. */
  drawDate: string;
  drawAt: Date;
  closesAt: Date;
  /** North only: the province hosting that day's draw. */
  host?: string;
}

/** The calendar day and weekday in Vietnam at an instant. */
export function vnLocalDay(at: Date): { date: string; weekday: Weekday } {
  const wall = new Date(at.getTime() + VN_OFFSET_MS);
  return { date: wall.toISOString().slice(0, 10), weekday: wall.getUTCDay() as Weekday };
}

function drawOn(province: VnProvince, date: string, closeOffsetMinutes: number): VnDraw {
  const drawAt = new Date(
    Date.parse(`${date}T${VN_REGION_INFO[province.region].drawTime}:00Z`) - VN_OFFSET_MS,
  );
  const draw: VnDraw = {
    provinceCode: province.code,
    drawDate: date,
    drawAt,
    closesAt: new Date(drawAt.getTime() - closeOffsetMinutes * 60_000),
  };
  if (province.region === 'north')
    draw.host = NORTH_HOSTS[new Date(`${date}T00:00:00Z`).getUTCDay() as Weekday];
  return draw;
}

function checkOffset(closeOffsetMinutes: number): void {
  if (!Number.isInteger(closeOffsetMinutes) || closeOffsetMinutes < 0 || closeOffsetMinutes > 12 * 60)
    throw new RangeError(`close offset must be 0…720 minutes, got ${closeOffsetMinutes}`);
}

/**
 * The province's next draw still open for bets at `now` (open while now < closesAt): today's if it
 * has not closed yet, otherwise the next weekday it draws. Every game draws at least weekly, so a
 * look eight days ahead always finds one.
 */
export function nextVnDraw(
  provinceCode: string,
  now: Date,
  closeOffsetMinutes = DEFAULT_VN_CLOSE_OFFSET_MINUTES,
): VnDraw {
  checkOffset(closeOffsetMinutes);
  const province = findProvince(provinceCode);
  if (!province) throw new RangeError(`unknown VN lottery ${provinceCode}`);
  for (let ahead = 0; ahead <= 7; ahead++) {
    const day = vnLocalDay(new Date(now.getTime() + ahead * DAY_MS));
    if (!province.weekdays.includes(day.weekday)) continue;
    const draw = drawOn(province, day.date, closeOffsetMinutes);
    if (now < draw.closesAt) return draw;
  }
  throw new RangeError(`VN lottery ${provinceCode} has no draw in the schedule`);
}

export interface VnMenuProvince {
  code: string;
  name: string;
  /** It has a draw today (Vietnam's calendar day). */
  drawsToday: boolean;
  /** Today's draw still takes bets. */
  openToday: boolean;
  nextDraw: VnDraw;
}

export interface VnMenuRegion {
  region: VnRegion;
  name: string;
  abbreviation: string;
  drawTime: string;
  betTypes: VnBetType[];
  provinces: VnMenuProvince[];
}

/**
 * Regions → games → bet types, as the VN lobby menu shows them at `now`. A region's games come in the
 * order of their next open draw (the soonest first; the published order within a day): a game whose
 * draw today has closed moves behind the others, to its next weekday, instead of staying first with a
 * draw a week away. `betTypes` lets a merchant hide bet types it does not sell.
 */
export function vnGameMenu(
  now: Date,
  closeOffsetMinutes = DEFAULT_VN_CLOSE_OFFSET_MINUTES,
  betTypes: readonly VnBetType[] = VN_BET_TYPES,
): VnMenuRegion[] {
  checkOffset(closeOffsetMinutes);
  const today = vnLocalDay(now);
  return VN_REGIONS.map((region) => {
    const info = VN_REGION_INFO[region];
    const provinces = VN_PROVINCES.filter((p) => p.region === region).map((province) => {
      const drawsToday = province.weekdays.includes(today.weekday);
      const nextDraw = nextVnDraw(province.code, now, closeOffsetMinutes);
      return {
        code: province.code,
        name: province.name,
        drawsToday,
        openToday: drawsToday && nextDraw.drawDate === today.date,
        nextDraw,
      };
    });
    // Array.prototype.sort is stable: games drawing at the same instant keep the published order.
    provinces.sort((a, b) => a.nextDraw.drawAt.getTime() - b.nextDraw.drawAt.getTime());
    const sold = VN_BET_TYPES.filter((betType) => betTypes.includes(betType));
    return { ...info, betTypes: sold, provinces };
  });
}
