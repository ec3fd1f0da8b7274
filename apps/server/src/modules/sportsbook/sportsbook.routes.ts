import {
  SPORTS_ESPORTS,
  type SportsEvent,
  sportsEvent,
  sportsEventParams,
  sportsEventsQuery,
  SPORTS_OFFERED_MARKETS,
  type SportsMarket,
} from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { doc } from '../../platform/http/openapi.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { marginsOf, offeredOddsOf, type SportMargins } from './sportsbook.margins.ts';
import { sportsbookMerchant } from './sportsbook.offer.ts';
import { showSuspensions } from './sportsbook.trading-guard.ts';

const tags = ['sportsbook'];

const OFFERED: Record<string, readonly string[]> = SPORTS_OFFERED_MARKETS;
export const offeredFor = (sport: string) =>
  OFFERED[(SPORTS_ESPORTS as readonly string[]).includes(sport) ? 'esports' : sport] ?? [];

/** Events shown: announced and not ended (an ended one is settled and leaves the lobby). */
const LISTED = ['not_started', 'live'] as const;
const MAX_EVENTS = 300;

interface EventRow {
  id: string;
  sport: string;
  tournament_id: string;
  tournament_name: string;
  category: string;
  home_id: string;
  home_name: string;
  away_id: string;
  away_name: string;
  start_time: bigint;
  status: string;
  best_of: number | null;
  score: unknown;
}

/** Fixtures with their tournament and competitors, one row each (also the tests' reading of the book). */
export function eventsQuery(db: Db) {
  return db
    .selectFrom('sb_fixtures as f')
    .innerJoin('sb_tournaments as t', 't.id', 'f.tournament_id')
    .innerJoin('sb_competitors as h', 'h.id', 'f.home_id')
    .innerJoin('sb_competitors as a', 'a.id', 'f.away_id')
    .select([
      'f.id',
      'f.sport',
      'f.start_time',
      'f.status',
      'f.best_of',
      'f.score',
      't.id as tournament_id',
      't.name as tournament_name',
      't.category',
      'h.id as home_id',
      'h.name as home_name',
      'a.id as away_id',
      'a.name as away_name',
    ]);
}

/**
 * The offered markets (active or suspended) of these events, `only` the main one of each when asked,
 * at the merchant's prices (the feed's odds less its margin for the sport).
 */
async function marketsOf(
  db: Db,
  events: EventRow[],
  mainOnly: boolean,
  margins: SportMargins,
): Promise<Map<string, SportsMarket[]>> {
  const out = new Map<string, SportsMarket[]>(events.map((e) => [e.id, []]));
  if (events.length === 0) return out;
  const keys = [
    ...new Set(events.flatMap((e) => (mainOnly ? offeredFor(e.sport).slice(0, 1) : offeredFor(e.sport)))),
  ];
  const rows = await db
    .selectFrom('sb_markets as m')
    .innerJoin('sb_outcomes as o', (j) =>
      j
        .onRef('o.fixture_id', '=', 'm.fixture_id')
        .onRef('o.market_key', '=', 'm.market_key')
        .onRef('o.specifiers', '=', 'm.specifiers'),
    )
    .select([
      'm.fixture_id',
      'm.market_key',
      'm.specifiers',
      'm.status',
      'm.position as market_position',
      'o.outcome_id',
      'o.odds',
      'o.active',
      'o.version',
    ])
    .where(
      'm.fixture_id',
      'in',
      events.map((e) => e.id),
    )
    .where('m.market_key', 'in', keys)
    .where('m.status', 'in', ['active', 'suspended'])
    .orderBy('m.fixture_id')
    .orderBy('m.position')
    .orderBy('o.position')
    .execute();
  const sportOf = new Map(events.map((e) => [e.id, e.sport]));
  const byMarket = new Map<string, SportsMarket>();
  for (const r of rows) {
    const sport = sportOf.get(r.fixture_id)!;
    const offered = offeredFor(sport);
    if (!offered.includes(r.market_key) || (mainOnly && r.market_key !== offered[0])) continue;
    const id = `${r.fixture_id}|${r.market_key}|${r.specifiers}`;
    let market = byMarket.get(id);
    if (!market) {
      market = {
        key: r.market_key,
        specifiers: r.specifiers,
        status: r.status as 'active' | 'suspended',
        outcomes: [],
      };
      byMarket.set(id, market);
      out.get(r.fixture_id)!.push(market);
    }
    market.outcomes.push({
      id: r.outcome_id,
      odds: offeredOddsOf(r.odds, sport, margins),
      open: r.status === 'active' && r.active && r.odds !== null,
      version: r.version,
    });
  }
  for (const [id, markets] of out) {
    const offered = offeredFor(sportOf.get(id)!);
    markets.sort((a, b) => offered.indexOf(a.key) - offered.indexOf(b.key));
  }
  return out;
}

