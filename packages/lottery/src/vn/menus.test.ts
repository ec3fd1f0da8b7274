import { describe, expect, it } from 'vitest';
import { nextVnDraw, vnGameMenu, vnLocalDay } from './menus.ts';
import type { Weekday } from './regions.ts';
import { NORTH_HOSTS, provincesOn, VN_PROVINCES } from './regions.ts';

const codes = (region: 'central' | 'south', weekday: Weekday) =>
  provincesOn(region, weekday).map((p) => p.code);

describe('weekday schedule (commonly published)', () => {
  it('South: Monday TP.HCM, Đồng Tháp, Cà Mau; Saturday four games with TP.HCM again; Sunday Tiền Giang, Kiên Giang, Đà Lạt', () => {
    expect(codes('south', 1)).toEqual(['HCM', 'DT', 'CM']);
    expect(codes('south', 2)).toEqual(['BTR', 'VT', 'BL']);
    expect(codes('south', 6)).toEqual(['HCM', 'LA', 'BP', 'HG']);
    expect(codes('south', 0)).toEqual(['TG', 'KG', 'DL']);
  });

  it('Central: Monday Huế and Phú Yên; Thursday Bình Định, Quảng Trị, Quảng Bình; Saturday Đà Nẵng, Quảng Ngãi, Đắk Nông', () => {
    expect(codes('central', 1)).toEqual(['TTH', 'PY']);
    expect(codes('central', 4)).toEqual(['BDI', 'QT', 'QB']);
    expect(codes('central', 6)).toEqual(['DNG', 'QNG', 'DNO']);
    expect(new Set(codes('central', 0))).toEqual(new Set(['KT', 'KH', 'TTH']));
  });

  it('every day has 3–4 South and 2–3 Central games and the one North draw; every game draws weekly', () => {
    for (const weekday of [0, 1, 2, 3, 4, 5, 6] as const) {
      expect(codes('south', weekday).length).toBeGreaterThanOrEqual(3);
      expect(codes('south', weekday).length).toBeLessThanOrEqual(4);
      expect(codes('central', weekday).length).toBeGreaterThanOrEqual(2);
      expect(codes('central', weekday).length).toBeLessThanOrEqual(3);
      expect(provincesOn('north', weekday).map((p) => p.code)).toEqual(['MB']);
    }
    for (const province of VN_PROVINCES) expect(province.weekdays.length).toBeGreaterThan(0);
    expect(new Set(VN_PROVINCES.map((p) => p.code)).size).toBe(VN_PROVINCES.length);
  });
});

describe('vnLocalDay', () => {
  it('reads the calendar day in Vietnam (UTC+7), which turns at 17:00 UTC', () => {
    expect(vnLocalDay(new Date('2026-11-22T16:59:59Z'))).toEqual({ date: '2026-11-22', weekday: 0 });
    expect(vnLocalDay(new Date('2026-11-22T17:00:00Z'))).toEqual({ date: '2026-11-23', weekday: 1 });
  });
});

describe('nextVnDraw around the close (15 minutes before the draw by default)', () => {
  // Monday 2026-11-23: South draws at 16:15 local = 09:15 UTC, so betting closes at 09:00 UTC.
  it('is today’s draw until the last millisecond before the close', () => {
    expect(nextVnDraw('HCM', new Date('2026-11-23T08:59:59.999Z'))).toEqual({
      provinceCode: 'HCM',
      drawDate: '2026-11-23',
      drawAt: new Date('2026-11-23T09:15:00Z'),
      closesAt: new Date('2026-11-23T09:00:00Z'),
    });
  });

  it('moves to the next weekday the province draws on once closed', () => {
    const atClose = new Date('2026-11-23T09:00:00Z');
    expect(nextVnDraw('HCM', atClose).drawDate).toBe('2026-11-28');
    expect(nextVnDraw('DT', atClose)).toMatchObject({
      drawDate: '2026-11-30',
      drawAt: new Date('2026-11-30T09:15:00Z'),
    });
  });

  it('honours the merchant’s close offset, 0 meaning bets until the draw starts', () => {
    expect(nextVnDraw('HCM', new Date('2026-11-23T09:10:00Z'), 0).drawDate).toBe('2026-11-23');
    expect(nextVnDraw('HCM', new Date('2026-11-23T08:45:00Z'), 30).drawDate).toBe('2026-11-28');
    expect(nextVnDraw('HCM', new Date('2026-11-23T08:44:59Z'), 30).drawDate).toBe('2026-11-23');
    expect(() => nextVnDraw('HCM', new Date(), -1)).toThrow(RangeError);
    expect(() => nextVnDraw('HCM', new Date(), 1.5)).toThrow(RangeError);
  });

  it('North draws daily at 18:15 local (11:15 UTC) and names the host province', () => {
    expect(nextVnDraw('MB', new Date('2026-11-23T10:59:00Z'))).toMatchObject({
      drawDate: '2026-11-23',
      drawAt: new Date('2026-11-23T11:15:00Z'),
      host: 'Hà Nội',
    });
    expect(nextVnDraw('MB', new Date('2026-11-23T11:00:00Z'))).toMatchObject({
      drawDate: '2026-11-24',
      host: NORTH_HOSTS[2],
    });
  });

  it('after midnight in Vietnam (still the day before in UTC) today’s draws are Monday’s', () => {
    expect(nextVnDraw('CM', new Date('2026-11-22T17:30:00Z'))).toMatchObject({ drawDate: '2026-11-23' });
    expect(nextVnDraw('PY', new Date('2026-11-22T17:30:00Z'))).toMatchObject({
      drawAt: new Date('2026-11-23T10:15:00Z'),
    });
  });

  it('refuses an unknown game', () => {
    expect(() => nextVnDraw('XX', new Date())).toThrow(RangeError);
  });
});

