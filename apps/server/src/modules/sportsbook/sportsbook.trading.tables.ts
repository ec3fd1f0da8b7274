import type { Generated } from 'kysely';

/** Back-office trading (migration 0079), per merchant. */
export interface SbSuspensionsTable {
  merchant_id: string;
  fixture_id: string;
  /** '' suspends the whole event (then `specifiers` is '' too). */
  market_key: string;
  specifiers: string;
  reason: string;
  operator_id: string;
  created_at: Generated<Date>;
}

export interface SbSportLimitsTable {
  merchant_id: string;
  sport: string;
  max_stake_minor: bigint | null;
  max_payout_minor: bigint | null;
  updated_at: Generated<Date>;
}

export interface SbPlayerLimitsTable {
  member_id: string;
  merchant_id: string;
  max_stake_minor: bigint;
  updated_at: Generated<Date>;
}

export interface SbTradingSettingsTable {
  merchant_id: string;
  big_stake_minor: bigint;
  big_return_minor: bigint;
  updated_at: Generated<Date>;
}

export interface SbManualResultsTable {
  id: Generated<bigint>;
  merchant_id: string;
  fixture_id: string;
  market_key: string;
  specifiers: string;
  kind: 'settle' | 'rollback';
  /** For `settle`: [{ id, result, deadHeatFactor? }] covering every outcome of the market. */
  outcomes: unknown;
  reason: string;
  status: Generated<'pending' | 'applied' | 'rejected'>;
  proposed_by: string;
  proposed_at: Date;
  decided_by: string | null;
  decided_at: Date | null;
  decision_reason: string | null;
}

/** Risk controls (migration 0080): limits per market type, liability caps and their locks. */
export interface SbMarketLimitsTable {
  merchant_id: string;
  market_key: string;
  max_stake_minor: bigint | null;
  max_payout_minor: bigint | null;
  updated_at: Generated<Date>;
}

export interface SbLiabilityCapsTable {
  merchant_id: string;
  /** '' for every sport. */
  sport: Generated<string>;
  /** '' for every market type. */
  market_key: Generated<string>;
  max_liability_minor: bigint;
  updated_at: Generated<Date>;
}

export interface SbLiabilityLocksTable {
  merchant_id: string;
  fixture_id: string;
  market_key: string;
  specifiers: string;
  outcome_id: string;
}

/** Margins per sport (migration 0084): no row is no margin. */
export interface SbMarginsTable {
  merchant_id: string;
  sport: string;
  /** Basis points, 0–5000 (500 = 5 %). */
  margin_bps: number;
  updated_at: Generated<Date>;
}

export interface SportsbookTradingTables {
  sb_margins: SbMarginsTable;
  sb_market_limits: SbMarketLimitsTable;
  sb_liability_caps: SbLiabilityCapsTable;
  sb_liability_locks: SbLiabilityLocksTable;
  sb_suspensions: SbSuspensionsTable;
  sb_sport_limits: SbSportLimitsTable;
  sb_player_limits: SbPlayerLimitsTable;
  sb_trading_settings: SbTradingSettingsTable;
  sb_manual_results: SbManualResultsTable;
}
