import type { ColumnType, Generated } from 'kysely';
import type { CatalogTables } from './catalog.tables.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A vendor's shared secret for one merchant; signs every seamless-wallet call. Never logged or sent. */
export interface GameVendorCredentialsTable {
  merchant_id: string;
  vendor: string;
  secret: string;
  enabled: Generated<boolean>;
  created_at: Timestamp;
}

/** One vendor debit (a bet), tied to the ledger transfer that took the stake. */
export interface GameBetsTable {
  id: Generated<bigint>;
  merchant_id: string;
  member_id: string;
  vendor: string;
  round_id: string;
  /** The vendor's transaction id: the debit is idempotent by it. */
  txn_id: string;
  game_code: string | null;
  stake_minor: bigint;
  currency: string;
  status: Generated<'open' | 'settled' | 'rolled_back'>;
  transfer_id: bigint;
  /** The answer the vendor got (spendable balance after the bet), returned again on a retry. */
  balance_after_minor: bigint;
  created_at: Timestamp;
}

export interface ProviderNoncesTable {
  merchant_id: string;
  vendor: string;
  nonce: string;
  seen_at: Timestamp;
}

export interface GamesTables extends CatalogTables {
  game_vendor_credentials: GameVendorCredentialsTable;
  game_bets: GameBetsTable;
  provider_nonces: ProviderNoncesTable;
}