describe('vnGameMenu', () => {
  it('at Monday noon lists today’s games first, open, with every bet type', () => {
    const menu = vnGameMenu(new Date('2026-11-23T05:00:00Z'));
    expect(menu.map((r) => r.region)).toEqual(['north', 'central', 'south']);
    const south = menu[2]!;
    expect(south).toMatchObject({ name: 'Miền Nam', abbreviation: 'XSMN', drawTime: '16:15' });
    expect(south.betTypes).toEqual(['lo2', 'lo3', 'de', 'xien2', 'xien3', 'xien4', 'baoLo2', 'baoLo3']);
    expect(south.provinces.slice(0, 3).map((p) => [p.code, p.drawsToday, p.openToday])).toEqual([
      ['HCM', true, true],
      ['DT', true, true],
      ['CM', true, true],
    ]);
    expect(south.provinces.slice(3).every((p) => !p.drawsToday && !p.openToday)).toBe(true);
    expect(south.provinces).toHaveLength(21);
    expect(menu[1]!.provinces).toHaveLength(14);
  });

  it('at 16:30 local the South has closed for today while the Central still takes bets', () => {
    const menu = vnGameMenu(new Date('2026-11-23T09:30:00Z'));
    const hcm = menu[2]!.provinces.find((p) => p.code === 'HCM')!;
    expect(hcm).toMatchObject({ drawsToday: true, openToday: false });
    expect(hcm.nextDraw.drawDate).toBe('2026-11-28');
    const hue = menu[1]!.provinces.find((p) => p.code === 'TTH')!;
    expect(hue).toMatchObject({ drawsToday: true, openToday: true });
    expect(hue.nextDraw.closesAt).toEqual(new Date('2026-11-23T10:00:00Z'));
  });

  it('orders each region by its next open draw: a game closed for today moves to its next weekday, last', () => {
    // Thursday 2026-11-26 21:47 in Vietnam (14:47 UTC): every region has drawn today.
    const menu = vnGameMenu(new Date('2026-11-26T14:47:00Z'));
    const north = menu[0]!.provinces[0]!;
    expect(north).toMatchObject({ code: 'MB', drawsToday: true, openToday: false });
    expect(north.nextDraw.drawDate).toBe('2026-11-27');
    for (const region of menu) {
      const days = region.provinces.map((p) => p.nextDraw.drawDate);
      expect(days).toEqual([...days].sort());
      expect(region.provinces.every((p) => p.nextDraw.closesAt > new Date('2026-11-26T14:47:00Z'))).toBe(
        true,
      );
    }
    const central = menu[1]!.provinces;
    expect(central.slice(0, 2).map((p) => [p.code, p.nextDraw.drawDate])).toEqual(
      codes('central', 5).map((code) => [code, '2026-11-27']),
    );
    expect(central.slice(-3).map((p) => [p.code, p.nextDraw.drawDate])).toEqual(
      codes('central', 4).map((code) => [code, '2026-12-03']),
    );
  });

  it('offers only the bet types a merchant sells, in the standard order', () => {
    const menu = vnGameMenu(new Date('2026-11-23T05:00:00Z'), 15, ['de', 'lo2']);
    expect(menu[0]!.betTypes).toEqual(['lo2', 'de']);
  });
});
