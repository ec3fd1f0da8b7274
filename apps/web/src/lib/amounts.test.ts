import { describe, expect, it } from 'vitest';
import { minorToInput, parseAmountInput } from './amounts';

const pt = (text: string) => parseAmountInput(text, 'BRL', 'pt-BR');
const en = (text: string) => parseAmountInput(text, 'BRL', 'en');

describe('parseAmountInput', () => {
  it('reads whole amounts and the locale decimal separator', () => {
    expect(pt('100')).toEqual({ ok: true, minor: 10000n });
    expect(pt('12,34')).toEqual({ ok: true, minor: 1234n });
    expect(en('12.34')).toEqual({ ok: true, minor: 1234n });
    expect(pt('R$ 50,5')).toEqual({ ok: true, minor: 5050n });
  });

  it('treats grouping in threes as grouping', () => {
    expect(pt('1.234,56')).toEqual({ ok: true, minor: 123456n });
    expect(en('1,234.56')).toEqual({ ok: true, minor: 123456n });
    expect(pt('1.000')).toEqual({ ok: true, minor: 100000n });
    expect(en('1,000,000')).toEqual({ ok: true, minor: 100000000n });
  });

  it('reads a lone foreign separator before one or two digits as the decimal point', () => {
    expect(pt('10.50')).toEqual({ ok: true, minor: 1050n });
    expect(en('10,5')).toEqual({ ok: true, minor: 1050n });
  });

  it('refuses more decimals than the currency has, and garbage', () => {
    expect(pt('1,234')).toEqual({ ok: false, error: 'decimals' });
    expect(pt('abc')).toEqual({ ok: false, error: 'format' });
    expect(pt('-5')).toEqual({ ok: false, error: 'format' });
    expect(pt('1.23.4,00')).toEqual({ ok: false, error: 'format' });
    expect(pt('   ')).toBeNull();
  });

  it('round-trips through minorToInput', () => {
    expect(minorToInput(123456n, 'BRL', 'pt-BR')).toBe('1234,56');
    expect(minorToInput(5n, 'BRL', 'en')).toBe('0.05');
    expect(pt(minorToInput(987654n, 'BRL', 'pt-BR'))).toEqual({ ok: true, minor: 987654n });
  });
});
