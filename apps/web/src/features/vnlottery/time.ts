/** How the Vietnamese lottery page writes its times and days (countdowns: lib/server-clock). */

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
