import { currencyScale } from '@sorte/money';

/**
 * Pure money rules of the cashier forms: reading what a player typed, checking it against the
 * limits, previewing the fee, checking a proof image. Amounts are bigint minor units throughout.
 */

export type AmountParse = { ok: true; minor: bigint } | { ok: false; error: 'format' | 'decimals' };

/** The decimal separator of a locale ('pt-BR' → ',', 'en' → '.'). */
export function decimalSeparatorOf(locale: string): '.' | ',' {
  const parts = new Intl.NumberFormat(locale, { minimumFractionDigits: 1 }).formatToParts(1.5);
  return parts.find((p) => p.type === 'decimal')?.value === ',' ? ',' : '.';
}

/**
 * Reads an amount typed in the merchant currency. The locale's decimal separator wins; the other
 * separator counts as grouping only when it is followed by exactly three digits, so a Brazilian
 * player typing "10.50" still means ten and a half rather than one thousand and fifty.
 */
export function parseAmountInput(input: string, currency: string, locale: string): AmountParse | null {
  const text = input.replace(/[\s\u00a0]/g, '').replace(/^[A-Za-z]{0,3}\p{Sc}/u, '');
  if (text === '') return null;
  if (!/^\d[\d.,]*$/.test(text)) return { ok: false, error: 'format' };
  const scale = currencyScale(currency);
  const decimal = decimalSeparatorOf(locale);
  const lastIndex = Math.max(text.lastIndexOf('.'), text.lastIndexOf(','));
  let whole = text;
  let fraction = '';
  if (lastIndex >= 0) {
    const separator = text[lastIndex];
    const tail = text.slice(lastIndex + 1);
    const onlyOne = text.indexOf(separator!) === lastIndex && !text.includes(separator === '.' ? ',' : '.');
    const isDecimal = separator === decimal || (onlyOne && tail.length !== 3);
    if (isDecimal) {
      whole = text.slice(0, lastIndex);
      fraction = tail;
    }
  }
  const digits = whole.replace(/[.,]/g, '');
  // Grouping must come in threes ("1.000.000"); anything else is a typo we refuse rather than guess.
  if (/[.,]/.test(whole) && !/^\d{1,3}([.,]\d{3})*$/.test(whole)) return { ok: false, error: 'format' };
  if (digits === '' || !/^\d*$/.test(fraction)) return { ok: false, error: 'format' };
  if (fraction.length > scale) return { ok: false, error: 'decimals' };
  const minor = BigInt(digits) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
  return { ok: true, minor };
}

/** Minor units → the plain text an amount field shows (no grouping, locale decimal separator). */
export function minorToInput(minor: bigint, currency: string, locale: string): string {
  const scale = currencyScale(currency);
  if (scale === 0) return minor.toString();
  const base = 10n ** BigInt(scale);
  const fraction = (minor % base).toString().padStart(scale, '0');
  return `${minor / base}${decimalSeparatorOf(locale)}${fraction}`;
}

export interface AmountLimits {
  minMinor?: bigint | number;
  maxMinor?: bigint | number;
  /** What the player can spend; omitted for deposits. */
  availableMinor?: bigint | number;
}

export type AmountProblem = 'required' | 'format' | 'decimals' | 'min' | 'max' | 'insufficient';

/** The first thing wrong with an amount, or null when it can be sent. Zero bounds mean "no bound". */
export function amountProblem(parsed: AmountParse | null, limits: AmountLimits): AmountProblem | null {
  if (!parsed) return 'required';
  if (!parsed.ok) return parsed.error;
  const { minor } = parsed;
  if (minor <= 0n) return 'required';
  const min = BigInt(limits.minMinor ?? 0);
  const max = BigInt(limits.maxMinor ?? 0);
  if (min > 0n && minor < min) return 'min';
  if (max > 0n && minor > max) return 'max';
  if (limits.availableMinor !== undefined && minor > BigInt(limits.availableMinor)) return 'insufficient';
  return null;
}

/**
 * The fee the server will charge: basis points rounded up plus the fixed part (the same rule as the
 * server's feeFor), and what is left after it, never below zero.
 */
export function feePreview(
  amountMinor: bigint,
  feeBps: number,
  feeFixedMinor: bigint | number,
): { feeMinor: bigint; netMinor: bigint } {
  if (amountMinor <= 0n) return { feeMinor: 0n, netMinor: 0n };
  const proportional = (amountMinor * BigInt(feeBps) + 9_999n) / 10_000n;
  const feeMinor = proportional + BigInt(feeFixedMinor);
  const netMinor = amountMinor > feeMinor ? amountMinor - feeMinor : 0n;
  return { feeMinor, netMinor };
}

export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
const PROOF_TYPES = new Set(['image/png', 'image/jpeg']);
const PROOF_EXTENSIONS = /\.(png|jpe?g)$/i;

/** Checks a withdrawal proof before upload: png or jpg, at most 5 MB (the server checks again). */
export function proofFileProblem(file: {
  name: string;
  type: string;
  size: number;
}): 'type' | 'size' | 'empty' | null {
  const typeOk = file.type ? PROOF_TYPES.has(file.type) : PROOF_EXTENSIONS.test(file.name);
  if (!typeOk) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > PROOF_MAX_BYTES) return 'size';
  return null;
}

/** Six digits, like the server's withdrawal password rule. */
export function isWithdrawalPassword(value: string): boolean {
  return /^[0-9]{6}$/.test(value);
}
