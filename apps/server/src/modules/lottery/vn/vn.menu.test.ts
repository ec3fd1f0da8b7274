import { vnLocalDay } from '@sorte/lottery';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { call } from '../../auth/auth.test-helpers.ts';
import { addDays, weekdayOf } from './vn.draws.ts';
import { seedDemoVnLottery } from './vn.seed.ts';

/**
 * The VN lobby menu and results at fixed clocks on a Thursday (Vietnam's calendar, UTC+7 all year):
 * before and after a region's close, late in the evening when every region has drawn (the report:
 * 21:47 in Vietnam, 14:47 UTC), and across midnight in Vietnam (17:00 UTC). A region's games come in
 * the order of their next open draw; a game closed for today waits at its next weekday.
 */
let t: TestApp;
let thursday: string;
const H = 60 * 60 * 1000;
const vnAt = (day: string, hhmm: string) => new Date(Date.parse(`${day}T${hhmm}Z`) - 7 * H);

function clockTo(at: Date): void {
  const ms = at.getTime() - t.clock.now().getTime();
  if (ms < 0) throw new Error('the clock only moves forward');
  t.clock.advance(ms);
}

interface MenuProvince {
  code: string;
  drawsToday: boolean;
  openToday: boolean;
  nextDraw: { drawId: string | null; drawDate: string; drawAt: string; closesAt: string };
}
interface MenuRegion {
  region: 'north' | 'central' | 'south';
  provinces: MenuProvince[];
}

async function menu(): Promise<Record<MenuRegion['region'], MenuProvince[]>> {
  const r = await call(t, { method: 'GET', url: '/lgw/vn/games/game_menu?device=WEB' });
  expect(r.status).toBe(200);
  const regions = r.value.regions as MenuRegion[];
  return Object.fromEntries(regions.map((g) => [g.region, g.provinces])) as Record<
    MenuRegion['region'],
    MenuProvince[]
  >;
}

const THURSDAY = { central: ['BDI', 'QT', 'QB'], south: ['TN', 'AG', 'BTH'] };
const codes = (list: MenuProvince[]) => list.map((p) => p.code);
/** Every game's next draw is still open, and the list runs by draw time. */
function expectOrderedAndOpen(list: MenuProvince[], now: Date) {
  const at = list.map((p) => Date.parse(p.nextDraw.drawAt));
  expect(at).toEqual([...at].sort((a, b) => a - b));
  for (const p of list) expect(Date.parse(p.nextDraw.closesAt)).toBeGreaterThan(now.getTime());
}

beforeAll(async () => {
  t = await createTestApp();
  let day = addDays(vnLocalDay(t.clock.now()).date, 1);
  while (weekdayOf(day) !== 4) day = addDays(day, 1);
  thursday = day;
});
afterAll(async () => t?.close());

