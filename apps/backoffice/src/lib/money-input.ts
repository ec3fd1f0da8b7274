import { parseAmountInput as parseTyped } from '@sorte/money';

/**
 * The back office's amount fields. Reading and writing typed amounts is @sorte/money's (one rule for
 * the player's site, the back office and the server); this adds only the forms' own limits.
 */
export { decimalSeparatorOf, minorToInput } from '@sorte/money';

export type AmountInput =
  | { ok: true; minor: number }
  | { ok: false; reason: 'empty' | 'invalid' | 'not_positive' };

/** The largest amount the API accepts (contracts positiveMinor). */
const MAX_MINOR = 1_000_000_000_000n;

/**
 * Reads an amount an operator typed ("1.234,56" in pt-BR, "1,234.56" in en, "15.000" đồng) into minor
 * units of the currency, never through floating point. Zero, negatives, more decimals than the
 * currency has, grouping out of threes and junk are refused.
 */
export function parseAmountInput(text: string, currency: string, locale: string): AmountInput {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, reason: 'empty' };
  if (/^-\s*\d/.test(trimmed)) return { ok: false, reason: 'not_positive' };
  const parsed = parseTyped(trimmed, currency, locale);
  if (!parsed?.ok || parsed.minor > MAX_MINOR) return { ok: false, reason: 'invalid' };
  if (parsed.minor <= 0n) return { ok: false, reason: 'not_positive' };
  return { ok: true, minor: Number(parsed.minor) };
}
