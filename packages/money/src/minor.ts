import { displayCurrency } from './play-money.ts';

/**
 * Money in integer minor units. Amounts never pass through floating point: parsing works on the
 * decimal string and formatting on bigint digits, so 0.1 + 0.2 problems cannot occur.
 */

/** Decimal places of each currency we trade in. Unknown currencies default to 2. */
const CURRENCY_SCALES: Record<string, number> = {
  BRL: 2,
  USD: 2,
  EUR: 2,
  USDT: 2,
  VND: 0,
  IDR: 0,
  JPY: 0,
  KRW: 0,
};

/** Play money ('XBRL', play-money.ts) has its real currency's decimals. */
export function currencyScale(currency: string): number {
  return CURRENCY_SCALES[displayCurrency(currency.toUpperCase())] ?? 2;
}

export class MoneyParseError extends Error {}

/**
 * Parses a decimal amount in a fixed notation ("1234.5", "1,234.50" with en grouping, "1.234,50" with
 * pt-BR grouping) into minor units. More decimals than the currency has are refused, never rounded.
 * For what a person types into a field, see `parseAmountInput` (typed-amount.ts).
 */
export function parseToMinor(input: string, currency: string, decimalSeparator: '.' | ',' = '.'): bigint {
  const scale = currencyScale(currency);
  const group = decimalSeparator === '.' ? ',' : '.';
  const text = input.trim().split(group).join('');
  const match = /^(-)?(\d+)(?:[.,](\d*))?$/.exec(text.replace(decimalSeparator, '.'));
  if (!match) throw new MoneyParseError(`not an amount: ${input}`);
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > scale) throw new MoneyParseError(`more than ${scale} decimals: ${input}`);
  const minor = BigInt(whole!) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
  return sign ? -minor : minor;
}

/** The grouping and decimal separators of a locale ('pt-BR' → '.' and ','; 'en' → ',' and '.'). */
export function separatorsOf(locale: string): { group: string; decimal: '.' | ',' } {
  const parts = new Intl.NumberFormat(locale, { minimumFractionDigits: 1 }).formatToParts(1000.5);
  const decimal = parts.find((p) => p.type === 'decimal')?.value === ',' ? ',' : '.';
  return { group: parts.find((p) => p.type === 'group')?.value ?? (decimal === '.' ? ',' : '.'), decimal };
}

/** Formats minor units with the locale's grouping and the currency's decimals, e.g. 123456n → "1.234,56". */
export function formatMinor(minor: bigint | number, currency: string, locale = 'pt-BR'): string {
  const scale = currencyScale(currency);
  const value = BigInt(minor);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const base = 10n ** BigInt(scale);
  const whole = abs / base;
  const fraction = (abs % base).toString().padStart(scale, '0');
  const { group, decimal } = separatorsOf(locale);
  const grouped = whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${negative ? '-' : ''}${grouped}${scale > 0 ? decimal + fraction : ''}`;
}

/** Multiplies minor units by a rate given in basis points, rounding toward zero (the house never rounds up a payout). */
export function applyBasisPoints(minor: bigint, basisPoints: bigint): bigint {
  return (minor * basisPoints) / 10_000n;
}
