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

/** A player's launch of a vendor game (migration 0044); the token itself is never stored. */
export interface VendorSessionsTable {
  id: Generated<bigint>;
  token_hash: string;
  merchant_id: string;
  member_id: string;
  vendor: string;
  game_code: string;
  /** The game's catalog category, filed on the betting records of its rounds. */
  category: string;
  currency: string;
  language: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

/** A vendor's round: opened by its first debit (or an early rollback), closed by end round; kept for recall. */
export interface GameRoundsTable {
  merchant_id: string;
  vendor: string;
  round_id: string;
  member_id: string;
  game_code: string;
  category: string;
  currency: string;
  status: Generated<'open' | 'ended'>;
  created_at: Timestamp;
  ended_at: Date | null;
}

/** A win credited by a vendor, idempotent by its txn id; a zero win moves no money (no transfer). */
export interface GameCreditsTable {
  id: Generated<bigint>;
  merchant_id: string;
  member_id: string;
  vendor: string;
  round_id: string;
  txn_id: string;
  amount_minor: bigint;
  currency: string;
  transfer_id: bigint | null;
  balance_after_minor: bigint;
  created_at: Timestamp;
}

/**
 * A rollback of the debit with this txn id. amount 0 and no transfer: the debit was never seen, and
 * the row stays so that debit is refused if it arrives late.
 */
export interface GameRollbacksTable {
  merchant_id: string;
  vendor: string;
  txn_id: string;
  member_id: string;
  round_id: string;
  amount_minor: bigint;
  transfer_id: bigint | null;
  balance_after_minor: bigint;
  created_at: Timestamp;
}

export interface GamesTables extends CatalogTables {
  game_vendor_credentials: GameVendorCredentialsTable;
  game_bets: GameBetsTable;
  provider_nonces: ProviderNoncesTable;
  vendor_sessions: VendorSessionsTable;
  game_rounds: GameRoundsTable;
  game_credits: GameCreditsTable;
  game_rollbacks: GameRollbacksTable;
}
