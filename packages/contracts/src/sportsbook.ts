import { z } from 'zod';

/**
 * The sportsbook's player API (modules/sportsbook): fixtures ("events") as the odds feed last stated
 * them (docs/sportsbook-feed.md), shaped for a bet slip. Odds are decimal odds × 1000 as integers
 * (1850 = 1.85), never floats; a selection names (eventId, market key, specifiers, outcome id) and
 * carries the outcome's `version`, so a slip can tell whether the price it showed still holds.
 */
export const SPORTS_SPORTS = ['football', 'basketball', 'tennis', 'cs2', 'dota2', 'lol', 'valorant'] as const;
export const SPORTS_ESPORTS = ['cs2', 'dota2', 'lol', 'valorant'] as const;
export const sportsSport = z.enum(SPORTS_SPORTS);
export type SportsSport = z.infer<typeof sportsSport>;

/** GET /wps/sports/events: `sport` one sport, or `esports` for the four e-sports; `live` true or false. */
export const sportsEventsQuery = z.object({
  sport: z.enum([...SPORTS_SPORTS, 'esports']).optional(),
  live: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type SportsEventsQuery = z.infer<typeof sportsEventsQuery>;

export const sportsEventParams = z.object({ id: z.string().regex(/^[\w-]{1,64}$/) });

export const sportsOutcome = z.object({
  id: z.string(),
  /** Decimal odds × 1000; null when not offered. */
  odds: z.number().int().nullable(),
  /** Bets taken on it now (the market active and the outcome active with odds). */
  open: z.boolean(),
  version: z.number().int(),
});

export const sportsMarket = z.object({
  key: z.string(),
  specifiers: z.string(),
  status: z.enum(['active', 'suspended']),
  outcomes: z.array(sportsOutcome),
});
export type SportsMarket = z.infer<typeof sportsMarket>;

export const sportsScore = z.object({
  home: z.number().int(),
  away: z.number().int(),
  period: z.string(),
  minute: z.number().int().optional(),
});

export const sportsEvent = z.object({
  id: z.string(),
  sport: sportsSport,
  tournament: z.object({ id: z.string(), name: z.string(), category: z.string() }),
  home: z.object({ id: z.string(), name: z.string() }),
  away: z.object({ id: z.string(), name: z.string() }),
  /** ISO 8601, UTC. */
  startTime: z.string(),
  status: z.enum(['not_started', 'live', 'ended']),
  bestOf: z.number().int().nullable(),
  score: sportsScore.nullable(),
  /** In the list, the main market (1x2 or the winner) when offered; in the detail, every offered market. */
  markets: z.array(sportsMarket),
});
export type SportsEvent = z.infer<typeof sportsEvent>;

/**
 * POST /wps/sports/bets: `single` is one bet per selection (stake each), `multiple` one accumulator
 * (stake), `system` every line of `system` ('trixie', 'yankee', '2/3'; stake per line). `odds` are
 * the odds the player saw (× 1000); `oddsPolicy` says what a moved price does: `none` refuses it
 * (SPORTS_ODDS_CHANGED with the current odds), `higher` takes a price that rose, `any` takes any.
 */
export const SPORTS_ODDS_POLICIES = ['none', 'higher', 'any'] as const;
export const sportsSelection = z.object({
  eventId: z.string().regex(/^[\w:-]{1,64}$/),
  market: z.string().min(1).max(64),
  specifiers: z.string().max(128).default(''),
  outcome: z.string().min(1).max(64),
  odds: z.number().int().min(1001).max(1_000_000),
});
export const sportsBetRequest = z.object({
  type: z.enum(['single', 'multiple', 'system']),
  system: z.string().min(1).max(16).optional(),
  selections: z.array(sportsSelection).min(1).max(12),
  stakeMinor: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  oddsPolicy: z.enum(SPORTS_ODDS_POLICIES).default('none'),
  idempotencyKey: z.string().min(1).max(100),
});
export type SportsBetRequest = z.infer<typeof sportsBetRequest>;

export const sportsBetLeg = z.object({
  eventId: z.string(),
  market: z.string(),
  specifiers: z.string(),
  outcome: z.string(),
  /** The odds taken (× 1000). */
  odds: z.number().int(),
  status: z.enum(['open', 'win', 'lose', 'void', 'half_win', 'half_lose']),
  /**
   * The event's sport and competitors, as the book keeps them after the event ended and left the
   * events API (a settled bet still names its teams); null if the book no longer has the event.
   */
  event: z.object({ sport: sportsSport, home: z.string(), away: z.string() }).nullable(),
});
export const sportsBet = z.object({
  id: z.string(),
  type: z.enum(['single', 'multiple', 'system']),
  system: z.string().nullable(),
  lines: z.number().int(),
  currency: z.string(),
  unitStakeMinor: z.number().int(),
  stakeMinor: z.number().int(),
  potentialReturnMinor: z.number().int(),
  oddsPolicy: z.enum(SPORTS_ODDS_POLICIES),
  status: z.enum(['open', 'won', 'lost', 'void', 'cashed_out']),
  /** What the bet returns as decided, cash-outs included (0 while open). */
  payoutMinor: z.number().int(),
  /** What cash-outs of this bet have paid so far. */
  cashedOutMinor: z.number().int(),
  /** The stake still riding on the bet after partial cash-outs. */
  stakeLeftMinor: z.number().int(),
  /** The full cash-out price now, when the bet can be cashed out (open, every open leg offered). */
  /** The full cash-out price now; `partial` false for a bet placed under a bonus (only whole). */
  cashOut: z.object({ availableMinor: z.number().int(), partial: z.boolean() }).nullable(),
  /** ISO 8601, UTC. */
  placedAt: z.string(),
  settledAt: z.string().nullable(),
  legs: z.array(sportsBetLeg),
});
export type SportsBet = z.infer<typeof sportsBet>;

/**
 * The WebSocket push to a member when settlement decides (or reopens) bets of theirs: the web
 * refetches My bets and tells the player the result. Amounts are for the message only; the bets and
 * the balance are read from the API (the push carries nothing to trust, like balance-changed).
 */
export const sportsBetsMessage = z.object({
  type: z.literal('sports.bets'),
  bets: z.array(
    z.object({
      id: z.string(),
      status: sportsBet.shape.status,
      /** What the bet returns as decided, cash-outs included (0 while open). */
      payoutMinor: z.number().int(),
      currency: z.string(),
    }),
  ),
  /** Bets of this member decided in the same batch beyond those listed. */
  more: z.number().int(),
});
export type SportsBetsMessage = z.infer<typeof sportsBetsMessage>;

/**
 * The bets placed (singles: one per selection, in order). A refused single is listed by its
 * selection's index and code while the others stand; when every bet is refused the answer is the error.
 */
export const sportsBetPlaced = z.object({
  bets: z.array(sportsBet),
  refused: z.array(z.object({ index: z.number().int(), code: z.string() })),
});

/** GET /wps/sports/bets: own bets newest first; `before` a bet id to page on. */
export const sportsBetsQuery = z.object({
  status: z.enum(['open', 'settled']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  before: z
    .string()
    .regex(/^[1-9]\d{0,18}$/)
    .optional(),
});
export const sportsBetParams = z.object({ id: z.string().regex(/^[1-9]\d{0,18}$/) });

/**
 * POST /wps/sports/bets/:id/cashout. `expectedMinor`: the full cash-out price the player was shown;
 * the cash-out goes through only while the price is at least that (else 409 SPORTS_CASHOUT_CHANGED
 * with the new price). `amountMinor`: a partial cash-out of that amount (at most the price); omitted,
 * the whole bet is cashed out at the current price. Idempotent by key.
 */
export const sportsCashOutRequest = z.object({
  expectedMinor: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  amountMinor: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  idempotencyKey: z.string().min(1).max(100),
});
export type SportsCashOutRequest = z.infer<typeof sportsCashOutRequest>;
