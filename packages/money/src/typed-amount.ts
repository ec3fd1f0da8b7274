/**
 * Amounts people type into a field (the player's cashier and bet inputs, the back office's forms),
 * read in the merchant's currency and the reader's language, and written back for editing. One rule
 * for every screen; never through floating point.
 */
import { currencyScale, separatorsOf } from './minor.ts';

export type AmountParse = { ok: true; minor: bigint } | { ok: false; error: 'format' | 'decimals' };

/** The decimal separator people type in this locale (',' in pt-BR, '.' in en). */
export function decimalSeparatorOf(locale: string): '.' | ',' {
  return separatorsOf(locale).decimal;
}

/**
 * Reads a non-negative amount typed in the currency's decimals (0 for VND/IDR, 2 for BRL/USD); null
 * when nothing was typed. The locale's decimal separator wins; the other one counts as grouping only
 * when followed by exactly three digits, so a Brazilian typing "10.50" means ten and a half and
 * "1.500" one thousand five hundred. Grouping out of threes, signs and junk are 'format'; more decimals
 * than the currency has are 'decimals' (refused, never rounded). A currency symbol in front is ignored.
 */
export function parseAmountInput(input: string, currency: string, locale: string): AmountParse | null {
  const text = input.replace(/[\s\u00a0]/g, '').replace(/^[A-Za-z]{0,3}\p{Sc}/u, '');
  if (text === '') return null;
  if (!/^\d[\d.,]*$/.test(text)) return { ok: false, error: 'format' };
  const scale = currencyScale(currency);
  const decimal = decimalSeparatorOf(locale);
  const lastIndex = Math.max(text.lastIndexOf('.'), text.lastIndexOf(','));
  let whole = text;
  let fraction = '';
  if (lastIndex >= 0) {
    const separator = text[lastIndex];
    const tail = text.slice(lastIndex + 1);
    const onlyOne = text.indexOf(separator!) === lastIndex && !text.includes(separator === '.' ? ',' : '.');
    const isDecimal = separator === decimal || (onlyOne && tail.length !== 3);
    if (isDecimal) {
      whole = text.slice(0, lastIndex);
      fraction = tail;
    }
  }
  const digits = whole.replace(/[.,]/g, '');
  // Grouping must come in threes ("1.000.000"); anything else is a typo we refuse rather than guess.
  if (/[.,]/.test(whole) && !/^\d{1,3}([.,]\d{3})*$/.test(whole)) return { ok: false, error: 'format' };
  if (digits === '' || !/^\d*$/.test(fraction)) return { ok: false, error: 'format' };
  if (fraction.length > scale) return { ok: false, error: 'decimals' };
  const minor = BigInt(digits) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
  return { ok: true, minor };
}

/** Minor units → the plain text an amount field shows (no grouping, the locale's decimal separator). */
export function minorToInput(minor: bigint | number, currency: string, locale: string): string {
  const scale = currencyScale(currency);
  const value = BigInt(minor);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const base = 10n ** BigInt(scale);
  const fraction =
    scale > 0 ? `${decimalSeparatorOf(locale)}${(abs % base).toString().padStart(scale, '0')}` : '';
  return `${negative ? '-' : ''}${abs / base}${fraction}`;
}
