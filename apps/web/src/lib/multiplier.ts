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
