import type { AmountParse } from '@sorte/money';

/**
 * Rules of the cashier forms: checking a typed amount against the limits, checking a proof image.
 * Amounts are bigint minor units throughout. Reading and writing the typed amount and the fee rule
 * (`feePreview`, the server's `feeFor`) live in @sorte/money.
 */

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