describe('VN menu at fixed clocks', () => {
  it('Thursday 10:00 in Vietnam: today’s games lead every region, open', async () => {
    const now = vnAt(thursday, '10:00:00');
    clockTo(now);
    const m = await menu();
    expect(m.north[0]).toMatchObject({ code: 'MB', drawsToday: true, openToday: true });
    expect(m.north[0]!.nextDraw.drawDate).toBe(thursday);
    expect(codes(m.central).slice(0, 3)).toEqual(THURSDAY.central);
    expect(codes(m.south).slice(0, 3)).toEqual(THURSDAY.south);
    for (const p of m.south.slice(0, 3)) expect(p).toMatchObject({ openToday: true });
    for (const list of Object.values(m)) expectOrderedAndOpen(list, now);
  });

  it('16:00 in Vietnam (the South’s close): the South’s Thursday games move to next week, behind Friday’s', async () => {
    const now = vnAt(thursday, '16:00:00');
    clockTo(now);
    const m = await menu();
    expect(m.south.slice(0, 3).every((p) => p.nextDraw.drawDate === addDays(thursday, 1))).toBe(true);
    expect(codes(m.south).slice(-3)).toEqual(THURSDAY.south);
    for (const p of m.south.slice(-3))
      expect(p).toMatchObject({
        drawsToday: true,
        openToday: false,
        nextDraw: { drawDate: addDays(thursday, 7) },
      });
    // The Central closes at 17:00: still open a second before.
    clockTo(vnAt(thursday, '16:59:59'));
    const central = (await menu()).central;
    expect(codes(central).slice(0, 3)).toEqual(THURSDAY.central);
    expect(central[0]).toMatchObject({ openToday: true, nextDraw: { drawDate: thursday } });
    for (const list of Object.values(m)) expectOrderedAndOpen(list, now);
  });

  it('21:47 in Vietnam (14:47 UTC): every region offers tomorrow’s draws first, with their draw ids', async () => {
    const now = vnAt(thursday, '21:47:00');
    expect(now.toISOString().slice(11, 16)).toBe('14:47');
    clockTo(now);
    const m = await menu();
    const friday = addDays(thursday, 1);
    expect(m.north).toHaveLength(1);
    expect(m.north[0]!.nextDraw).toMatchObject({
      drawDate: friday,
      closesAt: vnAt(friday, '18:00:00').toISOString(),
    });
    expect(m.north[0]!.nextDraw.drawId).toMatch(/^\d+$/);
    for (const region of ['central', 'south'] as const) {
      expect(m[region][0]!.nextDraw.drawDate).toBe(friday);
      expect(m[region][0]!.nextDraw.drawId).toMatch(/^\d+$/);
      expect(codes(m[region]).slice(-3)).toEqual(THURSDAY[region]);
      expect(m[region].at(-1)!.nextDraw.drawDate).toBe(addDays(thursday, 7));
    }
    for (const list of Object.values(m)) expectOrderedAndOpen(list, now);
  });

  it('turns the day at midnight in Vietnam (17:00 UTC): Friday’s games are today’s and open', async () => {
    clockTo(vnAt(thursday, '23:59:59'));
    expect((await menu()).north[0]).toMatchObject({ drawsToday: true, openToday: false });
    const now = vnAt(addDays(thursday, 1), '00:00:00');
    expect(now.toISOString().slice(11, 19)).toBe('17:00:00');
    clockTo(now);
    const m = await menu();
    const friday = addDays(thursday, 1);
    expect(m.north[0]).toMatchObject({ drawsToday: true, openToday: true, nextDraw: { drawDate: friday } });
    for (const p of m.south.slice(0, 3)) expect(p).toMatchObject({ drawsToday: true, openToday: true });
    for (const list of Object.values(m)) expectOrderedAndOpen(list, now);
  });
});

describe('the demo results', () => {
  it('a site seeded in the evening shows today’s drawn results as the latest, never a draw still to come', async () => {
    // A week later, so these days have no draws yet: seeded at 21:47 in Vietnam on a Thursday.
    const day = addDays(thursday, 7);
    const at = vnAt(day, '21:47:00');
    clockTo(at);
    await seedDemoVnLottery({ ...t.ctx, clock: new ManualClock(at) });
    const r = await call(t, { method: 'GET', url: '/lgw/vn/numeros/opened/game?count=100' });
    expect(r.status).toBe(200);
    const draws = r.value as { province: string; drawDate: string }[];
    expect(draws[0]?.drawDate).toBe(day);
    const today = draws.filter((d) => d.drawDate === day).map((d) => d.province);
    expect(new Set(today)).toEqual(new Set(['MB', ...THURSDAY.central, ...THURSDAY.south]));
    // Seeded at noon the next day: nothing of that day has been drawn yet, so nothing of it is settled.
    const friday = addDays(day, 1);
    const noon = vnAt(friday, '12:00:00');
    clockTo(noon);
    await seedDemoVnLottery({ ...t.ctx, clock: new ManualClock(noon) });
    const after = await call(t, { method: 'GET', url: '/lgw/vn/numeros/opened/game?count=100' });
    expect((after.value as { drawDate: string }[]).some((d) => d.drawDate === friday)).toBe(false);
  });
});
