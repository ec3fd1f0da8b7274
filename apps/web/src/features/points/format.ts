import type { PointsItem } from '@sorte/contracts';

/** The item's text in the page's language, else the other one. */
export function localized(text: PointsItem['names'] | null | undefined, language: string): string {
  if (!text) return '';
  const mine = language.startsWith('pt') ? text['pt-BR'] : text.en;
  return mine || text['pt-BR'] || text.en;
}

/** Whole points with the language's grouping ("1.234" in pt-BR, "1,234" in English). */
export function formatPoints(points: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(points);
}

export const isWithdrawalPassword = (pin: string) => /^[0-9]{6}$/.test(pin);
