import { describe, expect, it } from 'vitest';
import { clockOffsetMs, formatCountdown, secondsUntil } from './server-clock';

const at = (iso: string) => Date.parse(iso);

describe('the server clock', () => {
  it('the offset is the server time minus the middle of the round trip', () => {
    expect(clockOffsetMs('2026-11-22T10:00:05.000Z', at('2026-11-22T10:00:02.000Z'))).toBe(3_000);
    // The server read 08:01:00.000 while this browser sent at 08:00:00.000 and received at 08:00:00.200.
    const sent = at('2026-11-22T08:00:00.000Z');
    expect(clockOffsetMs('2026-11-22T08:01:00.000Z', sent + 200, sent)).toBe(59_900);
    expect(clockOffsetMs(undefined, 123)).toBe(0);
    expect(clockOffsetMs(null, 123)).toBe(0);
    expect(clockOffsetMs('garbage', 123)).toBe(0);
  });

  it('formats minutes and seconds (hours when a draw is far), never below zero', () => {
    expect(formatCountdown(75)).toBe('01:15');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5)).toBe('00:00');
    expect(formatCountdown(59.999)).toBe('00:59');
    expect(formatCountdown(3723)).toBe('1:02:03');
    expect(formatCountdown(3 * 3600 + 62)).toBe('3:01:02');
    expect(secondsUntil('2026-11-22T10:00:10.000Z', at('2026-11-22T10:00:20.000Z'))).toBe(0);
    expect(secondsUntil('2026-11-22T10:00:10.000Z', at('2026-11-22T10:00:08.800Z'))).toBe(2);
  });
});
