/** Seconds the SMS button stays disabled: the code's validity, 60 s per minute (spec §4, §9). */
export function smsCountdownSeconds(expiredMinutes: number | undefined | null): number {
  const minutes =
    Number.isFinite(expiredMinutes) && (expiredMinutes ?? 0) > 0 ? (expiredMinutes as number) : 1;
  return Math.round(minutes * 60);
}

/** Whole seconds left until a deadline (never negative); password recovery counts to the server's expiry. */
export function secondsUntil(deadlineMs: number, nowMs: number): number {
  if (!Number.isFinite(deadlineMs)) return 0;
  return Math.max(0, Math.ceil((deadlineMs - nowMs) / 1000));
}

/** Deadline from a server expiration timestamp, or from a number of seconds when it cannot be read. */
export function deadlineFrom(
  expirationTime: string | undefined,
  fallbackSeconds: number,
  nowMs: number,
): number {
  const parsed = expirationTime ? Date.parse(expirationTime) : Number.NaN;
  return Number.isFinite(parsed) && parsed > nowMs ? parsed : nowMs + fallbackSeconds * 1000;
}

/**
 * A leading-edge throttle: `tryRun(now)` answers true at most once per interval. Used for the SMS
 * request (1 per 1000 ms) and the captcha refresh (once per second).
 */
export function createThrottle(intervalMs: number) {
  let last = Number.NEGATIVE_INFINITY;
  return {
    tryRun(nowMs: number): boolean {
      if (nowMs - last < intervalMs) return false;
      last = nowMs;
      return true;
    },
  };
}

export const SMS_THROTTLE_MS = 1000;
export const CAPTCHA_THROTTLE_MS = 1000;
/** The country dropdown closes this long after losing focus, so a click on an option still lands. */
export const DROPDOWN_BLUR_MS = 200;
