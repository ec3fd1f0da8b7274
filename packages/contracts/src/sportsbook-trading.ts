import { z } from 'zod';
import { positiveMinor } from './cashier.ts';
import { paged, pageQuery } from './common.ts';
import { SPORTS_SPORTS, sportsSport } from './sportsbook.ts';

/**
 * The back office's sportsbook trading (issue 16 item 5, routes under /bo/sportsbook): events with
 * liability per outcome, suspensions that outlast the feed, limits, manual results confirmed by a
 * second operator, big-bet alerts. Odds are thousandths; amounts minor units of the merchant's currency.
 */

export const SB_FIXTURE_STATUSES = ['not_started', 'live', 'ended', 'closed', 'cancelled'] as const;
export const SB_RESULTS = ['win', 'lose', 'void', 'half_win', 'half_lose'] as const;

/** GET /bo/sportsbook/events: `q` searches the teams and the tournament. */
export const boSportsEventsQuery = pageQuery.extend({
  sport: sportsSport.optional(),
  status: z.enum(SB_FIXTURE_STATUSES).optional(),
  q: z.string().trim().max(64).optional(),
});
export type BoSportsEventsQuery = z.infer<typeof boSportsEventsQuery>;

export const boSportsEvent = z.object({
  id: z.string(),
  sport: z.string(),
  tournament: z.string(),
  home: z.string(),
  away: z.string(),
  /** ISO 8601, UTC. */
  startTime: z.string(),
  status: z.enum(SB_FIXTURE_STATUSES),
  score: z.object({ home: z.number().int(), away: z.number().int() }).nullable(),
  /** The whole event suspended by an operator. */
  suspended: z.boolean(),
  openBets: z.number().int(),
  turnoverMinor: z.number().int(),
});
export type BoSportsEvent = z.infer<typeof boSportsEvent>;
export const boSportsEventsPage = paged(boSportsEvent);

export const boSportsOutcome = z.object({
  id: z.string(),
  odds: z.number().int().nullable(),
  active: z.boolean(),
  /** What the house pays if this outcome wins: Σ potential return of the open bets with an open leg on it. */
  liabilityMinor: z.number().int(),
  openBets: z.number().int(),
  /** The standing result, when the market is settled. */
  result: z.enum(SB_RESULTS).nullable(),
});

export const boSportsPendingResult = z.object({
  id: z.number().int(),
  kind: z.enum(['settle', 'rollback']),
  outcomes: z.array(z.object({ id: z.string(), result: z.enum(SB_RESULTS) })).nullable(),
  reason: z.string(),
  proposedBy: z.string(),
  proposedAt: z.string(),
});
export type BoSportsPendingResult = z.infer<typeof boSportsPendingResult>;

export const boSportsMarket = z.object({
  key: z.string(),
  specifiers: z.string(),
  /** What the book offers (active, suspended, deactivated, settled, cancelled), from the feed. */
  status: z.string(),
  /** Suspended here by an operator (the market itself, not the event). */
  suspended: z.boolean(),
  bets: z.number().int(),
  turnoverMinor: z.number().int(),
  outcomes: z.array(boSportsOutcome),
  pending: boSportsPendingResult.nullable(),
});
export type BoSportsMarket = z.infer<typeof boSportsMarket>;

export const boSportsEventDetail = z.object({
  event: boSportsEvent,
  markets: z.array(boSportsMarket),
});
export type BoSportsEventDetail = z.infer<typeof boSportsEventDetail>;

/** Feed ids (`fx-…`, or a provider's `sr:match:…`), as a bet's selection takes them. */
export const boSportsEventParams = z.object({ id: z.string().regex(/^[\w:-]{1,64}$/) });

/** POST /bo/sportsbook/events/:id/suspend and /resume: a market, or without `market` the whole event. */
export const boSportsSuspendRequest = z.object({
  market: z.string().min(1).max(64).optional(),
  specifiers: z.string().max(128).default(''),
  reason: z.string().trim().max(200).default(''),
});
export type BoSportsSuspendRequest = z.infer<typeof boSportsSuspendRequest>;

