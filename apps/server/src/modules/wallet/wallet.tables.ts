import type { ColumnType, Generated } from 'kysely';
import type { ManualAccountDetails } from '@sorte/contracts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: read as parsed JSON, written as a JSON string. */
type Json<T> = ColumnType<T, string, string>;

export interface CashierSettingsTable {
  merchant_id: string;
  withdraw_min_minor: Generated<bigint>;
  withdraw_max_minor: Generated<bigint>;
  withdraw_daily_count: Generated<number>;
  withdraw_fee_bps: Generated<number>;
  withdraw_fee_fixed_minor: Generated<bigint>;
  /** An approved withdrawal the player has not confirmed counts as received after this. */
  auto_receipt_minutes: Generated<number>;
  /** Betting required per deposit, in basis points of the credited amount (10000 = 1×). */
  deposit_turnover_bps: Generated<number>;
  max_payout_accounts: Generated<number>;
  /** true: seamless vendors only, no game wallets; false: transfer_vendors get game wallets. */
  single_wallet: Generated<boolean>;
  transfer_vendors: ColumnType<{ vendor: string; name: string }[], string | undefined, string>;
  updated_at: Timestamp;
}

export interface PaymentChannelsTable {
  id: Generated<string>;
  merchant_id: string;
  name: string;
  type: 'manual_bank' | 'manual_pix' | 'gateway';
  gateway: string | null;
  /** HMAC key the gateway signs callbacks with; never sent to a browser or logged. */
  gateway_secret: string | null;
  currency: string;
  min_minor: bigint;
  max_minor: bigint;
  fee_bps: Generated<number>;
  fee_fixed_minor: Generated<bigint>;
  daily_limit_minor: bigint | null;
  daily_count_limit: number | null;
  quick_amounts_minor: Json<number[]>;
  account: ColumnType<ManualAccountDetails | null, string | null, string | null>;
  sort_order: Generated<number>;
  enabled: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DepositsTable {
  id: Generated<string>;
  merchant_id: string;
  member_id: string;
  order_no: string;
  idempotency_key: string;
  channel_id: string;
  amount_minor: bigint;
  fee_minor: Generated<bigint>;
  currency: string;
  status: Generated<'pending' | 'approved' | 'rejected' | 'failed' | 'expired'>;
  reference: string | null;
  gateway_txn_id: string | null;
  /** The ledger transfer that credited the member (approved deposits only). */
  ledger_transfer_id: bigint | null;
  reason: string | null;
  /** 'operator:<id>', 'gateway:<name>' … */
  decided_by: string | null;
  created_at: Timestamp;
  resolved_at: Date | null;
}

export interface PayoutAccountsTable {
  id: Generated<string>;
  merchant_id: string;
  member_id: string;
  type: 'bank' | 'pix';
  bank_name: string | null;
  branch: string | null;
  account_number: string | null;
  pix_key_type: string | null;
  pix_key: string | null;
  holder_name: string;
  is_default: Generated<boolean>;
  removed_at: Date | null;
  created_at: Timestamp;
}

export interface WithdrawalsTable {
  id: Generated<string>;
  merchant_id: string;
  member_id: string;
  order_no: string;
  idempotency_key: string;
  payout_account_id: string;
  amount_minor: bigint;
  fee_minor: Generated<bigint>;
  currency: string;
  status: Generated<'pending' | 'approved' | 'rejected' | 'received' | 'not_received'>;
  /** The ledger hold reserving amount_minor on the main wallet. */
  hold_transfer_id: bigint;
  /** The post (approved) or void (rejected) of that hold. */
  resolution_transfer_id: bigint | null;
  reason: string | null;
  decided_by: string | null;
  received_amount_minor: bigint | null;
  /** true when the receipt was assumed after auto_receipt_minutes, false when the player confirmed. */
  receipt_auto: boolean | null;
  created_at: Timestamp;
  approved_at: Date | null;
  resolved_at: Date | null;
  auto_receipt_at: Date | null;
}

export interface WithdrawalProofsTable {
  withdrawal_id: string;
  content_type: string;
  bytes: Buffer;
  created_at: Timestamp;
}

export interface TurnoverRequirementsTable {
  id: Generated<bigint>;
  merchant_id: string;
  member_id: string;
  /** 'deposit', later 'bonus', 'adjustment' … */
  source: string;
  source_id: string;
  required_minor: bigint;
  created_at: Timestamp;
}

export interface WithdrawalPasswordFailuresTable {
  member_id: string;
  failures: number;
  last_failure_at: Date;
  locked_until: Date | null;
}

export interface WalletTables {
  cashier_settings: CashierSettingsTable;
  payment_channels: PaymentChannelsTable;
  deposits: DepositsTable;
  payout_accounts: PayoutAccountsTable;
  withdrawals: WithdrawalsTable;
  withdrawal_proofs: WithdrawalProofsTable;
  turnover_requirements: TurnoverRequirementsTable;
  withdrawal_password_failures: WithdrawalPasswordFailuresTable;
}
