/**
 * Clock helpers of the Vietnamese lottery page. Close times come from the server, so countdowns run
 * on the server's clock: this browser's clock plus the offset measured from an answer's Date header.
 */

/**
 * Server clock minus browser clock, in ms, from an answer's Date header (whole seconds, so the server's
 * instant lies in [date, date + 1 s); the middle is taken) and the request's round trip (the header was
 * written somewhere between sending and receiving; the middle is taken). No usable header: 0.
 */
export function serverOffsetMs(dateHeader: string | null, sentAt: number, receivedAt: number): number {
  if (!dateHeader) return 0;
  const server = Date.parse(dateHeader);
  if (Number.isNaN(server)) return 0;
  return Math.round(server + 500 - (sentAt + receivedAt) / 2);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A time left as "h:mm:ss" (or "mm:ss" under an hour); at or below zero, "00:00". */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}

/** "HH:MM" of an instant in the browser's time zone. */
export function formatClock(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hour12: false }).format(date);
}

/** A Vietnamese calendar day ("2026-11-22") as the player reads it: short weekday and day/month. */
export function formatVnDay(day: string, locale: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    timeZone: 'UTC',
  }).format(date);
}
