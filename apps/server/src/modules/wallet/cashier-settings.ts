import type { Db } from '../../platform/database/database.ts';

/** A merchant's cashier rules: withdrawal limits and fees, receipt timing, turnover, wallet mode. */
export interface CashierSettings {
  withdrawMinMinor: bigint;
  withdrawMaxMinor: bigint;
  withdrawDailyCount: number;
  withdrawFeeBps: number;
  withdrawFeeFixedMinor: bigint;
  autoReceiptMinutes: number;
  /** Betting required per credited deposit, in basis points (10000 = bet the deposit once). */
  depositTurnoverBps: number;
  maxPayoutAccounts: number;
  singleWallet: boolean;
  transferVendors: { vendor: string; name: string }[];
}

/**
 * The merchant's settings row, created with the defaults of migration 0020 on first read so a new
 * merchant has a working cashier without configuration. Read per request: the row is one primary-key
 * lookup, and an operator's change takes effect on every instance at once.
 */
export async function getCashierSettings(db: Db, merchantId: string): Promise<CashierSettings> {
  let row = await db
    .selectFrom('cashier_settings')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  if (!row) {
    await db
      .insertInto('cashier_settings')
      .values({ merchant_id: merchantId })
      .onConflict((oc) => oc.column('merchant_id').doNothing())
      .execute();
    row = await db
      .selectFrom('cashier_settings')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .executeTakeFirstOrThrow();
  }
  return {
    withdrawMinMinor: BigInt(row.withdraw_min_minor),
    withdrawMaxMinor: BigInt(row.withdraw_max_minor),
    withdrawDailyCount: row.withdraw_daily_count,
    withdrawFeeBps: row.withdraw_fee_bps,
    withdrawFeeFixedMinor: BigInt(row.withdraw_fee_fixed_minor),
    autoReceiptMinutes: row.auto_receipt_minutes,
    depositTurnoverBps: row.deposit_turnover_bps,
    maxPayoutAccounts: row.max_payout_accounts,
    singleWallet: row.single_wallet,
    transferVendors: row.transfer_vendors,
  };
}
