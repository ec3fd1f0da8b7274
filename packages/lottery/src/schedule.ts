/**
 * Draw schedules of the 1-, 3- and 5-minute games. A day in the merchant's zone is cut into
 * 1440 / interval draws: draw 0001 at 00:00 + interval, the last one at 24:00, which still belongs
 * to the day it ends (so a day's draws all carry that day's date). Draw numbers read
 * `yyyyMMdd-####` in the merchant's zone. Betting on a draw closes `closeSeconds` before it.
 *
 * The zone is a fixed UTC offset (Brazil −180, Vietnam +420 minutes): a daylight-saving day would
 * have 23 or 25 hours and break the fixed draw count per day, so such zones are not supported.
 * Times are epoch milliseconds; the caller passes "now", keeping this pure.
 */

export type DrawInterval = 1 | 3 | 5;

export interface DrawSchedule {
  intervalMinutes: DrawInterval;
  /** Seconds before the draw when betting closes; less than the interval. */
  closeSeconds: number;
  /** The merchant's zone as minutes east of UTC. */
  utcOffsetMinutes: number;
}

export interface ScheduledDraw {
  drawNo: string;
  drawsAt: number;
  closesAt: number;
}

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;

export function checkSchedule(schedule: DrawSchedule): DrawSchedule {
  const { intervalMinutes, closeSeconds, utcOffsetMinutes } = schedule;
  if (![1, 3, 5].includes(intervalMinutes)) throw new RangeError(`interval ${intervalMinutes}`);
  if (!Number.isInteger(closeSeconds) || closeSeconds < 0 || closeSeconds >= intervalMinutes * 60)
    throw new RangeError(`closeSeconds ${closeSeconds} must be within [0, ${intervalMinutes * 60})`);
  if (!Number.isInteger(utcOffsetMinutes) || Math.abs(utcOffsetMinutes) > 14 * 60)
    throw new RangeError(`utcOffsetMinutes ${utcOffsetMinutes}`);
  return schedule;
}

export function drawsPerDay(schedule: DrawSchedule): number {
  return 1440 / schedule.intervalMinutes;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The draw that happens at `drawsAt` (which must be on the schedule's grid). */
export function scheduledDrawAt(schedule: DrawSchedule, drawsAt: number): ScheduledDraw {
  const offset = schedule.utcOffsetMinutes * MINUTE;
  const interval = schedule.intervalMinutes * MINUTE;
  const local = drawsAt + offset;
  if (local % interval !== 0) throw new RangeError(`${new Date(drawsAt).toISOString()} is not a draw time`);
  // The draw at 24:00 closes its day, hence the day of the millisecond before it.
  const dayStart = Math.floor((local - 1) / DAY) * DAY;
  const day = new Date(dayStart);
  const date = `${day.getUTCFullYear()}${pad(day.getUTCMonth() + 1, 2)}${pad(day.getUTCDate(), 2)}`;
  const seq = (local - dayStart) / interval;
  return { drawNo: `${date}-${pad(seq, 4)}`, drawsAt, closesAt: drawsAt - schedule.closeSeconds * 1000 };
}

const DRAW_NO = /^(\d{4})(\d{2})(\d{2})-(\d{4})$/;

/** The draw named `drawNo`, or null when the name is not one of this schedule's draws. */
export function scheduledDraw(schedule: DrawSchedule, drawNo: string): ScheduledDraw | null {
  const match = DRAW_NO.exec(drawNo);
  if (!match) return null;
  const [, y, m, d, s] = match.map(Number) as [number, number, number, number, number];
  const dayStart = Date.UTC(y, m - 1, d);
  const day = new Date(dayStart);
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) return null;
  if (s < 1 || s > drawsPerDay(schedule)) return null;
  const drawsAt = dayStart + s * schedule.intervalMinutes * MINUTE - schedule.utcOffsetMinutes * MINUTE;
  return scheduledDrawAt(schedule, drawsAt);
}

/** The draw open for betting at `now`: the first whose betting closes strictly after `now`. */
export function openDraw(schedule: DrawSchedule, now: number): ScheduledDraw {
  const offset = schedule.utcOffsetMinutes * MINUTE;
  const interval = schedule.intervalMinutes * MINUTE;
  const earliest = now + schedule.closeSeconds * 1000 + offset;
  const local = (Math.floor(earliest / interval) + 1) * interval;
  return scheduledDrawAt(schedule, local - offset);
}

/** The open draw and the `count − 1` after it: the draws a chase (追号) ticket may cover. */
export function nextDraws(schedule: DrawSchedule, now: number, count: number): ScheduledDraw[] {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`count ${count}`);
  const first = openDraw(schedule, now);
  const interval = schedule.intervalMinutes * MINUTE;
  return Array.from({ length: count }, (_, i) => scheduledDrawAt(schedule, first.drawsAt + i * interval));
}
