import type { VnBetType, VnLimits, VnPayoutConfig, VnRate, VnRegion } from '@sorte/lottery';
import { DEFAULT_VN_PAYOUTS, VN_BET_TYPES, VN_REGIONS, vnDefaultsFor } from '@sorte/lottery';
import { currencyScale } from '@sorte/money';
import type { Db } from '../../../platform/database/database.ts';
import type { StoredVnLimits, StoredVnPayoutConfig, StoredVnRate } from './vn.tables.ts';

/** A rate as the API and the table hold it (JSON numbers), from the rules' bigint form. */
export function storedRate(rate: VnRate): StoredVnRate {
  return rate.kind === 'perPoint'
    ? {
        kind: 'perPoint',
        pricePerPointMinor: Number(rate.pricePerPointMinor),
        payoutPerPointMinor: Number(rate.payoutPerPointMinor),
      }
    : { kind: 'perSlot', payoutHundredths: rate.payoutHundredths };
}

export function storedConfig(config: VnPayoutConfig): StoredVnPayoutConfig {
  return Object.fromEntries(
    VN_BET_TYPES.map((betType) => [
      betType,
      Object.fromEntries(VN_REGIONS.map((region) => [region, storedRate(config[betType][region])])),
    ]),
  );
}

export function ruleRate(rate: StoredVnRate): VnRate {
  return rate.kind === 'perPoint'
    ? {
        kind: 'perPoint',
        pricePerPointMinor: BigInt(rate.pricePerPointMinor),
        payoutPerPointMinor: BigInt(rate.payoutPerPointMinor),
      }
    : { kind: 'perSlot', payoutHundredths: rate.payoutHundredths };
}

/** The rules' form of a stored (or submitted, already shape-checked) config. */
export function ruleConfig(stored: StoredVnPayoutConfig): VnPayoutConfig {
  return Object.fromEntries(
    VN_BET_TYPES.map((betType) => [
      betType,
      Object.fromEntries(VN_REGIONS.map((region) => [region, ruleRate(stored[betType]![region]!)])),
    ]),
  ) as unknown as VnPayoutConfig;
}

/**
 * The merchant's starting prices, payouts and limits, in its currency (the quoted defaults are in
 * đồng): what applies until an operator saves the merchant's own.
 */
export async function defaultsOf(db: Db, merchantId: string) {
  const merchant = await db
    .selectFrom('merchants')
    .select('currency')
    .where('id', '=', merchantId)
    .executeTakeFirst();
  return vnDefaultsFor(currencyScale(merchant?.currency ?? 'VND'));
}

/** The merchant's prices and payouts: its own row, or the defaults until an operator saves one. */
export async function payoutConfigOf(db: Db, merchantId: string): Promise<VnPayoutConfig> {
  const row = await db
    .selectFrom('vn_payout_config')
    .select('config')
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  return row ? ruleConfig(row.config) : (await defaultsOf(db, merchantId)).payouts;
}

export async function savePayoutConfig(
  db: Db,
  merchantId: string,
  config: VnPayoutConfig,
  now: Date,
): Promise<void> {
  const json = JSON.stringify(storedConfig(config));
  await db
    .insertInto('vn_payout_config')
    .values({ merchant_id: merchantId, config: json, updated_at: now })
    .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ config: json, updated_at: now }))
    .execute();
}

/**
 * The config a sold ticket settles with: its own rate (the merchant's when it was sold) for its bet
 * type and region, so a rate changed between the sale and the draw changes nothing already sold.
 */
export function configAtSale(betType: VnBetType, region: VnRegion, rate: StoredVnRate): VnPayoutConfig {
  return {
    ...DEFAULT_VN_PAYOUTS,
    [betType]: { ...DEFAULT_VN_PAYOUTS[betType], [region]: ruleRate(rate) },
  };
}

// ---------------------------------------------------------------- stake limits

export function storedLimits(limits: VnLimits): StoredVnLimits {
  return Object.fromEntries(
    VN_BET_TYPES.map((betType) => {
      const l = limits[betType];
      return [
        betType,
        {
          minStakeMinor: Number(l.minStakeMinor),
          maxStakeMinor: Number(l.maxStakeMinor),
          perNumberMaxMinor: Number(l.perNumberMaxMinor),
        },
      ];
    }),
  );
}

/** The rules' form of stored (or submitted, already shape-checked) limits. */
export function ruleLimits(stored: StoredVnLimits): VnLimits {
  return Object.fromEntries(
    VN_BET_TYPES.map((betType) => {
      const l = stored[betType]!;
      return [
        betType,
        {
          minStakeMinor: BigInt(l.minStakeMinor),
          maxStakeMinor: BigInt(l.maxStakeMinor),
          perNumberMaxMinor: BigInt(l.perNumberMaxMinor),
        },
      ];
    }),
  ) as unknown as VnLimits;
}

/** The merchant's stake limits: its own row, or the defaults until an operator saves one. */
export async function limitsOf(db: Db, merchantId: string): Promise<VnLimits> {
  const row = await db
    .selectFrom('vn_limits')
    .select('limits')
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  return row ? ruleLimits(row.limits) : (await defaultsOf(db, merchantId)).limits;
}

export async function saveLimits(db: Db, merchantId: string, limits: VnLimits, now: Date): Promise<void> {
  const json = JSON.stringify(storedLimits(limits));
  await db
    .insertInto('vn_limits')
    .values({ merchant_id: merchantId, limits: json, updated_at: now })
    .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ limits: json, updated_at: now }))
    .execute();
}
