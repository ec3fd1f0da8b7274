import type { VnLimitsView, VnLimitView } from '@sorte/contracts';
import { VN_BET_TYPES, type VnBetType } from '@sorte/lottery';
import { minorToInput, parseAmountInput } from '../../lib/money-input';

/** The three limits of a bet type as typed, in the merchant's currency. */
export interface LimitDraft {
  min: string;
  max: string;
  perNumber: string;
}
export type LimitsDraft = Record<VnBetType, LimitDraft>;
export const LIMIT_FIELDS = ['min', 'max', 'perNumber'] as const;
export type LimitField = (typeof LIMIT_FIELDS)[number];

export function limitsDraftOf(limits: VnLimitsView, currency: string, locale: string): LimitsDraft {
  const text = (minor: number) => minorToInput(minor, currency, locale);
  return Object.fromEntries(
    VN_BET_TYPES.map((betType) => {
      const l = limits[betType];
      return [
        betType,
        { min: text(l.minStakeMinor), max: text(l.maxStakeMinor), perNumber: text(l.perNumberMaxMinor) },
      ];
    }),
  ) as LimitsDraft;
}

/** The problem of one row as a message key, or null: amounts above zero, min ≤ max ≤ per number. */
export type LimitRowIssue = 'unreadable' | 'minAboveMax' | 'maxAbovePerNumber';

export function limitOf(
  draft: LimitDraft,
  currency: string,
  locale: string,
): { ok: true; limit: VnLimitView } | { ok: false; issue: LimitRowIssue } {
  const [min, max, perNumber] = LIMIT_FIELDS.map((field) => parseAmountInput(draft[field], currency, locale));
  if (!min?.ok || !max?.ok || !perNumber?.ok) return { ok: false, issue: 'unreadable' };
  // The same rule the server applies (checkVnLimits); checked here so the row says it as it is typed.
  if (min.minor > max.minor) return { ok: false, issue: 'minAboveMax' };
  if (max.minor > perNumber.minor) return { ok: false, issue: 'maxAbovePerNumber' };
  return {
    ok: true,
    limit: { minStakeMinor: min.minor, maxStakeMinor: max.minor, perNumberMaxMinor: perNumber.minor },
  };
}

/** The PUT body, or each bet type's problem. */
export function limitsOf(
  draft: LimitsDraft,
  currency: string,
  locale: string,
): { ok: true; limits: VnLimitsView } | { ok: false; issues: Partial<Record<VnBetType, LimitRowIssue>> } {
  const limits = {} as Record<VnBetType, VnLimitView>;
  const issues: Partial<Record<VnBetType, LimitRowIssue>> = {};
  for (const betType of VN_BET_TYPES) {
    const row = limitOf(draft[betType], currency, locale);
    if (row.ok) limits[betType] = row.limit;
    else issues[betType] = row.issue;
  }
  return Object.keys(issues).length ? { ok: false, issues } : { ok: true, limits };
}

/** The server's CONFIG_INVALID issues (checkVnLimits), by bet type. */
export function limitIssuesOf(details: unknown): Partial<Record<VnBetType, LimitRowIssue>> {
  const issues = (details as { issues?: unknown } | null)?.issues;
  const out: Partial<Record<VnBetType, LimitRowIssue>> = {};
  if (!Array.isArray(issues)) return out;
  for (const issue of issues as { code?: string; betType?: VnBetType }[]) {
    if (!issue.betType) continue;
    out[issue.betType] =
      issue.code === 'LIMIT_MIN_ABOVE_MAX'
        ? 'minAboveMax'
        : issue.code === 'LIMIT_MAX_ABOVE_PER_NUMBER'
          ? 'maxAbovePerNumber'
          : 'unreadable';
  }
  return out;
}
