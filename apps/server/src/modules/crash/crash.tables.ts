import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** numeric columns come back from the driver as strings. */
type Numeric = ColumnType<string, string, string>;

/**
 * A merchant's hash chain. `secret` generates every game hash and never leaves the server; the
 * terminating hash, salt and edge are public from the moment the chain exists, before its first round.
 */
export interface CrashChainsTable {
  id: Generated<bigint>;
  merchant_id: string;
  secret: string;
  terminating_hash: string;
  salt: string;
  length: number;
  /** House edge fixed for the whole chain (from originals_settings when it was made). */
  house_edge_bps: number;
  status: 'active' | 'exhausted';
  created_at: Timestamp;
}

export type CrashRoundStatus = 'betting' | 'running' | 'busted';

/** One shared round. `hash` and `crash_point` are secret until the round busts. */
export interface CrashRoundsTable {
  id: Generated<bigint>;
  merchant_id: string;
  chain_id: bigint;
  /** Game number n in the chain: hashing `hash` n times gives the terminating hash. */
  game_number: number;
  hash: string;
  crash_point: Numeric;
  status: CrashRoundStatus;
  betting_ends_at: Date;
  started_at: Date | null;
  busted_at: Date | null;
  created_at: Timestamp;
}

export type CrashBetStatus = 'active' | 'cashed' | 'lost';

export interface CrashBetsTable {
  id: Generated<bigint>;
  round_id: bigint;
  merchant_id: string;
  member_id: string;
  /** Masked account name shown to the other players of the round. */
  player: string;
  currency: string;
  idempotency_key: string;
  stake_minor: bigint;
  /** The player's automatic cash-out, if any. */
  auto_cash_out: Numeric | null;
  /** Where the server cashes the bet out by itself: the auto cash-out or the max-win cap, the lower. */
  limit_cash_out: Numeric;
  status: CrashBetStatus;
  /** The multiplier paid on a cash-out. */
  cash_out: Numeric | null;
  payout_minor: Generated<bigint>;
  stake_transfer_id: bigint;
  payout_transfer_id: bigint | null;
  created_at: Timestamp;
  settled_at: Date | null;
}

/** Which instance runs a merchant's round loop, until when (a row lease renewed every tick). */
export interface CrashLeasesTable {
  merchant_id: string;
  holder: string;
  expires_at: Date;
}

export interface CrashTables {
  crash_chains: CrashChainsTable;
  crash_rounds: CrashRoundsTable;
  crash_bets: CrashBetsTable;
  crash_leases: CrashLeasesTable;
}
