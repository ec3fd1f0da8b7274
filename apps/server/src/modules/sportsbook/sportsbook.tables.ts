import type { Generated } from 'kysely';

/** The sportsbook's copy of the odds feed (migration 0070; docs/sportsbook-feed.md). Feed times are epoch ms. */
export interface SbTournamentsTable {
  id: string;
  sport: string;
  name: string;
  category: string;
  updated_at: Generated<Date>;
}

export interface SbCompetitorsTable {
  id: string;
  name: string;
  updated_at: Generated<Date>;
}

export type SbFixtureStatus = 'not_started' | 'live' | 'ended' | 'closed' | 'cancelled';

export interface SbFixturesTable {
  id: string;
  sport: string;
  tournament_id: string;
  home_id: string;
  away_id: string;
  start_time: bigint;
  status: SbFixtureStatus;
  best_of: number | null;
  /** The feed's Score (§4) as last sent. */
  score: unknown;
  updated_at: Generated<Date>;
}

export type SbMarketStatus = 'active' | 'suspended' | 'deactivated' | 'settled' | 'cancelled';

export interface SbMarketsTable {
  fixture_id: string;
  market_key: string;
  specifiers: string;
  feed_status: 'active' | 'suspended' | 'deactivated';
  status: SbMarketStatus;
  position: Generated<number>;
  updated_at: Generated<Date>;
}

export interface SbOutcomesTable {
  fixture_id: string;
  market_key: string;
  specifiers: string;
  outcome_id: string;
  /** Decimal odds × 1000; null when not offered. */
  odds: number | null;
  active: boolean;
  position: Generated<number>;
  version: Generated<number>;
  updated_at: Generated<Date>;
}

export interface SbFeedSettlementsTable {
  fixture_id: string;
  market_key: string;
  specifiers: string;
  outcome_id: string;
  result: 'win' | 'lose' | 'void' | 'half_win' | 'half_lose';
  dead_heat_num: number | null;
  dead_heat_den: number | null;
  standing: boolean;
  version: Generated<number>;
  updated_at: Generated<Date>;
}

export interface SbFeedCancelsTable {
  fixture_id: string;
  market_key: string;
  specifiers: string;
  /** `start|end` with `-` for an open bound. */
  time_window: string;
  start_time: bigint | null;
  end_time: bigint | null;
  reason: string;
  standing: boolean;
  version: Generated<number>;
  updated_at: Generated<Date>;
}

export interface SbFeedFactsTable {
  id: Generated<bigint>;
  kind: 'settle' | 'rollback_settlement' | 'cancel' | 'rollback_cancel';
  fixture_id: string;
  market_key: string;
  specifiers: string;
  outcome_id: string | null;
  time_window: string | null;
  version: number;
  result: string | null;
  dead_heat_num: number | null;
  dead_heat_den: number | null;
  start_time: bigint | null;
  end_time: bigint | null;
  producer: string;
  seq: bigint | null;
  feed_ts: bigint;
  created_at: Generated<Date>;
  /** When the settlement worker queued the bets of this fact's market (migration 0077). */
  settled_at: Date | null;
}

export interface SbFeedCursorsTable {
  producer: 'prematch' | 'live';
  last_seq: Generated<bigint>;
  last_ts: Generated<bigint>;
  updated_at: Generated<Date>;
}

export interface SbFeedLeaseTable {
  name: string;
  holder: string;
  expires_at: Date;
}

/** A merchant's sportsbook limits (migration 0076); defaults in sportsbook.bets.ts without a row. */
export interface SbLimitsTable {
  merchant_id: string;
  min_stake_minor: bigint;
  max_stake_minor: bigint;
  max_payout_minor: bigint;
  /** How long a bet on a live fixture is held before it is placed. */
  bet_delay_ms: number;
  updated_at: Generated<Date>;
  /** The cash-out price's margin in basis points (migration 0077), and whether cash-out is offered. */
  cashout_margin_bps: Generated<number>;
  cashout_enabled: Generated<boolean>;
}

export type SbBetKind = 'single' | 'multiple' | 'system';
export type SbOddsPolicy = 'none' | 'higher' | 'any';
export type SbBetStatus = 'open' | 'won' | 'lost' | 'void' | 'cashed_out';

export interface SbBetsTable {
  id: Generated<bigint>;
  merchant_id: string;
  member_id: string;
  currency: string;
  kind: SbBetKind;
  /** A system's name ('trixie') or sizes over selections ('2/3'); null otherwise. */
  system: string | null;
  lines: number;
  unit_stake_minor: bigint;
  stake_minor: bigint;
  potential_return_minor: bigint;
  odds_policy: SbOddsPolicy;
  status: Generated<SbBetStatus>;
  payout_minor: Generated<bigint>;
  idempotency_key: string;
  request_hash: string;
  stake_transfer_id: bigint;
  placed_at: Date;
  settled_at: Date | null;
  /** What the standing results return on the stake left (0 while open; migration 0077). */
  settled_return_minor: Generated<bigint>;
  /** What settlement has moved to the player, net; above the return only while a clawback is owed. */
  credited_minor: Generated<bigint>;
  /** Settlement transfers so far: the next one's idempotency key. */
  money_moves: Generated<number>;
  /** The stake given up in cash-outs and what they paid. */
  cashout_stake_minor: Generated<bigint>;
  cashout_paid_minor: Generated<bigint>;
  cashouts: Generated<number>;
}

export interface SbBetLegsTable {
  bet_id: bigint;
  leg: number;
  fixture_id: string;
  market_key: string;
  specifiers: string;
  outcome_id: string;
  /** Decimal odds × 1000 taken at placement. */
  odds: number;
  status: Generated<'open' | 'win' | 'lose' | 'void' | 'half_win' | 'half_lose'>;
  /** A won leg's dead-heat share, when outcomes shared a place. */
  dead_heat_num: number | null;
  dead_heat_den: number | null;
}

/** Bets to re-evaluate against the standing results (migration 0077). */
export interface SbSettleQueueTable {
  bet_id: bigint;
  queued_at: Generated<Date>;
}

export interface SportsbookTables {
  sb_limits: SbLimitsTable;
  sb_bets: SbBetsTable;
  sb_bet_legs: SbBetLegsTable;
  sb_settle_queue: SbSettleQueueTable;
  sb_tournaments: SbTournamentsTable;
  sb_competitors: SbCompetitorsTable;
  sb_fixtures: SbFixturesTable;
  sb_markets: SbMarketsTable;
  sb_outcomes: SbOutcomesTable;
  sb_feed_settlements: SbFeedSettlementsTable;
  sb_feed_cancels: SbFeedCancelsTable;
  sb_feed_facts: SbFeedFactsTable;
  sb_feed_cursors: SbFeedCursorsTable;
  sb_feed_lease: SbFeedLeaseTable;
}
