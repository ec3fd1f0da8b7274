/**
 * Contract periods in the merchant's time zone: a dividend is settled Daily, Weekly (Monday to
 * Sunday), Semimonthly (the 1st to the 15th, the 16th to the month's end) or Monthly; a daily salary
 * per day; an hourly salary per hour; a real-time salary per 5 minutes ('realtime'; hours and
 * 5 minutes are counted as instants). A period is [start, end) as instants.
 */
export const DIVIDEND_PERIODS = ['daily', 'weekly', 'semimonthly', 'monthly'] as const;
export type DividendPeriod = (typeof DIVIDEND_PERIODS)[number];
export type PeriodKind = DividendPeriod | 'hourly' | 'realtime';

export interface Period {
  start: Date;
  end: Date;
}

interface Local {
  y: number;
  m: number; // 1–12
  d: number;
  h: number;
}

const HOUR_MS = 3_600_000;
/** A real-time salary's period. */
export const REALTIME_PERIOD_MS = 5 * 60_000;

function localOf(instant: Date, zone: string): Local {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
  }).formatToParts(instant);
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return { y: n('year'), m: n('month'), d: n('day'), h: n('hour') };
}

/** The instant a local wall-clock hour starts in the zone (the offset read at that instant). */
function instantOf(l: Local, zone: string): Date {
  const asUtc = Date.UTC(l.y, l.m - 1, l.d, l.h);
  let guess = asUtc;
  // Two rounds settle the offset across a daylight-saving change.
  for (let i = 0; i < 2; i++) {
    const seen = localOf(new Date(guess), zone);
    guess += asUtc - Date.UTC(seen.y, seen.m - 1, seen.d, seen.h);
  }
  return new Date(guess);
}

/** A calendar day moved by `days` (the month and year roll over). */
function addDays(l: Local, days: number): Local {
  const t = new Date(Date.UTC(l.y, l.m - 1, l.d + days));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate(), h: 0 };
}

function startOf(kind: PeriodKind, l: Local): Local {
  switch (kind) {
    case 'hourly':
    case 'realtime':
      return l;
    case 'daily':
      return { ...l, h: 0 };
    case 'weekly': {
      const weekday = (new Date(Date.UTC(l.y, l.m - 1, l.d)).getUTCDay() + 6) % 7; // Monday = 0
      return addDays({ ...l, h: 0 }, -weekday);
    }
    case 'semimonthly':
      return { ...l, d: l.d <= 15 ? 1 : 16, h: 0 };
    case 'monthly':
      return { ...l, d: 1, h: 0 };
  }
}

function nextStart(kind: PeriodKind, s: Local): Local {
  switch (kind) {
    case 'hourly':
    case 'realtime':
      return s; // hours are added as instants (a local hour may repeat or be skipped)
    case 'daily':
      return addDays(s, 1);
    case 'weekly':
      return addDays(s, 7);
    case 'semimonthly':
      return s.d === 1 ? { ...s, d: 16 } : { y: s.m === 12 ? s.y + 1 : s.y, m: (s.m % 12) + 1, d: 1, h: 0 };
    case 'monthly':
      return { y: s.m === 12 ? s.y + 1 : s.y, m: (s.m % 12) + 1, d: 1, h: 0 };
  }
}

/** The period of `kind` that holds `instant`. */
export function periodContaining(kind: PeriodKind, instant: Date, zone: string): Period {
  if (kind === 'hourly' || kind === 'realtime') {
    const ms = kind === 'hourly' ? HOUR_MS : REALTIME_PERIOD_MS;
    const start = new Date(Math.floor(instant.getTime() / ms) * ms);
    return { start, end: new Date(start.getTime() + ms) };
  }
  const s = startOf(kind, localOf(instant, zone));
  return { start: instantOf(s, zone), end: instantOf(nextStart(kind, s), zone) };
}

/** The period right after `period`. */
export function periodAfter(kind: PeriodKind, period: Period, zone: string): Period {
  return periodContaining(kind, period.end, zone);
}

/** The local calendar days [from, to) a period covers, as 'YYYY-MM-DD' (what the daily rollups key on). */
export function daysOf(period: Period, zone: string): { from: string; to: string } {
  const iso = (l: Local) => `${l.y}-${String(l.m).padStart(2, '0')}-${String(l.d).padStart(2, '0')}`;
  return { from: iso(localOf(period.start, zone)), to: iso(localOf(period.end, zone)) };
}
