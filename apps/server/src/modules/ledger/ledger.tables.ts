import type { ColumnType, Generated } from 'kysely';

/** Set by the database default when omitted (undefined on insert makes it optional); never updated. */
type Timestamp = ColumnType<Date, Date | string | undefined, never>;

export interface LedgerAccountsTable {
  id: Generated<bigint>;
  merchant_id: string;
  owner_type: 'member' | 'system';
  /** The member's id; null for the house-side (system) accounts. */
  owner_id: string | null;
  /** 'main', 'bonus', 'game:<vendor>', 'commission', 'house', 'payment_clearing', 'provider_clearing', … */
  kind: string;
  currency: string;
  /** House-side accounts are spread over shards so no single row is hot on the bet path. */
  shard: Generated<number>;
  /** Cached sum of the account's entries (checked by verify). */
  balance_minor: Generated<bigint>;
  /** Reserved by open holds; spendable is balance_minor - pending_minor. */
  pending_minor: Generated<bigint>;
  allow_negative: Generated<boolean>;
  version: Generated<bigint>;
  created_at: Timestamp;
}

export interface LedgerTransfersTable {
  id: Generated<bigint>;
  merchant_id: string;
  idempotency_key: string;
  code: string;
  debit_account_id: bigint;
  credit_account_id: bigint;
  amount_minor: bigint;
  currency: string;
  status: 'posted' | 'pending' | 'voided';
  /** For a post or void: the hold it resolves. */
  pending_id: bigint | null;
  metadata: ColumnType<Record<string, unknown>, string, never>;
  created_at: Timestamp;
}

/** Immutable: written once with its transfer, never updated or deleted. */
export interface LedgerEntriesTable {
  id: Generated<bigint>;
  transfer_id: bigint;
  account_id: bigint;
  amount_minor: bigint;
  created_at: Timestamp;
}

export interface LedgerTables {
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  ledger_entries: LedgerEntriesTable;
}
