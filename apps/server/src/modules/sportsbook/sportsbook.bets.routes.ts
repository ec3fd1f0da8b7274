import {
  type SportsBet,
  type SportsSport,
  sportsBet,
  sportsBetParams,
  sportsBetPlaced,
  sportsBetRequest,
  sportsBetsQuery,
  sportsCashOutRequest,
} from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { doc } from '../../platform/http/openapi.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { requireBettor, requireMember } from '../auth/index.ts';
import { legsOf, placeSportsBets, type SbBetRow } from './sportsbook.bets.ts';
import { cashOut, cashOutQuotes } from './sportsbook.cashout.ts';
import { sportsbookMerchant } from './sportsbook.offer.ts';
import { eventsQuery } from './sportsbook.routes.ts';

const tags = ['sportsbook'];

async function betViews(db: Db, bets: SbBetRow[]): Promise<SportsBet[]> {
  const legs = await legsOf(
    db,
    bets.map((b) => b.id),
  );
  const quotes = await cashOutQuotes(db, bets);
  const fixtureIds = [...new Set([...legs.values()].flat().map((l) => l.fixture_id))];
  const events = new Map(
    fixtureIds.length
      ? (await eventsQuery(db).where('f.id', 'in', fixtureIds).execute()).map((e) => [
          e.id,
          { sport: e.sport as SportsSport, home: e.home_name, away: e.away_name },
        ])
      : [],
  );
  return bets.map((bet) => ({
    id: String(bet.id),
    type: bet.kind,
    system: bet.system,
    lines: bet.lines,
    currency: bet.currency,
    unitStakeMinor: Number(bet.unit_stake_minor),
    stakeMinor: Number(bet.stake_minor),
    potentialReturnMinor: Number(bet.potential_return_minor),
    oddsPolicy: bet.odds_policy,
    status: bet.status,
    payoutMinor: Number(bet.payout_minor),
    cashedOutMinor: Number(bet.cashout_paid_minor),
    stakeLeftMinor: Number(bet.status === 'cashed_out' ? 0n : bet.stake_minor - bet.cashout_stake_minor),
    cashOut: quotes.has(bet.id)
      ? { availableMinor: Number(quotes.get(bet.id)!.availableMinor), partial: quotes.get(bet.id)!.partial }
      : null,
    placedAt: bet.placed_at.toISOString(),
    settledAt: bet.settled_at?.toISOString() ?? null,
    legs: (legs.get(bet.id) ?? []).map((leg) => ({
      eventId: leg.fixture_id,
      market: leg.market_key,
      specifiers: leg.specifiers,
      outcome: leg.outcome_id,
      odds: leg.odds,
      status: leg.status,
      event: events.get(leg.fixture_id) ?? null,
    })),
  }));
}

/**
 * The player's sportsbook bets: placing a slip (singles, a multiple or a system) through the bet
 * path, and reading their own bets with their legs. Another member's bet is not found.
 */
export function registerSportsBetRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(
    '/wps/sports/bets',
    {
      schema: doc({
        body: sportsBetRequest,
        response: sportsBetPlaced,
        summary: 'Place singles, a multiple or a system bet under an odds-change policy; idempotent by key',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      sportsbookMerchant(request);
      const { memberId, merchantId, currency } = await requireBettor(request);
      const input = parseInput(sportsBetRequest, request.body);
      const placed = await placeSportsBets(ctx.db, { memberId, merchantId, currency }, input, ctx.clock);
      return { success: true, value: { bets: await betViews(ctx.db, placed.bets), refused: placed.refused } };
    },
  );

  app.get(
    '/wps/sports/bets',
    {
      schema: doc({
        querystring: sportsBetsQuery,
        response: z.array(sportsBet),
        summary: 'Your sportsbook bets, newest first, open or settled, with their legs',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId, merchantId } = await requireMember(request);
      const query = parseInput(sportsBetsQuery, request.query);
      let q = ctx.db
        .selectFrom('sb_bets')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('merchant_id', '=', merchantId);
      if (query.status) q = q.where('status', query.status === 'open' ? '=' : '<>', 'open');
      if (query.before) q = q.where('id', '<', BigInt(query.before));
      const bets = await q.orderBy('id', 'desc').limit(query.limit).execute();
      return { success: true, value: await betViews(ctx.db, bets) };
    },
  );

  app.post(
    '/wps/sports/bets/:id/cashout',
    {
      schema: doc({
        body: sportsCashOutRequest,
        response: sportsBet,
        summary:
          'Cash out one of your open bets, in full or in part, at no less than the price you were shown; idempotent by key',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId, merchantId } = await requireBettor(request);
      const { id } = parseInput(sportsBetParams, request.params);
      const input = parseInput(sportsCashOutRequest, request.body);
      const done = await cashOut(ctx.db, { memberId, merchantId }, BigInt(id), input, ctx.clock);
      return { success: true, value: (await betViews(ctx.db, [done.bet]))[0]! };
    },
  );
  app.get(
    '/wps/sports/bets/:id',
    {
      schema: doc({
        response: sportsBet,
        summary: 'One of your sportsbook bets with its legs',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId, merchantId } = await requireMember(request);
      const { id } = parseInput(sportsBetParams, request.params);
      const bet = await ctx.db
        .selectFrom('sb_bets')
        .selectAll()
        .where('id', '=', BigInt(id))
        .where('member_id', '=', memberId)
        .where('merchant_id', '=', merchantId)
        .executeTakeFirst();
      if (!bet) throw new AppError('SPORTS_BET_NOT_FOUND');
      return { success: true, value: (await betViews(ctx.db, [bet]))[0]! };
    },
  );
}