function eventView(e: EventRow, markets: SportsMarket[]): SportsEvent {
  const score = e.score as { home: number; away: number; period: string; minute?: number } | null;
  return {
    id: e.id,
    sport: e.sport as SportsEvent['sport'],
    tournament: { id: e.tournament_id, name: e.tournament_name, category: e.category },
    home: { id: e.home_id, name: e.home_name },
    away: { id: e.away_id, name: e.away_name },
    startTime: new Date(Number(e.start_time)).toISOString(),
    status: e.status as SportsEvent['status'],
    bestOf: e.best_of,
    score: score
      ? {
          home: score.home,
          away: score.away,
          period: score.period,
          ...(score.minute === undefined ? {} : { minute: score.minute }),
        }
      : null,
    markets,
  };
}

/**
 * Read-only sportsbook screens: the lobby's events (live first, then by start) with their main
 * market, and one event with every offered market. Every merchant sees the same feed, at its own
 * prices (its margins per sport) and with its own suspensions.
 */
export function registerSportsbookRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/wps/sports/events',
    {
      schema: doc({
        querystring: sportsEventsQuery,
        response: z.array(sportsEvent),
        summary: 'Live and upcoming events of a sport (or of the e-sports) with their main market',
        tags,
      }),
    },
    async (request) => {
      const merchant = sportsbookMerchant(request);
      const query = parseInput(sportsEventsQuery, request.query);
      let q = eventsQuery(ctx.db).where(
        'f.status',
        'in',
        query.live === undefined ? [...LISTED] : [query.live ? 'live' : 'not_started'],
      );
      if (query.sport === 'esports') q = q.where('f.sport', 'in', [...SPORTS_ESPORTS]);
      else if (query.sport) q = q.where('f.sport', '=', query.sport);
      const events = (await q
        .orderBy(sql`case when f.status = 'live' then 0 else 1 end`)
        .orderBy('f.start_time')
        .orderBy('f.id')
        .limit(MAX_EVENTS)
        .execute()) as EventRow[];
      const markets = await marketsOf(ctx.db, events, true, await marginsOf(ctx.db, merchant.id));
      await showSuspensions(ctx.db, merchant.id, markets);
      return { success: true, value: events.map((e) => eventView(e, markets.get(e.id)!)) };
    },
  );

  app.get(
    '/wps/sports/events/:id',
    {
      schema: doc({
        response: sportsEvent,
        summary: 'One event with every offered market (active or suspended) and its live score',
        tags,
      }),
    },
    async (request) => {
      const merchant = sportsbookMerchant(request);
      const { id } = parseInput(sportsEventParams, request.params);
      const event = (await eventsQuery(ctx.db)
        .where('f.id', '=', id)
        .where('f.status', 'in', [...LISTED])
        .executeTakeFirst()) as EventRow | undefined;
      if (!event) throw new AppError('SPORTS_EVENT_NOT_FOUND');
      const markets = await marketsOf(ctx.db, [event], false, await marginsOf(ctx.db, merchant.id));
      await showSuspensions(ctx.db, merchant.id, markets);
      return { success: true, value: eventView(event, markets.get(event.id)!) };
    },
  );
}
