import { formatMinor } from '@sorte/money';

const symbols = new Map<string, string>();

/** The currency's symbol in the locale ('R$' for BRL), falling back to the code itself. */
export function currencySymbol(currency: string, locale: string): string {
  const key = `${locale}|${currency}`;
  let symbol = symbols.get(key);
  if (symbol === undefined) {
    try {
      const parts = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(0);
      symbol = parts.find((part) => part.type === 'currency')?.value ?? currency;
    } catch {
      symbol = currency;
    }
    symbols.set(key, symbol);
  }
  return symbol;
}

/** Minor units as money: the currency's decimals, locale grouping, symbol first ("R$ 1.234,56"). */
export function formatMoney(
  minor: bigint | number | string | null | undefined,
  currency: string,
  locale: string,
): string {
  let value: bigint;
  try {
    value = minor === null || minor === undefined || minor === '' ? 0n : BigInt(minor);
  } catch {
    value = 0n;
  }
  const amount = formatMinor(value, currency, locale);
  const symbol = currencySymbol(currency, locale);
  return amount.startsWith('-') ? `-${symbol} ${amount.slice(1)}` : `${symbol} ${amount}`;
}
