import { parseAmountInput, rateFromPercent } from '@sorte/money';
import type { AgentContractType, ContractView } from './agent-contracts.ts';

/*
 * Reading a contract offer's typed tiers (the agent centre's offer form and the back office's offer
 * to a top agent): one rule for both, into the numbers `contractTier` validates on the server.
 */

/**
 * The tier fields of each contract type (spec §3), as the server's tier schema carries them:
 * dividend = period valid bet, period loss, active members, rate; daily salary = daily bet, rate or a
 * fixed amount; hourly salary = bet per hour, rate; real-time salary = single bet, loss rate, profit rate.
 */
export type TierField =
  | 'minValidBetMinor'
  | 'minLossMinor'
  | 'minActiveMembers'
  | 'rateUnits'
  | 'profitRateUnits'
  | 'amountMinor';

export const TIER_FIELDS: Record<AgentContractType, readonly TierField[]> = {
  dividend: ['minValidBetMinor', 'minLossMinor', 'minActiveMembers', 'rateUnits'],
  daily: ['minValidBetMinor', 'rateUnits', 'amountMinor'],
  hourly: ['minValidBetMinor', 'rateUnits'],
  realtime: ['minValidBetMinor', 'rateUnits', 'profitRateUnits'],
};

const RATE_FIELDS: readonly TierField[] = ['rateUnits', 'profitRateUnits'];
export const isRateField = (field: TierField) => RATE_FIELDS.includes(field);

/** A tier as read (the real-time salary's profit rate is optional in the view). */
export type TierView = ContractView['tiers'][number] & { profitRateUnits?: number | null };

/** A tier as sent: every field a number, a rate or amount left out as null. */
export type TierInput = Record<TierField, number | null> & {
  minValidBetMinor: number;
  minLossMinor: number;
  minActiveMembers: number;
};

/** A typed percent ("1,5" or "1.5") in rate units; null when empty, 'bad' when not a rate. */
export function readPercent(text: string): bigint | null | 'bad' {
  const plain = text.trim().replace('%', '').replace(',', '.');
  if (plain === '') return null;
  if (!/^\d{1,3}(\.\d{1,4})?$/.test(plain)) return 'bad';
  try {
    const units = rateFromPercent(plain);
    return units > 1_000_000n ? 'bad' : units;
  } catch {
    return 'bad';
  }
}

/**
 * The typed tiers of the offer form as the call's tiers, or the first field that does not read:
 * money in the merchant's currency (`parseAmountInput`), rates as percents, members as a count.
 */
export function readTiers(
  type: AgentContractType,
  drafts: Record<string, string>[],
  currency: string,
  locale: string,
): { tiers: TierInput[] } | { bad: { tier: number; field: TierField } } {
  const tiers: TierInput[] = [];
  for (const [i, draft] of drafts.entries()) {
    const tier: Record<TierField, number | null> = {
      minValidBetMinor: 0,
      minLossMinor: 0,
      minActiveMembers: 0,
      rateUnits: null,
      amountMinor: null,
      profitRateUnits: null,
    };
    for (const field of TIER_FIELDS[type]) {
      const text = draft[field] ?? '';
      let value: number | null;
      if (isRateField(field)) {
        const rate = readPercent(text);
        if (rate === 'bad') return { bad: { tier: i + 1, field } };
        value = rate === null ? null : Number(rate);
      } else if (field === 'minActiveMembers') {
        if (text.trim() !== '' && !/^\d{1,7}$/.test(text.trim())) return { bad: { tier: i + 1, field } };
        value = text.trim() === '' ? 0 : Number(text.trim());
      } else {
        const amount = parseAmountInput(text, currency, locale);
        if (amount && !amount.ok) return { bad: { tier: i + 1, field } };
        value = amount ? Number(amount.minor) : field === 'amountMinor' ? null : 0;
      }
      tier[field] = field === 'minValidBetMinor' || field === 'minLossMinor' ? (value ?? 0) : value;
    }
    // The profit rate is the real-time salary's only; other types' tiers go without it.
    const { profitRateUnits, ...rest } = tier;
    tiers.push((type === 'realtime' ? tier : rest) as TierInput);
  }
  return { tiers };
}

/**
 * The tier problems of a refused offer (VALIDATION_FAILED's `details.fields`, each "tiers.<n>.<reason>"
 * or "tiers.<reason>"): the 1-based tier when there is one and the reason, for the reader's words.
 */
export function readTierProblems(details: unknown): { tier: number | null; reason: string }[] {
  const fields = (details as { fields?: unknown } | null | undefined)?.fields;
  if (!Array.isArray(fields)) return [];
  return fields
    .map((f) => String((f as { field?: unknown }).field ?? ''))
    .filter(Boolean)
    .map((field) => {
      const [, index, reason] = field.match(/^tiers\.(\d+)\.(\w+)$/) ?? [];
      return index !== undefined && reason
        ? { tier: Number(index) + 1, reason }
        : { tier: null, reason: field.replace(/^tiers\./, '') };
    });
}
