import { currencyScale } from '@sorte/money';

/**
 * Reading and writing amounts typed in the merchant currency: the cashier forms and the bet-amount
 * inputs share these. Amounts are bigint minor units throughout.
 */

export type AmountParse = { ok: true; minor: bigint } | { ok: false; error: 'format' | 'decimals' };

/** The decimal separator of a locale ('pt-BR' → ',', 'en' → '.'). */
export function decimalSeparatorOf(locale: string): '.' | ',' {
  const parts = new Intl.NumberFormat(locale, { minimumFractionDigits: 1 }).formatToParts(1.5);
  return parts.find((p) => p.type === 'decimal')?.value === ',' ? ',' : '.';
}

/**
 * Reads an amount typed in the merchant currency. The locale's decimal separator wins; the other
 * separator counts as grouping only when it is followed by exactly three digits, so a Brazilian
 * player typing "10.50" still means ten and a half rather than one thousand and fifty.
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

/** Minor units → the plain text an amount field shows (no grouping, locale decimal separator). */
export function minorToInput(minor: bigint, currency: string, locale: string): string {
  const scale = currencyScale(currency);
  if (scale === 0) return minor.toString();
  const base = 10n ** BigInt(scale);
  const fraction = (minor % base).toString().padStart(scale, '0');
  return `${minor / base}${decimalSeparatorOf(locale)}${fraction}`;
}
