import { describe, expect, it } from 'vitest';
import { clockStartingAt, ManualClock } from './clock.ts';
import { ConfigError, loadConfig } from './config/config.ts';

describe('the test clock (TEST_CLOCK_START)', () => {
  it('reads the start instant at first and runs on at the system clock’s pace', () => {
    const system = new ManualClock(new Date('2030-05-01T00:00:00Z'));
    const clock = clockStartingAt(new Date('2026-11-26T14:47:00Z'), system);
    expect(clock.now().toISOString()).toBe('2026-11-26T14:47:00.000Z');
    system.advance(90_000);
    expect(clock.now().toISOString()).toBe('2026-11-26T14:48:30.000Z');
  });

  it('moves forward to an instant a journey names (POST /dev/clock), never back, and runs on from it', () => {
    const system = new ManualClock(new Date('2030-05-01T00:00:00Z'));
    const clock = clockStartingAt(new Date('2026-12-01T23:45:00Z'), system);
    clock.moveTo(new Date('2026-12-02T00:00:02Z'));
    expect(clock.now().toISOString()).toBe('2026-12-02T00:00:02.000Z');
    clock.moveTo(new Date('2026-12-01T12:00:00Z'));
    system.advance(1_000);
    expect(clock.now().toISOString()).toBe('2026-12-02T00:00:03.000Z');
  });

  it('is read outside production and refused in production', () => {
    const at = '2026-11-26T14:47:00Z';
    expect(loadConfig({ NODE_ENV: 'test', TEST_CLOCK_START: at }).TEST_CLOCK_START).toBe(at);
    expect(() => loadConfig({ NODE_ENV: 'test', TEST_CLOCK_START: 'thursday' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', TEST_CLOCK_START: at, OPERATOR_API_KEY: 'k'.repeat(32) }),
    ).toThrow(/TEST_CLOCK_START: for tests only/);
  });
});
