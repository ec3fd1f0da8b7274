import { z } from 'zod';
import { languageCode, paged, pageQuery } from './common.ts';
import { GAME_TYPES } from './games.ts';

/**
 * Betting records (personalHistoryCopy) and personal profit and loss (personalProfit): every round
 * of every game the player played, as the game module filed it in the round's own transaction.
 */

/** The lobby categories a round is filed under: the game types, one list for both. */
export const BET_CATEGORIES = GAME_TYPES;
export const betCategory = z.enum(BET_CATEGORIES);
export type BetCategory = z.infer<typeof betCategory>;

export const BET_RECORD_STATUSES = ['open', 'settled', 'cancelled'] as const;
export const betRecordStatus = z.enum(BET_RECORD_STATUSES);
export type BetRecordStatusName = z.infer<typeof betRecordStatus>;

/** The longest range one records query may cover: every query reads a bounded slice of the table. */
export const MAX_RECORDS_RANGE_DAYS = 90;

/** The filters both calls share. Dates are calendar days in the merchant's time zone, both inclusive. */
const recordsFilter = z.object({
  category: betCategory.optional(),
  /** A vendor code ('SORTE' for the in-house games). */
  vendor: z
    .string()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
  gameCode: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_.:-]+$/)
    .optional(),
  status: betRecordStatus.optional(),
  /** First day (inclusive). Default: MAX_RECORDS_RANGE_DAYS − 1 days before dateTo. */
  dateFrom: z.iso.date().optional(),
  /** Last day (inclusive). Default: today. */
  dateTo: z.iso.date().optional(),
});
export type RecordsFilter = z.infer<typeof recordsFilter>;

/** GET /wps/member/records/personalHistoryCopy. */
export const betRecordsQuery = pageQuery.extend({
  ...recordsFilter.shape,
  /** The language the games are named in; default: the request's headers (as the game lists). */
  language: languageCode.optional(),
});
export type BetRecordsQuery = z.infer<typeof betRecordsQuery>;

/**
 * Where a round's own detail (its recall) is read: the in-house round with its seeds (mines and hilo
 * once finished), the shared crash round, the vendor round's money calls, a fast-draw lottery
 * ticket (GET /wps/lottery/tickets/:id), a Vietnamese lottery ticket (GET
 * /wps/lottery/vn/tickets/:id) or a sportsbook bet (GET /wps/sports/bets/:id). `path` is an API
 * path for the player's token.
 */
export const betRecall = z.object({
  kind: z.enum(['originals', 'crash', 'vendor', 'lottery', 'lottery_vn', 'sportsbook']),
  /** The round's id in its own module (a vendor round: '<vendor>:<roundId>'). */
  ref: z.string(),
  path: z.string(),
});
export type BetRecall = z.infer<typeof betRecall>;

export const betRecord = z.object({
  id: z.string(),
  placedAt: z.string(),
  /** Null while the round is open. */
  settledAt: z.string().nullable(),
  category: betCategory,
  vendor: z.string(),
  gameCode: z.string(),
  /**
   * The game's name in the catalog, in the request's language; null for a game the catalog does
   * not list (the web then names it by its code).
   */
  gameName: z.string().nullable(),
  currency: z.string(),
  stakeMinor: z.number().int(),
  payoutMinor: z.number().int(),
  /** payout − stake: what the round won (positive) or lost (negative) the player. */
  profitMinor: z.number().int(),
  status: betRecordStatus,
  /** Null for a source without a recall. */
  recall: betRecall.nullable(),
});
export type BetRecord = z.infer<typeof betRecord>;

export const betTotals = z.object({
  count: z.number().int(),
  stakeMinor: z.number().int(),
  payoutMinor: z.number().int(),
  profitMinor: z.number().int(),
});
export type BetTotals = z.infer<typeof betTotals>;

