import { floorToCents } from '@sorte/fairness';
import i18next from 'i18next';

/**
 * A multiplier as the reader writes numbers: "2,00×" in pt-BR beside "R$ 2,00", "2.00×" in English,
 * thousands grouped ("5.148.297,00×").
 * Two decimals by default, floored as crash floors its points (never shown above what was reached);
 * `digits` for another precision, `exact` to show up to that many decimals without padding or
 * flooring (a rate such as 52,94 or 80). The language defaults to the site's current one.
 */
export function formatMultiplier(
  value: number,
  opts: { digits?: number; exact?: boolean; locale?: string } = {},
): string {
  const { digits = 2, exact = false } = opts;
  const locale = opts.locale ?? (i18next.language || 'en');
  const shown = exact || digits !== 2 ? value : floorToCents(value);
  const number = new Intl.NumberFormat(locale, {
    minimumFractionDigits: exact ? 0 : digits,
    maximumFractionDigits: digits,
  }).format(shown);
  return `${number}×`;
}

/**
 * A number written with a dot (toFixed) in the reader's notation: '50,50' in pt-BR, '50.50' in
 * English — for the games' typed fields, which read either sign back.
 */
export function localDecimal(fixed: string, locale: string = i18next.language || 'en'): string {
  const sign = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value;
  return sign && sign !== '.' ? fixed.replace('.', sign) : fixed;
}
