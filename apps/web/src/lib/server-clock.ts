import { useEffect, useState } from 'react';

/**
 * Countdowns to a draw or a close run on the server's clock (this browser's plus an offset): the
 * server decides when betting closes, and a browser clock a minute off would otherwise show a draw
 * open that is closed, or closed that is open.
 */

/**
 * Server clock minus this browser's, in ms, from an answer's `serverTime`. The server read its clock
 * somewhere between `sentAt` and `receivedAt`; the middle of the round trip is taken (with no
 * `sentAt`, the answer's arrival). No usable time: 0.
 */
export function clockOffsetMs(
  serverTime: string | null | undefined,
  receivedAt: number,
  sentAt = receivedAt,
): number {
  const server = serverTime ? Date.parse(serverTime) : Number.NaN;
  return Number.isFinite(server) ? Math.round(server - (sentAt + receivedAt) / 2) : 0;
}

/** The server's "now" (ms), ticking every `intervalMs`. */
export function useServerNow(offsetMs: number, intervalMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now + offsetMs;
}

/** Whole seconds left until `at` (never negative). */
export function secondsUntil(at: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(at) - now) / 1_000));
}

/** 75 → "01:15"; an hour or more → "1:02:03"; nothing left → "00:00". */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hh = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return hh > 0 ? `${hh}:${mm}:${ss}` : `${mm}:${ss}`;
}
