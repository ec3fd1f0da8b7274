import type { ColumnType, Generated } from 'kysely';

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

export interface OriginalsTables {
  fairness_seeds: FairnessSeedsTable;
}
