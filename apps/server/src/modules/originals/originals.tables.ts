import type { ColumnType, Generated } from 'kysely';
import type { MultistepTables } from './multistep.tables.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface FairnessSeedsTable {
  id: Generated<bigint>;
  merchant_id: string;
  member_id: string;
  /** Secret while active; shown to the player once revealed. Never logged. */
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  /** The next nonce to use. */
  nonce: Generated<bigint>;
  status: 'active' | 'revealed';
  created_at: Timestamp;
  revealed_at: Date | null;
}

export interface OriginalsSettingsTable {
  merchant_id: string;
  house_edge_bps: Generated<number>;
  max_bet_minor: Generated<bigint>;
  max_win_minor: Generated<bigint>;
  updated_at: Timestamp;
}

/** One settled round; written once, in the transaction that moved its money. */
export interface OriginalRoundsTable {
  id: Generated<bigint>;
  merchant_id: string;
  member_id: string;
  game: string;
  idempotency_key: string;
  seed_id: bigint;
  nonce: bigint;
  params: ColumnType<Record<string, unknown>, string, never>;
  outcome: ColumnType<Record<string, unknown>, string, never>;
  stake_minor: bigint;
  payout_minor: bigint;
  /** numeric: read as a string by the driver. */
  multiplier: ColumnType<string, string, never>;
  currency: string;
  balance_before_minor: bigint;
  balance_after_minor: bigint;
  stake_transfer_id: bigint;
  payout_transfer_id: bigint | null;
  created_at: Timestamp;
}

export interface OriginalsTables extends MultistepTables {
  fairness_seeds: FairnessSeedsTable;
  originals_settings: OriginalsSettingsTable;
  original_rounds: OriginalRoundsTable;
}
