import { formatCountdown } from '../../lib/server-clock';

/**
 * What the countdown to a promotion's end says: whole days and the clock under them
 * ("3d 04:12:09"), or just the clock in its last day; null once it has ended.
 */
export function timeLeft(seconds: number): { days: number; clock: string } | null {
  if (seconds <= 0) return null;
  const days = Math.floor(seconds / 86_400);
  const rest = seconds % 86_400;
  const clock = formatCountdown(rest);
  // formatCountdown leaves the hours out below an hour; with days in front they are always shown.
  return { days, clock: days > 0 && rest < 3600 ? `0:${clock}` : clock };
}