/** The range actually read (after defaults), and the zone its days are counted in. */
const resolvedRange = z.object({
  dateFrom: z.string(),
  dateTo: z.string(),
  /** IANA zone the calendar days are counted in ('UTC' until merchants carry their own). */
  timeZone: z.string(),
});

export const betRecordsResponse = paged(betRecord).extend({
  /**
   * Over every settled round of the filtered range, not only this page: an open round is not
   * decided yet and a cancelled one gave its stake back, so neither is a profit or a loss.
   */
  totals: betTotals,
  ...resolvedRange.shape,
});
export type BetRecordsResponse = z.infer<typeof betRecordsResponse>;

export const PROFIT_GROUPS = ['day', 'category', 'vendor'] as const;

/** GET /wps/member/records/personalProfit. */
export const personalProfitQuery = recordsFilter.extend({
  groupBy: z.enum(PROFIT_GROUPS).default('day'),
});
export type PersonalProfitQuery = z.infer<typeof personalProfitQuery>;

export const profitRow = betTotals.extend({
  /** The day ('YYYY-MM-DD'), category or vendor code. */
  key: z.string(),
});
export type ProfitRow = z.infer<typeof profitRow>;

export const personalProfitResponse = resolvedRange.extend({
  groupBy: z.enum(PROFIT_GROUPS),
  /** Only groups with at least one round; days ascending, categories and vendors by stake. */
  rows: z.array(profitRow),
  /** Settled rounds only, as in the records' totals. */
  totals: betTotals,
});
export type PersonalProfitResponse = z.infer<typeof personalProfitResponse>;

// ---------------------------------------------------------------- back office: GGR / NGR

/** The longest range of the back office's GGR report (the rollups hold a row per day). */
export const MAX_GGR_RANGE_DAYS = 366;

/** GET /bo/reports/ggr: the merchant's gross and net gaming revenue per day, category and vendor. */
export const boGgrReportQuery = z.object({
  dateFrom: z.iso.date(),
  dateTo: z.iso.date(),
  category: recordsFilter.shape.category,
  vendor: recordsFilter.shape.vendor,
});
export type BoGgrReportQuery = z.infer<typeof boGgrReportQuery>;

const ggrFigures = z.object({
  /** Settled rounds (a void takes its round back out). */
  bets: z.number().int(),
  stakeMinor: z.number().int(),
  validStakeMinor: z.number().int(),
  payoutMinor: z.number().int(),
  /** Gross gaming revenue: stakes minus payouts (the house's side; negative when players won). */
  ggrMinor: z.number().int(),
  /** What the house paid players besides their winnings: rebates, converted bonuses, VIP rebates, raffle prizes, rewards. */
  bonusCostMinor: z.number().int(),
  /** Net gaming revenue: GGR minus bonus cost. */
  ngrMinor: z.number().int(),
});

/**
 * What a cost row of the GGR report is (a bet row has none): manual rebates claimed (per category),
 * bonuses converted to cash, VIP rebates, raffle prizes and other reward-centre payouts claimed.
 */
export const GGR_COST_KINDS = ['rebate', 'bonus', 'vip_rebate', 'raffle', 'reward'] as const;
export type GgrCostKind = (typeof GGR_COST_KINDS)[number];

export const boGgrRow = ggrFigures.extend({
  day: z.string(),
  category: z.string(),
  vendor: z.string(),
  currency: z.string(),
  /** Null on a row of bets; on a cost row (empty vendor), what was paid. */
  cost: z.enum(GGR_COST_KINDS).nullable(),
});
export type BoGgrRow = z.infer<typeof boGgrRow>;

export const boGgrReport = z.object({
  dateFrom: z.string(),
  dateTo: z.string(),
  timeZone: z.string(),
  /** Days ascending, then category and vendor. */
  rows: z.array(boGgrRow),
  /** Per currency (a merchant may take more than one). */
  totals: z.array(ggrFigures.extend({ currency: z.string() })),
});
export type BoGgrReport = z.infer<typeof boGgrReport>;
