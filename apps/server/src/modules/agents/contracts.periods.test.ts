import { describe, expect, it } from 'vitest';
import { daysOf, periodAfter, periodContaining } from './contracts.periods.ts';

const at = (iso: string) => new Date(iso);
const range = (p: { start: Date; end: Date }) => [p.start.toISOString(), p.end.toISOString()];

describe('contract periods in the merchant’s zone', () => {
  it('daily, weekly (Monday to Sunday), semimonthly and monthly periods in UTC', () => {
    const t = at('2026-02-18T13:45:00Z'); // a Wednesday
    expect(range(periodContaining('daily', t, 'UTC'))).toEqual([
      '2026-02-18T00:00:00.000Z',
      '2026-02-19T00:00:00.000Z',
    ]);
    expect(range(periodContaining('weekly', t, 'UTC'))).toEqual([
      '2026-02-16T00:00:00.000Z',
      '2026-02-23T00:00:00.000Z',
    ]);
    expect(range(periodContaining('semimonthly', t, 'UTC'))).toEqual([
      '2026-02-16T00:00:00.000Z',
      '2026-03-01T00:00:00.000Z',
    ]);
    expect(range(periodContaining('semimonthly', at('2026-02-15T23:59:59Z'), 'UTC'))).toEqual([
      '2026-02-01T00:00:00.000Z',
      '2026-02-16T00:00:00.000Z',
    ]);
    expect(range(periodContaining('monthly', at('2026-12-31T23:00:00Z'), 'UTC'))).toEqual([
      '2026-12-01T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
    ]);
    expect(range(periodContaining('hourly', t, 'UTC'))).toEqual([
      '2026-02-18T13:00:00.000Z',
      '2026-02-18T14:00:00.000Z',
    ]);
  });

  it('counts days in another zone: São Paulo’s midnight is 03:00 UTC; a New York week crosses the DST change', () => {
    expect(range(periodContaining('daily', at('2026-02-18T02:00:00Z'), 'America/Sao_Paulo'))).toEqual([
      '2026-02-17T03:00:00.000Z',
      '2026-02-18T03:00:00.000Z',
    ]);
    // 2026-03-08: New York moves from UTC−5 to UTC−4.
    expect(range(periodContaining('weekly', at('2026-03-05T12:00:00Z'), 'America/New_York'))).toEqual([
      '2026-03-02T05:00:00.000Z',
      '2026-03-09T04:00:00.000Z',
    ]);
    expect(daysOf(periodContaining('monthly', at('2026-03-10T00:00:00Z'), 'UTC'), 'UTC')).toEqual({
      from: '2026-03-01',
      to: '2026-04-01',
    });
  });

  it('periods follow each other without gap or overlap', () => {
    for (const kind of ['hourly', 'daily', 'weekly', 'semimonthly', 'monthly'] as const) {
      let p = periodContaining(kind, at('2026-01-01T00:00:00Z'), 'America/Sao_Paulo');
      for (let i = 0; i < 40; i++) {
        const next = periodAfter(kind, p, 'America/Sao_Paulo');
        expect(next.start).toEqual(p.end);
        expect(next.end > next.start).toBe(true);
        p = next;
      }
    }
  });
});
