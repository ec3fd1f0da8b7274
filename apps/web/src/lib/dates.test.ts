import { describe, expect, it } from 'vitest';
import { dayPlaceholder, formatDate, formatDateTime, formatDay, formatTime, isoDay, parseDay } from './dates';

describe('days in the site’s language', () => {
  it('writes day/month/year in pt-BR and month/day/year in English', () => {
    expect(formatDay('2026-11-03', 'pt-BR')).toBe('03/11/2026');
    expect(formatDay('2026-11-03', 'en')).toBe('11/03/2026');
    expect(formatDay(undefined, 'pt-BR')).toBe('');
    expect(dayPlaceholder('pt-BR', { day: 'dd', month: 'mm', year: 'aaaa' })).toBe('dd/mm/aaaa');
  });

  it('reads what was typed in that order, refusing a day that does not exist', () => {
    expect(parseDay('03/11/2026', 'pt-BR')).toBe('2026-11-03');
    expect(parseDay('3-11-26', 'pt-BR')).toBe('2026-11-03');
    expect(parseDay('11/03/2026', 'en')).toBe('2026-11-03');
    expect(parseDay('31/02/2026', 'pt-BR')).toBeNull();
    expect(parseDay('2026', 'pt-BR')).toBeNull();
  });
});

describe('instants in the site’s language, on the player’s clock', () => {
  // 22:10 UTC on 26/11 is 19:10 in São Paulo (UTC−3) and already 27/11 in Vietnam (UTC+7).
  const at = '2026-11-26T22:10:21Z';
  const sp = { timeZone: 'America/Sao_Paulo' };

  it('writes day/month/year and a 24-hour clock in pt-BR, without seconds', () => {
    expect(formatDateTime(at, 'pt-BR', sp)).toBe('26/11/2026 19:10');
    expect(formatDate(at, 'pt-BR', sp)).toBe('26/11/2026');
    expect(formatTime(at, 'pt-BR', sp)).toBe('19:10');
    expect(formatTime('2026-11-26T03:05:00Z', 'pt-BR', sp)).toBe('00:05');
  });

  it('writes English as the date filters do: month/day/year and the hour with AM/PM', () => {
    expect(formatDateTime(at, 'en', sp)).toMatch(/^11\/26\/2026 7:10\sPM$/);
    expect(formatDate(at, 'en', sp)).toBe('11/26/2026');
    expect(formatDay('2026-11-26', 'en')).toBe(formatDate(at, 'en', sp));
  });

  it('counts the day and hour in the zone: the same instant is another day in Vietnam', () => {
    expect(formatDateTime(at, 'pt-BR', { timeZone: 'Asia/Ho_Chi_Minh' })).toBe('27/11/2026 05:10');
    expect(formatDateTime(at, 'pt-BR', { timeZone: 'UTC' })).toBe('26/11/2026 22:10');
    expect(isoDay(new Date(at), 'Asia/Ho_Chi_Minh')).toBe('2026-11-27');
    expect(isoDay(new Date(at), 'America/Sao_Paulo')).toBe('2026-11-26');
  });

  it('uses the browser’s zone by default and takes dates, strings and epoch milliseconds', () => {
    const local = new Date(2026, 0, 5, 7, 8, 9);
    expect(formatDateTime(local, 'pt-BR')).toBe('05/01/2026 07:08');
    expect(formatDateTime(local.getTime(), 'pt-BR')).toBe('05/01/2026 07:08');
    expect(isoDay(local)).toBe('2026-01-05');
  });

  it('gives an empty string for missing or invalid input', () => {
    for (const input of [null, undefined, '', 'garbage']) {
      expect(formatDateTime(input, 'pt-BR')).toBe('');
      expect(formatDate(input, 'en')).toBe('');
      expect(formatTime(input, 'en')).toBe('');
    }
  });
});
