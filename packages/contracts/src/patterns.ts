import type { FieldRule } from './system.ts';

/**
 * The pattern kinds of spec §5, by patternId. The server and the web validate with these same
 * expressions, and the message for a failed pattern is the i18n key `reg_pattern_{patternId}`.
 * Lengths are checked separately from minLength/maxLength so one pattern serves every bound.
 */
export const PATTERNS: Readonly<Record<number, RegExp>> = {
  1: /^[\s\S]*$/u, // any characters
  2: /^[A-Za-z][A-Za-z0-9]*$/, // letter first, then letters and digits
  3: /^[\p{Script=Han}0-9]*$/u, // Chinese/kanji and digits
  4: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, // email
  5: /^[A-Za-z0-9]*$/, // alphanumeric, no symbols
  6: /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9]*$/, // letters and digits combined
  7: /^\d*$/, // digits only
  8: /^(?=.*[A-Z])[A-Za-z0-9]*$/, // alphanumeric with at least one capital
  9: /^[A-Za-z ]*$/, // English letters and spaces
  10: /^\S*$/, // no spaces
  11: /^[\p{Script=Han}\p{P}]*$/u, // Chinese with punctuation
  12: /^(?:\d{4}-\d{2}-\d{2}|\d{2}-\d{2}-\d{4})$/, // date yyyy-MM-dd or MM-dd-yyyy
  13: /^[\p{Script=Hangul}]*$/u, // Korean only
  14: /^[\p{Script=Thai}]*$/u, // Thai only
  15: /^[\p{Script=Thai}A-Za-z ]*$/u, // Thai or English with spaces
  16: /^(?=.*[A-Z])[A-Z ]*$/, // uppercase and spaces with an English letter
  17: /^[\p{L}\p{N}\p{P}\p{S}]*$/u, // letters, numbers and symbols
};

export type FieldProblem =
  | { key: 'required'; params: Record<string, never> }
  | { key: 'length'; params: { min: number; max: number } }
  | { key: string; params: { min: number; max: number } };

/** Checks one value against its server-given rule; undefined means it passes. */
export function checkField(value: string | undefined | null, rule: FieldRule): FieldProblem | undefined {
  if (!rule.enabled) return undefined;
  const text = value ?? '';
  if (text.length === 0) return rule.required ? { key: 'required', params: {} } : undefined;
  const min = rule.minLength ?? 0;
  const max = rule.maxLength ?? 255;
  const pattern = rule.patternId != null ? PATTERNS[rule.patternId] : undefined;
  const custom = rule.acceptedPattern ? safeRegExp(rule.acceptedPattern) : undefined;
  const lengthOk = [...text].length >= min && [...text].length <= max;
  const patternOk = (pattern?.test(text) ?? true) && (custom?.test(text) ?? true);
  if (patternOk && lengthOk) return undefined;
  if (rule.patternId != null) return { key: `reg_pattern_${rule.patternId}`, params: { min, max } };
  return { key: 'length', params: { min, max } };
}

function safeRegExp(source: string): RegExp | undefined {
  try {
    return new RegExp(source, 'u');
  } catch {
    return undefined;
  }
}

/**
 * Fills "(min)" and "(max)" in a pattern message; where both bounds are equal, "(min) - (max)"
 * collapses to that one number, as spec §5 asks.
 */
export function fillBounds(message: string, min: number, max: number): string {
  const collapsed = min === max ? message.replace(/\(min\)\s*-\s*\(max\)/g, String(min)) : message;
  return collapsed.replace(/\(min\)/g, String(min)).replace(/\(max\)/g, String(max));
}
