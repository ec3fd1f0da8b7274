import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay } from './dates';

describe('back-office dates in the operator’s language (issue 13: they read yyyy-MM-dd)', () => {
  const at = new Date(2026, 10, 26, 19, 10, 5); // local time: the operator's clock

  it('pt-BR writes dd/MM/yyyy and a 24-hour clock', () => {
    expect(formatDateTime(at, 'pt-BR')).toBe('26/11/2026 19:10:05');
    expect(formatDay('2026-11-26', 'pt-BR')).toBe('26/11/2026');
  });

  it('English follows its own order and clock', () => {
    expect(formatDateTime(at, 'en')).toMatch(/^11\/26\/2026 0?7:10:05\s?PM$/);
    expect(formatDay('2026-11-03', 'en')).toBe('11/03/2026');
  });

  it('nothing to show gives an empty text; a day it cannot read stays as given', () => {
    expect(formatDateTime(null, 'pt-BR')).toBe('');
    expect(formatDateTime('not a date', 'pt-BR')).toBe('');
    expect(formatDay('2026-W48', 'pt-BR')).toBe('2026-W48');
  });
});
