import { describe, expect, it } from 'vitest';
import { formatMultiplier, localDecimal } from './multiplier';

describe('formatMultiplier', () => {
  it('writes the decimal separator of the language, two decimals floored', () => {
    expect(formatMultiplier(2, { locale: 'pt-BR' })).toBe('2,00×');
    expect(formatMultiplier(2, { locale: 'en' })).toBe('2.00×');
    expect(formatMultiplier(1.999, { locale: 'pt-BR' })).toBe('1,99×');
    expect(formatMultiplier(1234.5, { locale: 'pt-BR' })).toBe('1.234,50×');
  });

  it('shows a rate exactly, without padding, and another precision on request', () => {
    expect(formatMultiplier(52.94, { locale: 'pt-BR', exact: true })).toBe('52,94×');
    expect(formatMultiplier(80, { locale: 'pt-BR', exact: true })).toBe('80×');
    expect(formatMultiplier(1.23456, { locale: 'en', digits: 4, exact: true })).toBe('1.2346×');
  });
});

describe('localDecimal', () => {
  it('turns a toFixed text into the language’s notation', () => {
    expect(localDecimal('50.50', 'pt-BR')).toBe('50,50');
    expect(localDecimal('2.0002', 'en')).toBe('2.0002');
    expect(localDecimal('10', 'pt-BR')).toBe('10');
  });
});
