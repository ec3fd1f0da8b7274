import { useEffect, useState } from 'react';

/** Server clock minus this browser's, in ms, from an answer's `serverTime` read at `receivedAt`. */
export function clockOffsetMs(serverTime: string | undefined, receivedAt: number): number {
  const server = serverTime ? Date.parse(serverTime) : Number.NaN;
  return Number.isFinite(server) ? server - receivedAt : 0;
}

/** The server's "now", ticking every second, so countdowns agree with when betting really closes. */
export function useServerNow(offsetMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return now + offsetMs;
}

/** Whole seconds left until `at` (never negative). */
export function secondsUntil(at: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(at) - now) / 1_000));
}

/** 75 → "01:15"; an hour or more → "1:02:03". */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hh = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return hh > 0 ? `${hh}:${mm}:${ss}` : `${mm}:${ss}`;
}