/** POST /bo/sportsbook/events/:id/results: a manual result of a market (every outcome) or a rollback. */
export const boSportsResultRequest = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('settle'),
    market: z.string().min(1).max(64),
    specifiers: z.string().max(128).default(''),
    outcomes: z
      .array(z.object({ id: z.string().min(1).max(64), result: z.enum(SB_RESULTS) }))
      .min(1)
      .max(64),
    reason: z.string().trim().min(3).max(500),
  }),
  z.object({
    kind: z.literal('rollback'),
    market: z.string().min(1).max(64),
    specifiers: z.string().max(128).default(''),
    reason: z.string().trim().min(3).max(500),
  }),
]);
export type BoSportsResultRequest = z.infer<typeof boSportsResultRequest>;

export const boSportsResultParams = z.object({ id: z.coerce.number().int().min(1) });
export const boSportsRejectRequest = z.object({ reason: z.string().trim().min(3).max(500) });

export const boSportsManualResult = boSportsPendingResult.extend({
  eventId: z.string(),
  event: z.string(),
  market: z.string(),
  specifiers: z.string(),
  status: z.enum(['pending', 'applied', 'rejected']),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
});
export type BoSportsManualResult = z.infer<typeof boSportsManualResult>;
export const boSportsResultsQuery = pageQuery.extend({
  status: z.enum(['pending', 'applied', 'rejected']).optional(),
});
export const boSportsResultsPage = paged(boSportsManualResult);

/**
 * The market types of the feed contract (§5) the book offers, per sport family, in display order;
 * any other key the feed sends is kept but not offered. The first is the list's main market.
 */
export const SPORTS_OFFERED_MARKETS = {
  football: [
    '1x2',
    'double_chance',
    'draw_no_bet',
    'asian_handicap',
    'total',
    'btts',
    'correct_score',
    'ht_ft',
  ],
  basketball: ['winner', 'handicap', 'total'],
  tennis: ['winner', 'set_winner', 'set_handicap', 'total_sets', 'correct_set_score'],
  esports: ['winner', 'map_winner', 'map_handicap', 'total_maps', 'correct_map_score'],
} as const;
type OfferedMarket = (typeof SPORTS_OFFERED_MARKETS)[keyof typeof SPORTS_OFFERED_MARKETS][number];
/** Every market type the book offers, once: limits and liability caps per market type name one. */
export const SPORTS_MARKET_TYPES = [...new Set(Object.values(SPORTS_OFFERED_MARKETS).flat())] as [
  OfferedMarket,
  ...OfferedMarket[],
];
const marketLimit = z.object({
  market: z.enum(SPORTS_MARKET_TYPES),
  maxStakeMinor: positiveMinor.nullable(),
  maxPayoutMinor: positiveMinor.nullable(),
});
/** A liability cap per outcome: for every sport / market type when null, else that sport's / type's. */
const liabilityCap = z.object({
  sport: z.enum(SPORTS_SPORTS).nullable(),
  market: z.enum(SPORTS_MARKET_TYPES).nullable(),
  maxLiabilityMinor: positiveMinor,
});

/** The highest margin a merchant may take on a sport's feed odds: 5000 basis points, 50 %. */
export const SPORTS_MAX_MARGIN_BPS = 5000;
/**
 * A margin on a sport's feed odds in basis points (500 = 5 %; 0 = none). The range 0–5000 is checked by
 * the server (SPORTS_MARGIN_INVALID), not here, so a wrong one gets its own code and message.
 */
const sportMargin = z.object({ sport: z.enum(SPORTS_SPORTS), marginBps: z.number().int() });

/**
 * GET/PUT /bo/sportsbook/limits: the merchant's, per sport (null = the merchant's), per market type,
 * per player, and the liability caps per outcome. The strictest applicable limit holds.
 */
