import type { GameType, RebateRates, RebateRatesUpdate } from '@sorte/contracts';
import { minorToInput, parseAmountInput, rateFromPercent, rateToPercent } from '@sorte/money';

/** A rebate rate is whole basis points (1/100 of a percent); the money grid's rate units are 1/10,000. */
const UNITS_PER_BP = 100n;
/** The highest rate the API takes (contracts MAX_REBATE_RATE_BP: 10%). */
const MAX_BP = 1_000n;

/** The form: the minimum claim and a percent per category, as the operator types them. */
export interface RebateDraft {
  minClaim: string;
  rates: Record<string, string>;
}

/** Basis points as the percent an operator reads and types, in the locale: 50 → "0,5" (pt-BR). */
export function bpToPercentInput(bp: number, locale: string): string {
  const text = rateToPercent(BigInt(bp) * UNITS_PER_BP).replace(/\.?0+$/, '');
  return locale === 'en' ? text : text.replace('.', ',');
}

/**
 * A typed percent as whole basis points, exactly (@sorte/money, never a float), or null when it does
 * not read: more than two decimals, above `maxBp` (a rebate's 10% unless told) or not a number. Empty
 * reads as 0.
 */
export function percentInputToBp(text: string, maxBp = Number(MAX_BP)): number | null {
  let units: bigint;
  try {
    units = rateFromPercent(text.trim().replace(',', '.') || '0');
  } catch {
    return null;
  }
  if (units < 0n || units % UNITS_PER_BP !== 0n || units / UNITS_PER_BP > BigInt(maxBp)) return null;
  return Number(units / UNITS_PER_BP);
}

/** The stored rates as the form shows them: every category the site can rebate, 0 where none is set. */
export function rebateDraftOf(
  stored: RebateRates,
  categories: readonly GameType[],
  currency: string,
  locale: string,
): RebateDraft {
  const bp = new Map(stored.rates.map((r) => [r.category, r.rateBp]));
  return {
    minClaim: minorToInput(BigInt(stored.minClaimMinor), currency, locale),
    rates: Object.fromEntries(categories.map((c) => [c, bpToPercentInput(bp.get(c) ?? 0, locale)])),
  };
}

/**
 * The form as the API's update — only what differs from what is stored — or the field that does not
 * read: a percent with more than two decimals, above 10% or not a number; an amount that is not a
 * positive amount of the currency. Exact: the percent text goes through @sorte/money, never a float.
 */
export function parseRebateDraft(
  draft: RebateDraft,
  stored: RebateRates,
  currency: string,
  locale: string,
): { update: RebateRatesUpdate } | { invalid: string } {
  const minClaim = parseAmountInput(draft.minClaim, currency, locale);
  if (!minClaim?.ok || minClaim.minor <= 0n) return { invalid: 'minClaim' };
  const bp = new Map(stored.rates.map((r) => [r.category, r.rateBp]));
  const rates: RebateRatesUpdate['rates'] = [];
  for (const [category, text] of Object.entries(draft.rates)) {
    const rateBp = percentInputToBp(text);
    if (rateBp === null) return { invalid: category };
    if (rateBp !== (bp.get(category as GameType) ?? 0))
      rates.push({ category: category as GameType, rateBp });
  }
  const update: RebateRatesUpdate = { rates };
  if (BigInt(stored.minClaimMinor) !== minClaim.minor) update.minClaimMinor = Number(minClaim.minor);
  return { update };
}
