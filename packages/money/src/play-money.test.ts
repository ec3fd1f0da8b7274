import { describe, expect, it } from 'vitest';
import { currencyScale, formatMinor } from './minor.ts';
import { displayCurrency, isPlayCurrency, playCurrency, playMoneyStartMinor } from './play-money.ts';

describe('play money', () => {
  it('has a code of its own per real currency, told apart by the code alone', () => {
    expect(playCurrency('BRL')).toBe('XBRL');
    expect(playCurrency('USDT')).toBe('XUSDT');
    expect(playCurrency('XBRL')).toBe('XBRL');
    for (const real of ['BRL', 'USD', 'VND', 'USDT', 'XAF', 'XAU']) expect(isPlayCurrency(real)).toBe(false);
    for (const play of ['XBRL', 'XVND', 'XUSDT']) expect(isPlayCurrency(play)).toBe(true);
    expect(displayCurrency('XBRL')).toBe('BRL');
    expect(displayCurrency('BRL')).toBe('BRL');
  });

  it('keeps its real currency’s decimals', () => {
    expect(currencyScale('XVND')).toBe(0);
    expect(currencyScale('XBRL')).toBe(2);
    expect(formatMinor(123456n, 'XBRL', 'pt-BR')).toBe('1.234,56');
    expect(playMoneyStartMinor(currencyScale('XBRL'))).toBe(100_000n);
    expect(playMoneyStartMinor(currencyScale('XVND'))).toBe(1_000_000n);
  });
});