export const boSportsLimits = z.object({
  minStakeMinor: positiveMinor,
  maxStakeMinor: positiveMinor,
  maxPayoutMinor: positiveMinor,
  betDelayMs: z.number().int().min(0).max(60_000),
  sports: z.array(
    z.object({
      sport: z.enum(SPORTS_SPORTS),
      maxStakeMinor: positiveMinor.nullable(),
      maxPayoutMinor: positiveMinor.nullable(),
    }),
  ),
  players: z.array(z.object({ account: z.string(), maxStakeMinor: positiveMinor })),
  markets: z.array(marketLimit),
  liabilityCaps: z.array(liabilityCap),
  /** The sports with a margin (the others: none). */
  margins: z.array(sportMargin),
  bigStakeMinor: positiveMinor,
  bigReturnMinor: positiveMinor,
});
export type BoSportsLimits = z.infer<typeof boSportsLimits>;

/**
 * PUT: what is sent is changed; a sport or a market type with both null, a player with maxStakeMinor
 * null, a liability cap with maxLiabilityMinor null and a margin of 0 are removed.
 */
export const boSportsLimitsUpdate = z.object({
  minStakeMinor: positiveMinor.optional(),
  maxStakeMinor: positiveMinor.optional(),
  maxPayoutMinor: positiveMinor.optional(),
  betDelayMs: z.number().int().min(0).max(60_000).optional(),
  sports: z
    .array(
      z.object({
        sport: z.enum(SPORTS_SPORTS),
        maxStakeMinor: positiveMinor.nullable(),
        maxPayoutMinor: positiveMinor.nullable(),
      }),
    )
    .max(SPORTS_SPORTS.length)
    .optional(),
  players: z
    .array(z.object({ account: z.string().trim().min(1).max(64), maxStakeMinor: positiveMinor.nullable() }))
    .max(50)
    .optional(),
  markets: z.array(marketLimit).max(SPORTS_MARKET_TYPES.length).optional(),
  liabilityCaps: z
    .array(liabilityCap.extend({ maxLiabilityMinor: positiveMinor.nullable() }))
    .max(50)
    .optional(),
  /** A margin of 0 removes the sport's margin. */
  margins: z.array(sportMargin).max(SPORTS_SPORTS.length).optional(),
  bigStakeMinor: positiveMinor.optional(),
  bigReturnMinor: positiveMinor.optional(),
});
export type BoSportsLimitsUpdate = z.infer<typeof boSportsLimitsUpdate>;

/** GET /bo/sportsbook/big-bets: bets at or over a threshold, newest first. */
export const boSportsBigBetsQuery = pageQuery;
export const boSportsBigBet = z.object({
  id: z.number().int(),
  account: z.string(),
  kind: z.string(),
  stakeMinor: z.number().int(),
  potentialReturnMinor: z.number().int(),
  status: z.string(),
  placedAt: z.string(),
  legs: z.array(
    z.object({
      eventId: z.string(),
      event: z.string(),
      market: z.string(),
      specifiers: z.string(),
      outcome: z.string(),
      odds: z.number().int(),
    }),
  ),
});
export type BoSportsBigBet = z.infer<typeof boSportsBigBet>;
export const boSportsBigBetsPage = paged(boSportsBigBet);

/**
 * GET /bo/sportsbook/owed: bets whose settlement took back less than it had paid (a rollback or a
 * resettlement found the player's balance short): `owedMinor` = credited − return, netted against the
 * bet's next resettlement. Newest first; `owedTotalMinor` over all of them.
 */
export const boSportsOwedQuery = pageQuery;
export const boSportsOwedBet = z.object({
  id: z.number().int(),
  account: z.string(),
  kind: z.string(),
  status: z.string(),
  stakeMinor: z.number().int(),
  creditedMinor: z.number().int(),
  returnMinor: z.number().int(),
  owedMinor: z.number().int(),
  placedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type BoSportsOwedBet = z.infer<typeof boSportsOwedBet>;
export const boSportsOwedPage = paged(boSportsOwedBet).extend({ owedTotalMinor: z.number().int() });
