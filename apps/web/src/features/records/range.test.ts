import { describe, expect, it } from 'vitest';
import { addDays, customRange, daysBetween, presetRange } from './range';

describe('records date presets', () => {
  // 01:30 UTC on March 1st is still February 28th in São Paulo (UTC−3).
  const now = new Date('2026-03-01T01:30:00Z');

  it("counts days in the server's zone, across month ends", () => {
    expect(presetRange('today', now, 'UTC')).toEqual({ dateFrom: '2026-03-01', dateTo: '2026-03-01' });
    expect(presetRange('today', now, 'America/Sao_Paulo')).toEqual({
      dateFrom: '2026-02-28',
      dateTo: '2026-02-28',
    });
    expect(presetRange('yesterday', now, 'UTC')).toEqual({ dateFrom: '2026-02-28', dateTo: '2026-02-28' });
    expect(presetRange('7d', now, 'UTC')).toEqual({ dateFrom: '2026-02-23', dateTo: '2026-03-01' });
    expect(presetRange('30d', now, 'UTC')).toEqual({ dateFrom: '2026-01-31', dateTo: '2026-03-01' });
    expect(daysBetween('2026-01-31', '2026-03-01')).toBe(30);
  });

  it('a custom range is never reversed nor longer than 90 days: the other end follows', () => {
    const range = { dateFrom: '2026-03-01', dateTo: '2026-03-10' };
    expect(customRange(range, { dateFrom: '2026-03-12' })).toEqual({
      dateFrom: '2026-03-12',
      dateTo: '2026-03-12',
    });
    expect(customRange(range, { dateTo: '2026-02-20' })).toEqual({
      dateFrom: '2026-02-20',
      dateTo: '2026-02-20',
    });
    expect(customRange(range, { dateFrom: '2025-11-01' })).toEqual({
      dateFrom: '2025-11-01',
      dateTo: addDays('2025-11-01', 89),
    });
    expect(customRange(range, { dateTo: '2026-07-01' })).toEqual({
      dateFrom: '2026-04-03',
      dateTo: '2026-07-01',
    });
    expect(daysBetween('2026-04-03', '2026-07-01')).toBe(90);
  });
});
