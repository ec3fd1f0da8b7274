import { describe, expect, it } from 'vitest';
import { minorToInput, parseAmountInput } from './money-input';

describe('parseAmountInput', () => {
  it('reads pt-BR amounts with a comma for decimals and dots for thousands', () => {
    expect(parseAmountInput('1.234,56', 'BRL', 'pt-BR')).toEqual({ ok: true, minor: 123456 });
    expect(parseAmountInput('10,5', 'BRL', 'pt-BR')).toEqual({ ok: true, minor: 1050 });
    expect(parseAmountInput(' 250 ', 'BRL', 'pt-BR')).toEqual({ ok: true, minor: 25000 });
  });

  it('reads en amounts with a dot for decimals and commas for thousands', () => {
    expect(parseAmountInput('1,234.56', 'BRL', 'en')).toEqual({ ok: true, minor: 123456 });
    expect(parseAmountInput('0.01', 'BRL', 'en')).toEqual({ ok: true, minor: 1 });
  });

  it('never goes through floating point', () => {
    expect(parseAmountInput('0,29', 'BRL', 'pt-BR')).toEqual({ ok: true, minor: 29 });
    expect(parseAmountInput('9007199254,99', 'BRL', 'pt-BR')).toEqual({ ok: true, minor: 900719925499 });
  });

  it('refuses empty, zero, negative, junk and more decimals than the currency has', () => {
    expect(parseAmountInput('', 'BRL', 'pt-BR')).toEqual({ ok: false, reason: 'empty' });
    expect(parseAmountInput('0,00', 'BRL', 'pt-BR')).toEqual({ ok: false, reason: 'not_positive' });
    expect(parseAmountInput('-5', 'BRL', 'pt-BR')).toEqual({ ok: false, reason: 'not_positive' });
    expect(parseAmountInput('abc', 'BRL', 'pt-BR')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseAmountInput('1,234', 'BRL', 'pt-BR')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseAmountInput('1e5', 'BRL', 'en')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('reads the one typed-amount rule of @sorte/money: a lone foreign separator before 1–2 digits is decimal', () => {
    expect(parseAmountInput('1,5', 'BRL', 'en')).toEqual({ ok: true, minor: 150 });
    expect(parseAmountInput('10.50', 'BRL', 'pt-BR')).toEqual({ ok: true, minor: 1050 });
  });

  it('reads VND without decimals', () => {
    expect(parseAmountInput('15.000', 'VND', 'pt-BR')).toEqual({ ok: true, minor: 15000 });
    expect(parseAmountInput('15,5', 'VND', 'pt-BR')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses thousands separators out of place instead of guessing', () => {
    expect(parseAmountInput('12,34,567', 'BRL', 'en')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseAmountInput('1.23.4,00', 'BRL', 'pt-BR')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseAmountInput('1.234.567,8', 'BRL', 'pt-BR')).toEqual({ ok: true, minor: 123456780 });
  });

  it('refuses amounts above the API maximum', () => {
    expect(parseAmountInput('10000000001', 'BRL', 'en')).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('minorToInput', () => {
  it('gives back what the input field shows, in the locale', () => {
    expect(minorToInput(123456, 'BRL', 'pt-BR')).toBe('1234,56');
    expect(minorToInput(5, 'BRL', 'en')).toBe('0.05');
  });

  it('round-trips through parseAmountInput', () => {
    for (const minor of [1, 99, 100, 123456, 1_000_000_00]) {
      expect(parseAmountInput(minorToInput(minor, 'BRL', 'pt-BR'), 'BRL', 'pt-BR')).toEqual({
        ok: true,
        minor,
      });
    }
  });
});
