/**
 * Play money (free play): a trial account's balance is kept in a currency of its own, so it can never
 * meet real money. The ledger refuses a transfer between accounts of different currencies, every
 * real-money figure is per currency, and a report, an invariant or a stream tells play money apart
 * by the code alone: the real currency's code behind the prefix 'X' (ISO 4217 keeps X-codes for
 * what is not a national currency), e.g. 'XBRL' for play reais. Real codes are three letters (USDT
 * four, never starting with X), so a play code is four or five letters starting with X.
 */
export const PLAY_CURRENCY_PREFIX = 'X';

/** The same test in SQL (`currency ~ PLAY_CURRENCY_SQL_PATTERN`), for reports and streams. */
export const PLAY_CURRENCY_SQL_PATTERN = '^X[A-Z]{3,4}$';

const PLAY_CURRENCY = /^X[A-Z]{3,4}$/;

/** The play-money code for a real currency: 'BRL' → 'XBRL'. */
export function playCurrency(real: string): string {
  if (isPlayCurrency(real)) return real;
  return `${PLAY_CURRENCY_PREFIX}${real.toUpperCase()}`;
}

export function isPlayCurrency(currency: string): boolean {
  return PLAY_CURRENCY.test(currency);
}

/** The real currency a code shows as: 'XBRL' → 'BRL' (same decimals and symbol); a real code as is. */
export function displayCurrency(currency: string): string {
  return isPlayCurrency(currency) ? currency.slice(PLAY_CURRENCY_PREFIX.length) : currency;
}

/**
 * The play balance a trial account starts with and is topped up to: 1,000 whole units of a currency
 * with decimals (R$ 1.000,00), 1,000,000 of one without (the đồng, the rupiah: small units).
 */
export function playMoneyStartMinor(scale: number): bigint {
  return scale === 0 ? 1_000_000n : 1000n * 10n ** BigInt(scale);
}
