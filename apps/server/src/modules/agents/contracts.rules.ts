import type { FeatureFlag } from '@sorte/contracts';
import { rateFromPercent } from '@sorte/money';
import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import type { ContractType, TierLimits } from './contracts.math.ts';
import type { DividendPeriod } from './contracts.periods.ts';

/**
 * The merchant's contract rules (table agent_contract_rules; a merchant without a row has the
 * defaults below). Which contract types are on is the merchant's feature flag of each type: a type
 * whose flag is off can be neither offered nor accepted, and its periods wait unsettled until the
 * flag is on again (nothing is forfeited by switching a type off for a while).
 */
export interface ContractRules {
  maxRateUnits: Record<ContractType, bigint>;
  /** The largest fixed amount a daily-salary tier may pay. */
  maxAmountMinor: bigint;
  maxTiers: number;
  dividendPeriod: DividendPeriod;
  /** A member is active in a period when its own valid bet reaches this (and is above 0). */
  activeMinValidBetMinor: bigint;
  /** A period's negative net carries into the next one; off, each period stands alone. */
  carryOver: boolean;
  /** A payout above this waits for an operator's approval. */
  approvalThresholdMinor: bigint;
}

export const CONTRACT_FLAG: Record<ContractType, FeatureFlag> = {
  dividend: 'dividendContract',
  daily: 'dailySalary',
  hourly: 'hourlySalary',
  realtime: 'realtimeSalary',
};

export const DEFAULT_RULES: ContractRules = {
  maxRateUnits: {
    dividend: rateFromPercent('50'),
    daily: rateFromPercent('3'),
    hourly: rateFromPercent('1'),
    realtime: rateFromPercent('1'),
  },
  maxAmountMinor: 10_000_000n,
  maxTiers: 10,
  dividendPeriod: 'weekly',
  activeMinValidBetMinor: 1_000n,
  carryOver: true,
  approvalThresholdMinor: 1_000_000n,
};

export function tierLimits(rules: ContractRules, type: ContractType): TierLimits {
  return {
    maxTiers: rules.maxTiers,
    maxRateUnits: rules.maxRateUnits[type],
    maxAmountMinor: rules.maxAmountMinor,
  };
}

interface RulesRow {
  max_rate_units: Record<string, string | number>;
  max_amount_minor: bigint;
  max_tiers: number;
  dividend_period: DividendPeriod;
  active_min_valid_bet_minor: bigint;
  carry_over: boolean;
  approval_threshold_minor: bigint;
}

export async function contractRules(db: Db, merchantId: string): Promise<ContractRules> {
  const { rows } = await sql<RulesRow>`
    select max_rate_units, max_amount_minor, max_tiers, dividend_period, active_min_valid_bet_minor, carry_over,
      approval_threshold_minor
    from agent_contract_rules where merchant_id = ${merchantId}`.execute(db);
  const row = rows[0];
  if (!row) return DEFAULT_RULES;
  const rate = (type: ContractType) =>
    row.max_rate_units[type] === undefined
      ? DEFAULT_RULES.maxRateUnits[type]
      : BigInt(row.max_rate_units[type]);
  return {
    maxRateUnits: {
      dividend: rate('dividend'),
      daily: rate('daily'),
      hourly: rate('hourly'),
      realtime: rate('realtime'),
    },
    maxAmountMinor: BigInt(row.max_amount_minor),
    maxTiers: row.max_tiers,
    dividendPeriod: row.dividend_period,
    activeMinValidBetMinor: BigInt(row.active_min_valid_bet_minor),
    carryOver: row.carry_over,
    approvalThresholdMinor: BigInt(row.approval_threshold_minor),
  };
}

/** Sets the merchant's rules (the operator's form; the caller checks permissions and writes the audit). */
export async function saveContractRules(
  db: Db,
  merchantId: string,
  rules: ContractRules,
  by: string,
  now: Date,
): Promise<void> {
  const rates = JSON.stringify(
    Object.fromEntries(Object.entries(rules.maxRateUnits).map(([type, units]) => [type, units.toString()])),
  );
  await sql`
    insert into agent_contract_rules (merchant_id, max_rate_units, max_amount_minor, max_tiers, dividend_period,
      active_min_valid_bet_minor, carry_over, approval_threshold_minor, updated_at, updated_by)
    values (${merchantId}, ${rates}::jsonb, ${rules.maxAmountMinor}, ${rules.maxTiers}, ${rules.dividendPeriod},
      ${rules.activeMinValidBetMinor}, ${rules.carryOver}, ${rules.approvalThresholdMinor}, ${now}, ${by})
    on conflict (merchant_id) do update set
      max_rate_units = excluded.max_rate_units, max_amount_minor = excluded.max_amount_minor,
      max_tiers = excluded.max_tiers, dividend_period = excluded.dividend_period,
      active_min_valid_bet_minor = excluded.active_min_valid_bet_minor, carry_over = excluded.carry_over,
      approval_threshold_minor = excluded.approval_threshold_minor, updated_at = excluded.updated_at,
      updated_by = excluded.updated_by`.execute(db);
}

/** Whether the merchant has the contract type on (its feature flag). */
export async function contractTypeOn(db: Db, merchantId: string, type: ContractType): Promise<boolean> {
  const { rows } = await sql<{ on: boolean | null }>`
    select (flags ->> ${CONTRACT_FLAG[type]})::boolean as on from merchants where id = ${merchantId}`.execute(
    db,
  );
  return rows[0]?.on === true;
}

/** The period a contract of this type runs on under these rules. */
export function periodKindOf(type: ContractType, rules: ContractRules) {
  if (type === 'dividend') return rules.dividendPeriod;
  if (type === 'daily') return 'daily' as const;
  if (type === 'realtime') return 'realtime' as const;
  return 'hourly' as const;
}
