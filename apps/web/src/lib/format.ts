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
