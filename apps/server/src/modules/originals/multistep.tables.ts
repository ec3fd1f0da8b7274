import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

/**
 * A mines or hilo round while it is played (migration 0046). Its id is drawn from original_rounds'
 * sequence: the finished round is copied into original_rounds under the SAME id, so the betting record
 * opened at start (source 'originals', sourceRef = id) and the recall GET /wps/originals/rounds/:id
 * name one round from its first step to its end.
 */
export interface MultistepRoundsTable {
  id: Generated<bigint>;
  merchant_id: string;
  member_id: string;
  game: 'mines' | 'hilo';
  status: 'open' | 'won' | 'lost';
  /** The start's key; a retried start answers this round. */
  idempotency_key: string;
  /** The cash-out's key, for its retries; null until cashed out (or when all safe tiles were found). */
  cashout_key: string | null;
  seed_id: bigint;
  nonce: bigint;
  /** Fixed at start, so a settings change cannot alter a round under way. */
  house_edge_bps: number;
  /** The start choices: mines {mines}; hilo {}. */
  params: Json<Record<string, unknown>>;
  /** The player's moves in order, replayed from the seeds: mines tiles; hilo actions. */
  moves: Json<unknown[]>;
  stake_minor: bigint;
  payout_minor: Generated<bigint>;
  currency: string;
  balance_before_minor: bigint;
  stake_transfer_id: bigint;
  payout_transfer_id: bigint | null;
  created_at: Timestamp;
  finished_at: Date | null;
}

/** Tables of the in-house games played in steps: mines, hilo. */
export interface MultistepTables {
  multistep_rounds: MultistepRoundsTable;
}
