import {
  boSportsBigBetsPage,
  boSportsBigBetsQuery,
  boSportsEventDetail,
  boSportsEventParams,
  boSportsEventsPage,
  boSportsEventsQuery,
  boSportsLimits,
  boSportsLimitsUpdate,
  boSportsOwedPage,
  boSportsOwedQuery,
  boSportsRejectRequest,
  boSportsResultParams,
  boSportsResultRequest,
  boSportsResultsPage,
  boSportsResultsQuery,
  boSportsSuspendRequest,
} from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { doc } from '../../platform/http/openapi.ts';
import { pageOf } from '../../platform/http/paging.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { requireOperator } from '../backoffice/index.ts';
import { owedBets } from './sportsbook.owed.ts';
import { confirmResult, listResults, proposeResult, rejectResult } from './sportsbook.manual-results.ts';
import {
  bigBets,
  eventDetail,
  listEvents,
  readLimits,
  setSuspension,
  updateLimits,
} from './sportsbook.trading.ts';
import { announceFixtures, announceSports } from './sportsbook.live.ts';

const bo = { tags: ['backoffice', 'sportsbook'], auth: 'backoffice' as const };
const ok = <T>(value: T) => ({ success: true as const, value });
const done = z.object({ id: z.number().int() });

/**
 * The back office's sportsbook trading (issue 16 item 5): reading needs `sportsbook.read`, every
 * change `sportsbook.trade` and is audited — suspensions, limits, manual results (proposed by one
 * operator, confirmed by another) and rollbacks of a market's settlement.
 */
export function registerTradingRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/bo/sportsbook/events',
    {
      schema: doc({
        querystring: boSportsEventsQuery,
        response: boSportsEventsPage,
        summary: 'Events by sport, status and search, with open bets and turnover',
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'sportsbook.read');
      const query = parseInput(boSportsEventsQuery, request.query);
      const { list, total } = await listEvents(ctx.db, operator.merchantId, query);
      return ok(pageOf(list, total, query));
    },
  );

  app.get(
    '/bo/sportsbook/events/:id',
    {
      schema: doc({
        response: boSportsEventDetail,
        summary: "One event's markets with liability per outcome, suspensions and pending results",
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'sportsbook.read');
      const { id } = parseInput(boSportsEventParams, request.params);
      return ok(await eventDetail(ctx.db, operator.merchantId, id));
    },
  );

  for (const suspend of [true, false])
    app.post(
      `/bo/sportsbook/events/:id/${suspend ? 'suspend' : 'resume'}`,
      {
        schema: doc({
          body: boSportsSuspendRequest,
          response: boSportsEventDetail,
          summary: suspend
            ? 'Suspend a market, or the whole event, until an operator resumes it'
            : 'Resume a market, or the whole event, an operator suspended',
          ...bo,
        }),
      },
      async (request) => {
        const operator = await requireOperator(request, 'sportsbook.trade');
        const { id } = parseInput(boSportsEventParams, request.params);
        const input = parseInput(boSportsSuspendRequest, request.body ?? {});
        await setSuspension(ctx.db, operator, id, input, suspend);
        // Committed: the merchant's live odds sockets see the event as it now stands.
        await announceFixtures(ctx, [id]);
        return ok(await eventDetail(ctx.db, operator.merchantId, id));
      },
    );

  app.post(
    '/bo/sportsbook/events/:id/results',
    {
      schema: doc({
        body: boSportsResultRequest,
        response: done,
        summary: "Propose a market's manual result (every outcome) or the rollback of its settlement",
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'sportsbook.trade');
      const { id } = parseInput(boSportsEventParams, request.params);
      const input = parseInput(boSportsResultRequest, request.body);
      return ok({ id: await proposeResult(ctx.db, operator, id, input, ctx.clock.now()) });
    },
  );

  app.get(
    '/bo/sportsbook/owed',
    {
      schema: doc({
        querystring: boSportsOwedQuery,
        response: boSportsOwedPage,
        summary: 'Bets whose take-back the player still owes (their balance was short), newest first',
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'sportsbook.read');
      const query = parseInput(boSportsOwedQuery, request.query);
      const { list, total, owedTotalMinor } = await owedBets(ctx.db, operator.merchantId, query);
      return ok({ ...pageOf(list, total, query), owedTotalMinor });
    },
  );

  app.get(
    '/bo/sportsbook/results',
    {
      schema: doc({
        querystring: boSportsResultsQuery,
        response: boSportsResultsPage,
        summary: 'Manual results and rollbacks, newest first',
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'sportsbook.read');
      const query = parseInput(boSportsResultsQuery, request.query);
      const { list, total } = await listResults(ctx.db, operator.merchantId, query);
      return ok(pageOf(list, total, query));
    },
  );

  app.post(
    '/bo/sportsbook/results/:id/confirm',
    {
      schema: doc({
        response: done,
        summary: 'Confirm a pending manual result (not its proposer): applied as the feed would',
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'sportsbook.trade');
      const { id } = parseInput(boSportsResultParams, request.params);
      await confirmResult(ctx.db, operator, id, ctx.clock.now());
      return ok({ id });
    },
  );

  app.post(
    '/bo/sportsbook/results/:id/reject',
    {
      schema: doc({
        body: boSportsRejectRequest,
        response: done,
        summary: 'Reject a pending manual result',
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'sportsbook.trade');
      const { id } = parseInput(boSportsResultParams, request.params);
      const { reason } = parseInput(boSportsRejectRequest, request.body);
      await rejectResult(ctx.db, operator, id, reason, ctx.clock.now());
      return ok({ id });
    },
  );

  app.get(
    '/bo/sportsbook/limits',
    {
      schema: doc({
        response: boSportsLimits,
        summary: 'Stake, payout and delay limits; margins per sport; big-bet thresholds',
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'sportsbook.read');
      return ok(await readLimits(ctx.db, operator.merchantId));
    },
  );

  app.put(
    '/bo/sportsbook/limits',
    {
      schema: doc({
        body: boSportsLimitsUpdate,
        response: boSportsLimits,
        summary: 'Change limits (merchant, per sport, per player), margins per sport and big-bet thresholds',
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'sportsbook.trade');
      const change = parseInput(boSportsLimitsUpdate, request.body);
      const limits = await updateLimits(ctx.db, operator, change);
      // Committed: the merchant's live odds sockets get the sports' new prices.
      await announceSports(
        ctx,
        (change.margins ?? []).map((m) => m.sport),
      );
      return ok(limits);
    },
  );

  app.get(
    '/bo/sportsbook/big-bets',
    {
      schema: doc({
        querystring: boSportsBigBetsQuery,
        response: boSportsBigBetsPage,
        summary: 'Bets whose stake or potential return reaches a big-bet threshold, newest first',
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'sportsbook.read');
      const query = parseInput(boSportsBigBetsQuery, request.query);
      const { list, total } = await bigBets(ctx.db, operator.merchantId, query);
      return ok(pageOf(list, total, query));
    },
  );
}
