import { vnGameMenu } from '@sorte/lottery';
import { describe, expect, it } from 'vitest';
import { groupByNextDraw } from './schedule';

/** The menu as the server sends it (instants as ISO strings), at a fixed clock. */
function region(at: string, index: 0 | 1 | 2) {
  return vnGameMenu(new Date(at))[index]!.provinces.map((p) => ({
    code: p.code,
    nextDraw: { drawDate: p.nextDraw.drawDate, drawAt: p.nextDraw.drawAt.toISOString() },
  }));
}
const codes = (list: { code: string }[]) => list.map((p) => p.code);
const days = (list: { nextDraw: { drawDate: string } }[]) => list.map((p) => p.nextDraw.drawDate);

describe('groupByNextDraw', () => {
  it('Thursday morning in Vietnam: today’s games are first, the rest by day', () => {
    const at = '2026-11-26T03:00:00Z'; // 10:00 in Vietnam
    const groups = groupByNextDraw(region(at, 1), Date.parse(at));
    expect(groups.next).toMatchObject({ day: '2026-11-26', kind: 'today' });
    expect(codes(groups.next!.provinces)).toEqual(['BDI', 'QT', 'QB']);
    expect(days(groups.later)).toEqual([...days(groups.later)].sort());
    expect(days(groups.later)[0]).toBe('2026-11-27');
  });

  it('Thursday 21:47 in Vietnam (the report: 14:47 UTC): tomorrow’s draws lead, today’s closed games come last at next week', () => {
    const at = '2026-11-26T14:47:00Z';
    const central = groupByNextDraw(region(at, 1), Date.parse(at));
    expect(central.next).toMatchObject({ day: '2026-11-27', kind: 'tomorrow' });
    expect(codes(central.later).slice(-3)).toEqual(['BDI', 'QT', 'QB']);
    expect(days(central.later)).toEqual([...days(central.later)].sort());
    expect(days(central.later).at(-1)).toBe('2026-12-03');
    // The North's one game: tomorrow's draw, open, not "closed today".
    const north = groupByNextDraw(region(at, 0), Date.parse(at));
    expect(north.next).toMatchObject({ day: '2026-11-27', kind: 'tomorrow' });
    expect(north.later).toEqual([]);
  });

  it('turns the day at midnight in Vietnam (17:00 UTC), whatever the browser’s zone', () => {
    const before = '2026-11-26T16:59:59Z';
    expect(groupByNextDraw(region(before, 2), Date.parse(before)).next?.kind).toBe('tomorrow');
    const after = '2026-11-26T17:00:00Z';
    const south = groupByNextDraw(region(after, 2), Date.parse(after));
    expect(south.next).toMatchObject({ day: '2026-11-27', kind: 'today' });
  });

  it('names a day further away as a later day and copes with an empty region', () => {
    const list = [{ nextDraw: { drawDate: '2026-11-30', drawAt: '2026-11-30T09:15:00Z' } }];
    expect(groupByNextDraw(list, Date.parse('2026-11-26T14:47:00Z')).next?.kind).toBe('later');
    expect(groupByNextDraw([], 0)).toEqual({ next: null, later: [] });
  });
});
