import { describe, expect, it } from 'vitest';
import { feeFor, feePreview, formatMinor, minorToInput, parseAmountInput } from './index.ts';

const pt = (text: string, currency = 'BRL') => parseAmountInput(text, currency, 'pt-BR');
const en = (text: string, currency = 'BRL') => parseAmountInput(text, currency, 'en');

describe('parseAmountInput', () => {
  it('reads pt-BR "1.234,56" and en "1,234.56" alike', () => {
    expect(pt('1.234,56')).toEqual({ ok: true, minor: 123456n });
    expect(en('1,234.56')).toEqual({ ok: true, minor: 123456n });
    expect(pt('12,34')).toEqual({ ok: true, minor: 1234n });
    expect(en('12.34')).toEqual({ ok: true, minor: 1234n });
    expect(pt('R$ 50,5')).toEqual({ ok: true, minor: 5050n });
    expect(en('1,000,000', 'USD')).toEqual({ ok: true, minor: 100000000n });
  });

  it('reads VND and IDR with no decimals: grouping is grouping, a decimal part is refused', () => {
    expect(pt('15.000', 'VND')).toEqual({ ok: true, minor: 15000n });
    expect(en('15,000', 'VND')).toEqual({ ok: true, minor: 15000n });
    expect(pt('1.234.567', 'IDR')).toEqual({ ok: true, minor: 1234567n });
    expect(pt('2500', 'VND')).toEqual({ ok: true, minor: 2500n });
    expect(pt('2,5', 'VND')).toEqual({ ok: false, error: 'decimals' });
    expect(en('2.5', 'IDR')).toEqual({ ok: false, error: 'decimals' });
  });

  it('reads a lone foreign separator before one or two digits as the decimal point', () => {
    expect(pt('10.50')).toEqual({ ok: true, minor: 1050n });
    expect(en('10,5')).toEqual({ ok: true, minor: 1050n });
  });

  it('refuses more decimals than the currency has, signs, junk and grouping out of threes', () => {
    expect(pt('1,234')).toEqual({ ok: false, error: 'decimals' });
    expect(en('1.005', 'USD')).toEqual({ ok: false, error: 'decimals' });
    expect(pt('abc')).toEqual({ ok: false, error: 'format' });
    expect(pt('-5')).toEqual({ ok: false, error: 'format' });
    expect(en('1e5')).toEqual({ ok: false, error: 'format' });
    expect(pt('1.23.4,00')).toEqual({ ok: false, error: 'format' });
    expect(en('12,34,567')).toEqual({ ok: false, error: 'format' });
    expect(pt('   ')).toBeNull();
  });

  it('never goes through floating point', () => {
    expect(pt('0,29')).toEqual({ ok: true, minor: 29n });
    expect(pt('90071992547409,93')).toEqual({ ok: true, minor: 9007199254740993n });
  });

  it('round-trips through minorToInput in every locale and currency', () => {
    expect(minorToInput(123456n, 'BRL', 'pt-BR')).toBe('1234,56');
    expect(minorToInput(5, 'USD', 'en')).toBe('0.05');
    expect(minorToInput(15000n, 'VND', 'pt-BR')).toBe('15000');
    expect(minorToInput(-5n, 'BRL', 'en')).toBe('-0.05');
    for (const minor of [1n, 99n, 100n, 123456n, 10_000_000_000n])
      for (const [currency, locale] of [
        ['BRL', 'pt-BR'],
        ['USD', 'en'],
        ['VND', 'pt-BR'],
        ['IDR', 'en'],
      ] as const)
        expect(parseAmountInput(minorToInput(minor, currency, locale), currency, locale)).toEqual({
          ok: true,
          minor,
        });
  });

  it('formats with the currency decimals: none for VND', () => {
    expect(formatMinor(1234567n, 'VND', 'pt-BR')).toBe('1.234.567');
    expect(formatMinor(1234567n, 'IDR', 'en')).toBe('1,234,567');
  });
});

describe('cashier fee', () => {
  it('charges basis points rounded up plus the fixed part; the preview is the same rule', () => {
    expect(feeFor(10_001n, 150, 0n)).toBe(151n);
    expect(feeFor(10_000n, 150, 200n)).toBe(350n);
    expect(feePreview(10_000n, 150, 200)).toEqual({ feeMinor: 350n, netMinor: 9_650n });
    expect(feePreview(100n, 0, 500)).toEqual({ feeMinor: 500n, netMinor: 0n });
    expect(feePreview(0n, 150, 200)).toEqual({ feeMinor: 0n, netMinor: 0n });
  });
});
