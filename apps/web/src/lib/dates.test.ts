import { describe, expect, it } from 'vitest';
import { dayPlaceholder, formatDay, parseDay } from './dates';

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
