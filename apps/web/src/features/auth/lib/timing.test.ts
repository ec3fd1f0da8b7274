import { describe, expect, it } from 'vitest';
import { COOKIE_LAST_USER, cookieText, parseCookie } from './cookies';
import { createThrottle, deadlineFrom, secondsUntil, smsCountdownSeconds } from './timing';

describe('SMS countdown', () => {
  it('runs 60 s per minute of validity', () => {
    expect(smsCountdownSeconds(5)).toBe(300);
    expect(smsCountdownSeconds(1)).toBe(60);
  });
  it('falls back to one minute on a missing or bad value', () => {
    expect(smsCountdownSeconds(undefined)).toBe(60);
    expect(smsCountdownSeconds(0)).toBe(60);
    expect(smsCountdownSeconds(Number.NaN)).toBe(60);
  });
  it('counts whole seconds down to zero and never below', () => {
    expect(secondsUntil(10_000, 0)).toBe(10);
    expect(secondsUntil(10_000, 9_001)).toBe(1);
    expect(secondsUntil(10_000, 10_000)).toBe(0);
    expect(secondsUntil(10_000, 20_000)).toBe(0);
  });
  it('uses the server expiry time for recovery codes, else the fallback', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(deadlineFrom('2026-01-01T00:02:00Z', 60, now)).toBe(now + 120_000);
    expect(deadlineFrom('not a date', 60, now)).toBe(now + 60_000);
    expect(deadlineFrom('2025-12-31T00:00:00Z', 60, now)).toBe(now + 60_000);
  });
});

describe('throttle', () => {
  it('allows one run per interval', () => {
    const throttle = createThrottle(1000);
    expect(throttle.tryRun(0)).toBe(true);
    expect(throttle.tryRun(999)).toBe(false);
    expect(throttle.tryRun(1000)).toBe(true);
    expect(throttle.tryRun(1500)).toBe(false);
  });
});

describe('login cookies', () => {
  it('reads a cookie by exact name', () => {
    expect(parseCookie('a=1; lastUser=joao%20silva; lastUserX=2', COOKIE_LAST_USER)).toBe('joao silva');
    expect(parseCookie('a=1', COOKIE_LAST_USER)).toBeNull();
  });
  it('writes one-day cookies and deletes with Max-Age=0', () => {
    expect(cookieText('lastUser', 'ana', true)).toBe(
      'lastUser=ana; Max-Age=86400; Path=/; SameSite=Lax; Secure',
    );
    expect(cookieText('lastUser', null, false)).toBe('lastUser=; Max-Age=0; Path=/; SameSite=Lax');
  });
});
