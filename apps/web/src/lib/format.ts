import { formatMinor } from '@sorte/money';

export interface MoneyFormatOptions {
  currency?: string;
  symbol?: string;
  locale?: string;
  /** Show the currency symbol before the amount (default true). */
  withSymbol?: boolean;
}

/** Formats an integer minor-unit amount: 2 decimals, locale grouping, merchant currency symbol ('$' by default). */
export function formatMoney(
  minor: bigint | number | string | null | undefined,
  options: MoneyFormatOptions = {},
): string {
  const { currency = 'BRL', symbol = '$', locale = 'pt-BR', withSymbol = true } = options;
  let value: bigint;
  try {
    value = minor === null || minor === undefined || minor === '' ? 0n : BigInt(minor);
  } catch {
    value = 0n;
  }
  const amount = formatMinor(value, currency, locale);
  if (!withSymbol) return amount;
  return amount.startsWith('-') ? `-${symbol} ${amount.slice(1)}` : `${symbol} ${amount}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Formats a date as `yyyy-MM-dd HH:mm:ss` in the browser's time zone; invalid input gives ''. */
export function formatDateTime(input: Date | string | number | null | undefined): string {
  if (input === null || input === undefined || input === '') return '';
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}:${pad(date.getSeconds())}`;
}

/** `yyyy-MM-dd` only. */
export function formatDate(input: Date | string | number | null | undefined): string {
  return formatDateTime(input).slice(0, 10);
}
