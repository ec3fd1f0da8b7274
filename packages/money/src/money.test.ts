import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MoneyParseError, applyBasisPoints, formatMinor, parseToMinor } from './index.ts';

describe('money', () => {
  it('parses decimal strings into minor units without floating point', () => {
    expect(parseToMinor('1234.5', 'BRL')).toBe(123450n);
    expect(parseToMinor('1,234.56', 'USD')).toBe(123456n);
    expect(parseToMinor('1.234,56', 'BRL', ',')).toBe(123456n);
    expect(parseToMinor('0.1', 'BRL') + parseToMinor('0.2', 'BRL')).toBe(30n);
    expect(parseToMinor('15000', 'VND')).toBe(15000n);
  });

  it('refuses more decimals than the currency has, and garbage', () => {
    expect(() => parseToMinor('1.005', 'BRL')).toThrow(MoneyParseError);
    expect(() => parseToMinor('1.5', 'VND')).toThrow(MoneyParseError);
    expect(() => parseToMinor('abc', 'BRL')).toThrow(MoneyParseError);
  });

  it('formats with 2 decimals and the locale grouping', () => {
    expect(formatMinor(123456789n, 'BRL', 'pt-BR')).toBe('1.234.567,89');
    expect(formatMinor(123456789n, 'USD', 'en')).toBe('1,234,567.89');
    expect(formatMinor(-5n, 'BRL', 'en')).toBe('-0.05');
    expect(formatMinor(0, 'BRL', 'en')).toBe('0.00');
  });

  it('round-trips any amount through format and parse', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (minor) => {
        expect(parseToMinor(formatMinor(minor, 'BRL', 'en'), 'BRL', '.')).toBe(minor);
        expect(parseToMinor(formatMinor(minor, 'BRL', 'pt-BR'), 'BRL', ',')).toBe(minor);
      }),
    );
  });

  it('rounds basis-point rates toward zero', () => {
    expect(applyBasisPoints(999n, 150n)).toBe(14n);
  });
});
