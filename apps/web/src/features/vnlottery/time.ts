/** How the Vietnamese lottery page writes its days (hours: lib/dates formatTime; countdowns: lib/server-clock). */

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
