import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A result as stored: `{ structure, prizes: { db: ['12345'], … } }` (VnResult of @sorte/lottery). */
export interface StoredVnResult {
  structure: 'north' | 'southCentral';
  prizes: Record<string, string[]>;
}
type ResultColumn = JSONColumnType<StoredVnResult, string | null, string | null> | null;

/**
 * 'settling': the result is approved and the tickets are being paid in batches; 'settled' once the
 * last one is. A cancelled draw's tickets are refunded the same way, in batches.
 */
export type VnDrawStatus = 'scheduled' | 'pending_approval' | 'settling' | 'settled' | 'cancelled';

/** One province's draw on one Vietnamese calendar day (draw_date, "YYYY-MM-DD"). */
export interface VnDrawsTable {
  id: Generated<bigint>;
  merchant_id: string;
  region: 'north' | 'central' | 'south';
  province_code: string;
  draw_date: string;
  closes_at: Date;
  draws_at: Date;
  status: Generated<VnDrawStatus>;
  /** The approved result, the one tickets settle on. */
  result: ResultColumn;
  /** The first entry (an operator's or an import's) waiting for a second source. */
  proposed_result: ResultColumn;
  source: 'manual' | 'import' | null;
  /** Operator who entered (or imported) the proposed result; the approver must be someone else. */
  entered_by: string | null;
  entered_at: Date | null;
  approved_by: string | null;
  approved_at: Date | null;
  settled_at: Date | null;
  cancelled_at: Date | null;
  cancel_reason: string | null;
  created_at: Timestamp;
}

export type VnTicketStatus = 'pending' | 'won' | 'lost' | 'cancelled';

/**
 * One ticket of a bet slip. A slip's tickets share the idempotency key (with their index in the
 * slip), the request hash and the one stake transfer that paid for all of them.
 */
export interface VnTicketsTable {
  id: Generated<bigint>;
  merchant_id: string;
  member_id: string;
  draw_id: bigint;
  region: 'north' | 'central' | 'south';
  bet_type: string;
  numbers: JSONColumnType<string[], string, string>;
  /** Per-point bet types (lô, đề, xiên). */
  points: number | null;
  /** Per-slot bet types (bao lô). */
  stake_per_slot_minor: bigint | null;
  units: number;
  /** The merchant's rate for this bet type and region when it was sold: it settles at that rate. */
  rate: JSONColumnType<StoredVnRate, string, string>;
  currency: string;
  stake_minor: bigint;
  status: Generated<VnTicketStatus>;
  payout_minor: Generated<bigint>;
  win_count: Generated<number>;
  hits: JSONColumnType<{ number: string; count: number }[], string | null, string | null> | null;
  idempotency_key: string;
  slip_index: number;
  request_hash: string;
  stake_transfer_id: bigint;
  payout_transfer_id: bigint | null;
  refund_transfer_id: bigint | null;
  created_at: Timestamp;
  settled_at: Date | null;
}

/** A rate as stored: amounts as JSON numbers (safe integers), the same shape the API speaks. */
export type StoredVnRate =
  | { kind: 'perPoint'; pricePerPointMinor: number; payoutPerPointMinor: number }
  | { kind: 'perSlot'; payoutHundredths: number };
export type StoredVnPayoutConfig = Record<string, Record<string, StoredVnRate>>;

export interface VnPayoutConfigTable {
  merchant_id: string;
  config: JSONColumnType<StoredVnPayoutConfig, string, string>;
  updated_at: Timestamp;
}

/** Limits as stored and spoken by the API: per bet type, amounts as JSON numbers (safe integers). */
export type StoredVnLimit = { minStakeMinor: number; maxStakeMinor: number; perNumberMaxMinor: number };
export type StoredVnLimits = Record<string, StoredVnLimit>;

export interface VnLimitsTable {
  merchant_id: string;
  limits: JSONColumnType<StoredVnLimits, string, string>;
  updated_at: Timestamp;
}

/** Stake sold on one number (xiên: one combination, "12-34") of one draw, every player's summed. */
export interface VnExposureTable {
  draw_id: bigint;
  bet_type: string;
  number_key: string;
  merchant_id: string;
  total_minor: bigint;
}

export interface VnLotteryTables {
  vn_draws: VnDrawsTable;
  vn_tickets: VnTicketsTable;
  vn_payout_config: VnPayoutConfigTable;
  vn_limits: VnLimitsTable;
  vn_exposure: VnExposureTable;
}
