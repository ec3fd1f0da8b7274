import { describe, expect, it } from 'vitest';
import {
  checkSchedule,
  drawsPerDay,
  nextDraws,
  openDraw,
  scheduledDraw,
  scheduledDrawAt,
} from './schedule.ts';

const BRAZIL_5 = { intervalMinutes: 5, closeSeconds: 30, utcOffsetMinutes: -180 } as const;
const VIETNAM_1 = { intervalMinutes: 1, closeSeconds: 10, utcOffsetMinutes: 420 } as const;
const at = (iso: string) => Date.parse(iso);

describe('draw schedules', () => {
  it('numbers draws per local day: 288 five-minute draws, 1440 one-minute draws', () => {
    expect(drawsPerDay(BRAZIL_5)).toBe(288);
    expect(drawsPerDay(VIETNAM_1)).toBe(1440);
    expect(drawsPerDay({ ...BRAZIL_5, intervalMinutes: 3 })).toBe(480);
  });
  it('the first draw of a Brazilian day is at 00:05 local (03:05 UTC), closing 30 s before', () => {
    expect(openDraw(BRAZIL_5, at('2026-11-22T03:00:00Z'))).toEqual({
      drawNo: '20261122-0001',
      drawsAt: at('2026-11-22T03:05:00Z'),
      closesAt: at('2026-11-22T03:04:30Z'),
    });
  });
  it('betting closes exactly at the close time: from then on the next draw is open', () => {
    expect(openDraw(BRAZIL_5, at('2026-11-22T03:04:29.999Z')).drawNo).toBe('20261122-0001');
    expect(openDraw(BRAZIL_5, at('2026-11-22T03:04:30Z')).drawNo).toBe('20261122-0002');
  });
  it('the draw at local midnight is the last of the day that ends', () => {
    expect(scheduledDrawAt(BRAZIL_5, at('2026-11-23T03:00:00Z')).drawNo).toBe('20261122-0288');
    expect(scheduledDrawAt(VIETNAM_1, at('2026-11-21T17:00:00Z')).drawNo).toBe('20261121-1440');
    expect(scheduledDrawAt(VIETNAM_1, at('2026-11-21T17:01:00Z')).drawNo).toBe('20261122-0001');
  });
  it('lists the next draws for a chase across the day boundary', () => {
    const draws = nextDraws(BRAZIL_5, at('2026-11-23T02:53:00Z'), 3);
    expect(draws.map((d) => d.drawNo)).toEqual(['20261122-0287', '20261122-0288', '20261123-0001']);
    expect(draws[2]!.drawsAt).toBe(at('2026-11-23T03:05:00Z'));
  });
  it('reads a draw number back to its times, and refuses names not on the schedule', () => {
    expect(scheduledDraw(VIETNAM_1, '20261121-1440')?.drawsAt).toBe(at('2026-11-21T17:00:00Z'));
    expect(scheduledDraw(BRAZIL_5, '20261122-0288')?.drawsAt).toBe(at('2026-11-23T03:00:00Z'));
    expect(scheduledDraw(BRAZIL_5, '20261122-0289')).toBe(null);
    expect(scheduledDraw(BRAZIL_5, '20261122-0000')).toBe(null);
    expect(scheduledDraw(BRAZIL_5, '20261131-0001')).toBe(null);
    expect(scheduledDraw(BRAZIL_5, '2026-11-22-1')).toBe(null);
  });
  it('refuses times off the grid and bad schedules', () => {
    expect(() => scheduledDrawAt(BRAZIL_5, at('2026-11-22T03:06:00Z'))).toThrow(RangeError);
    expect(() => checkSchedule({ ...BRAZIL_5, closeSeconds: 300 })).toThrow(RangeError);
    expect(() => checkSchedule({ ...BRAZIL_5, intervalMinutes: 2 as 1 })).toThrow(RangeError);
    expect(checkSchedule(VIETNAM_1)).toBe(VIETNAM_1);
  });
});
