import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type BetRecordStatus = 'open' | 'settled' | 'cancelled';

/** One round of any game as the player's betting records show it (migration 0043). */
export interface BetRecordsTable {
  id: Generated<bigint>;
  merchant_id: string;
  member_id: string;
  /** Which module wrote it: 'vendor', 'originals', 'crash' (later 'sports', 'lottery'). */
  source: string;
  /** The round's id inside that module; (merchant, source, source_ref) is unique. */
  source_ref: string;
  /** Lobby category: ELOTT, LOTT, LIVE, SPORTS, FISH, RNG, PVP, ESPORTS or INHOUSE. */
  category: string;
  vendor: string;
  game_code: string;
  currency: string;
  stake_minor: Generated<bigint>;
  payout_minor: Generated<bigint>;
  status: Generated<BetRecordStatus>;
  placed_at: Timestamp;
  settled_at: Date | null;
}

export interface RecordsTables {
  bet_records: BetRecordsTable;
}
