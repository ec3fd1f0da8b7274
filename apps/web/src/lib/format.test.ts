import { describe, expect, it } from 'vitest';
import { formatMoney } from './format';

describe('formatMoney', () => {
  it('shows two decimals with pt-BR grouping and the default symbol', () => {
    expect(formatMoney(123456789n)).toBe('$ 1.234.567,89');
  });

  it('uses English grouping and the merchant symbol', () => {
    expect(formatMoney(123456789, { locale: 'en', symbol: 'R$' })).toBe('R$ 1,234,567.89');
  });

  it('puts the sign before the symbol and treats missing amounts as zero', () => {
    expect(formatMoney(-5n, { locale: 'en' })).toBe('-$ 0.05');
    expect(formatMoney(null)).toBe('$ 0,00');
    expect(formatMoney('not a number')).toBe('$ 0,00');
  });

  it('can omit the symbol', () => {
    expect(formatMoney(100n, { withSymbol: false, locale: 'en' })).toBe('1.00');
  });
});
