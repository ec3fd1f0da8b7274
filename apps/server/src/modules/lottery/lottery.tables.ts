import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type LotteryFamilyCode = 'FIVE_DIGIT' | 'THREE_DICE' | 'RACE_10' | 'ELEVEN_FIVE';

/** Per play type overrides of the game's stake limits. */
export type PlayLimits = Record<string, { minUnitStakeMinor?: number; maxTicketStakeMinor?: number }>;

/** A fast-draw game of a merchant and its schedule (1, 3 or 5 minutes, closing `close_seconds` early). */
export interface LotteryGamesTable {
  id: Generated<bigint>;
  merchant_id: string;
  code: string;
  family: LotteryFamilyCode;
  name_en: string;
  name_pt: string;
  interval_minutes: 1 | 3 | 5;
  close_seconds: number;
  utc_offset_minutes: Generated<number>;
  default_play_type: string;
  max_chase_draws: Generated<number>;
  min_unit_stake_minor: Generated<bigint>;
  max_ticket_stake_minor: Generated<bigint>;
  play_limits: Generated<JSONColumnType<PlayLimits, string | undefined, string>>;
  enabled: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: Timestamp;
}

export type LotteryDrawStatus = 'scheduled' | 'drawn' | 'settled' | 'cancelled';

/**
 * One draw. `server_seed` is secret until the draw is made (only `commitment`, its SHA-256, is
 * served before); `result` is written at the draw, then the tickets settle and the status ends
 * 'settled'. A cancelled draw refunds its tickets.
 */
export interface LotteryDrawsTable {
  id: Generated<bigint>;
  merchant_id: string;
  game_id: bigint;
  draw_no: string;
  closes_at: Date;
  draws_at: Date;
  commitment: string;
  server_seed: string;
  result: JSONColumnType<number[], string | null, string | null> | null;
  status: Generated<LotteryDrawStatus>;
  drawn_at: Date | null;
  settled_at: Date | null;
  cancelled_at: Date | null;
  cancel_reason: string | null;
  created_at: Timestamp;
}

export type LotteryOrderStatus = 'active' | 'finished' | 'stopped' | 'cancelled';

/**
 * A bet slip: its tickets on the first draw and, for a chase, on the next ones. One stake transfer
 * pays for all of them; a chase stopped by a win refunds its tickets not yet drawn.
 */
export interface LotteryOrdersTable {
  id: Generated<bigint>;
  merchant_id: string;
  member_id: string;
  game_id: bigint;
  idempotency_key: string;
  /** SHA-256 of the canonical request, so a reused key with another slip is refused. */
  request_hash: string;
  first_draw_id: bigint;
  chase_draws: number;
  stop_on_win: boolean;
  status: Generated<LotteryOrderStatus>;
  currency: string;
  stake_minor: bigint;
  payout_minor: Generated<bigint>;
  refunded_minor: Generated<bigint>;
  stake_transfer_id: bigint;
  created_at: Timestamp;
}

export type LotteryTicketStatus = 'pending' | 'won' | 'lost' | 'cancelled';

export interface LotteryTicketsTable {
  id: Generated<bigint>;
  order_id: bigint;
  merchant_id: string;
  member_id: string;
  game_id: bigint;
  draw_id: bigint;
  play_type: string;
  selection: JSONColumnType<(number | string)[][], string, string>;
  unit_stake_minor: bigint;
  multiple: number;
  units: number;
  stake_minor: bigint;
  /** The member's series when the ticket was sold: it settles at that price, whatever changes after. */
  series: number;
  status: Generated<LotteryTicketStatus>;
  payout_minor: Generated<bigint>;
  winning: Generated<JSONColumnType<{ key: string; payoutMinor: number }[], string | undefined, string>>;
  payout_transfer_id: bigint | null;
  refund_transfer_id: bigint | null;
  currency: string;
  created_at: Timestamp;
  settled_at: Date | null;
}

export interface LotterySeriesTable {
  member_id: string;
  merchant_id: string;
  series: number;
  set_by_member_id: string | null;
  updated_at: Timestamp;
}

export interface LotteryTables {
  lottery_games: LotteryGamesTable;
  lottery_draws: LotteryDrawsTable;
  lottery_orders: LotteryOrdersTable;
  lottery_tickets: LotteryTicketsTable;
  lottery_series: LotterySeriesTable;
}
