import { currencyScale, MoneyParseError, parseToMinor } from '@sorte/money';

/** The decimal separator people type in this locale (',' in pt-BR, '.' in en). */
export function decimalSeparatorOf(locale: string): '.' | ',' {
  const parts = new Intl.NumberFormat(locale, { minimumFractionDigits: 1 }).formatToParts(1.5);
  return parts.find((part) => part.type === 'decimal')?.value === ',' ? ',' : '.';
}

export type AmountInput =
  | { ok: true; minor: number }
  | { ok: false; reason: 'empty' | 'invalid' | 'not_positive' };

/** The largest amount the API accepts (contracts positiveMinor). */
const MAX_MINOR = 1_000_000_000_000n;

/**
 * Reads an amount an operator typed ("1.234,56" in pt-BR, "1,234.56" in en, or plain "1234.5") into
 * minor units, never through floating point. Zero, negatives, too many decimals and junk are refused.
 */
export function parseAmountInput(text: string, currency: string, locale: string): AmountInput {
  const trimmed = text.trim().replace(/\s/g, '');
  if (trimmed === '') return { ok: false, reason: 'empty' };
  const decimal = decimalSeparatorOf(locale);
  if (!groupingIsValid(trimmed, decimal)) return { ok: false, reason: 'invalid' };
  let minor: bigint;
  try {
    minor = parseToMinor(trimmed, currency, decimal);
  } catch (error) {
    if (error instanceof MoneyParseError) return { ok: false, reason: 'invalid' };
    throw error;
  }
  if (minor <= 0n) return { ok: false, reason: 'not_positive' };
  if (minor > MAX_MINOR) return { ok: false, reason: 'invalid' };
  return { ok: true, minor: Number(minor) };
}

/**
 * Thousands separators are accepted only between groups of three digits. Otherwise "1,5" typed in
 * English (meant as one and a half) would silently read as 15, and "10.50" in Portuguese as 1050.
 */
function groupingIsValid(text: string, decimal: '.' | ','): boolean {
  const group = decimal === '.' ? ',' : '.';
  const parts = text.split(decimal);
  if (parts.length > 2) return false;
  const whole = parts[0] ?? '';
  if (!whole.includes(group)) return true;
  return new RegExp(`^-?\\d{1,3}(\\${group}\\d{3})+$`).test(whole);
}

/** Minor units back into the text an input field shows, without grouping ("1234,56"). */
export function minorToInput(minor: number, currency: string, locale: string): string {
  const scale = currencyScale(currency);
  const value = BigInt(minor);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const base = 10n ** BigInt(scale);
  const fraction =
    scale > 0 ? `${decimalSeparatorOf(locale)}${(abs % base).toString().padStart(scale, '0')}` : '';
  return `${negative ? '-' : ''}${abs / base}${fraction}`;
}
