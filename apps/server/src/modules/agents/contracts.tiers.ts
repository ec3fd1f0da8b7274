import type { Tier } from './contracts.math.ts';

/**
 * Tiers as `agent_contracts.tiers` stores them (jsonb): amounts and rates as decimal strings, so no
 * bigint passes through a JSON number.
 */
export interface StoredTier {
  minValidBetMinor: string;
  minLossMinor: string;
  minActiveMembers: number;
  rateUnits: string | null;
  amountMinor: string | null;
  /** Real-time salaries only (absent otherwise). */
  profitRateUnits?: string | null;
}

export function tiersToJson(tiers: readonly Tier[]): StoredTier[] {
  return tiers.map((t) => ({
    minValidBetMinor: t.minValidBetMinor.toString(),
    minLossMinor: t.minLossMinor.toString(),
    minActiveMembers: t.minActiveMembers,
    rateUnits: t.rateUnits === null ? null : t.rateUnits.toString(),
    amountMinor: t.amountMinor === null ? null : t.amountMinor.toString(),
    ...(t.profitRateUnits === undefined || t.profitRateUnits === null
      ? {}
      : { profitRateUnits: t.profitRateUnits.toString() }),
  }));
}

export function tiersFromJson(value: unknown): Tier[] {
  const stored = (typeof value === 'string' ? JSON.parse(value) : value) as StoredTier[];
  return stored.map((t) => ({
    minValidBetMinor: BigInt(t.minValidBetMinor),
    minLossMinor: BigInt(t.minLossMinor),
    minActiveMembers: t.minActiveMembers,
    rateUnits: t.rateUnits === null ? null : BigInt(t.rateUnits),
    amountMinor: t.amountMinor === null ? null : BigInt(t.amountMinor),
    ...(t.profitRateUnits === undefined || t.profitRateUnits === null
      ? {}
      : { profitRateUnits: BigInt(t.profitRateUnits) }),
  }));
}

/** A tier as the offer calls carry it (JSON numbers, validated by `contractTier`) as the engine's tier. */
export function tierFromInput(t: {
  minValidBetMinor: number;
  minLossMinor: number;
  minActiveMembers: number;
  rateUnits: number | null;
  amountMinor: number | null;
  profitRateUnits: number | null;
}): Tier {
  return {
    minValidBetMinor: BigInt(t.minValidBetMinor),
    minLossMinor: BigInt(t.minLossMinor),
    minActiveMembers: t.minActiveMembers,
    rateUnits: t.rateUnits === null ? null : BigInt(t.rateUnits),
    amountMinor: t.amountMinor === null ? null : BigInt(t.amountMinor),
    ...(t.profitRateUnits === null ? {} : { profitRateUnits: BigInt(t.profitRateUnits) }),
  };
}
