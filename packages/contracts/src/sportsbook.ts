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
