import {
  lotteryBetRequest,
  lotteryDraw,
  lotteryDrawParams,
  lotteryDownlineSeries,
  lotteryDrawsQuery,
  lotteryGame,
  lotteryGameDetail,
  lotteryGameParams,
  lotteryOrder,
  lotterySeriesUpdate,
  lotterySeriesValue,
  lotteryTicket,
  lotteryTicketPage,
  lotteryTicketParams,
  lotteryTicketsQuery,
} from '@sorte/contracts';
import { checkDownlineSeries, openDraw as scheduledOpenDraw } from '@sorte/lottery';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { doc } from '../../platform/http/openapi.ts';
import { pageOf } from '../../platform/http/paging.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { pickLanguage } from '../../platform/i18n/messages.ts';
import { requireBettor, requireMember, requireRealAccount } from '../auth/index.ts';
import { findMemberById } from '../members/index.ts';
import { findVisibleGame, recordRecent } from '../games/index.ts';
import { getMerchant } from '../system/index.ts';
import { registerLotteryAdminRoutes } from './lottery.admin.routes.ts';
import { placeLotteryBet } from './lottery.bets.ts';
import { gameByCode, limitsFor, scheduleOf, seriesOf } from './lottery.games.ts';
import * as queries from './lottery.queries.ts';
import { LOTTERY_RECORD } from './lottery.records.ts';
import { drawView, type GameRow, gameView, orderView, playTypeViews, ticketView } from './lottery.views.ts';

const tags = ['lottery'];
/** Member types that are agents (members.type): only they hand series to their downlines. */
const AGENT_TYPES = new Set([1, 2, 41, 42]);

/**
 * The fast-draw lottery for players: games with their open draw and last result, the draw history
 * (each draw's seed served only once drawn, so results can be recomputed), bet slips, the member's
 * own tickets and orders, and the prize series an agent hands its direct downlines.
 */
export async function registerLotteryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const now = () => ctx.clock.now();

  /** The signed-in member when a token is sent (an invalid token is refused, as elsewhere). */
  async function optionalMember(request: FastifyRequest): Promise<string | null> {
    return request.headers.token ? (await requireMember(request)).memberId : null;
  }

  /** The names' language: a `lang` (or `language`) query, else the lang / Accept-Language headers. */
  function languageOf(request: FastifyRequest): 'en' | 'pt-BR' {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const asked = query.lang ?? query.language;
    return typeof asked === 'string' && asked.length <= 16
      ? pickLanguage({ lang: asked })
      : pickLanguage(request.headers);
  }

  /** The series games are priced at: the member's, or for a visitor the mode's top (the best). */
  async function seriesFor(merchantId: string, memberId: string | null): Promise<number> {
    return memberId
      ? seriesOf(ctx.db, merchantId, memberId)
      : (await queries.prizeModeOf(ctx.db, merchantId)).maxSeries;
  }

  /**
   * The lottery pages open without a launch, so a bet is what makes the game one of the member's
   * recent games (and counts for the popular list). Written after the bet committed; a failure here
   * is only logged, since the stake is already taken and the bet stands.
   */
  async function markPlayed(request: FastifyRequest, memberId: string, merchantId: string, code: string) {
    try {
      const game = await findVisibleGame(ctx.db, merchantId, { vendor: LOTTERY_RECORD.vendor, code });
      if (game) await recordRecent(ctx.db, { merchantId, memberId, gameId: game.id, at: now() });
    } catch (error) {
      request.log.warn({ err: error, code }, 'lottery: recent game not recorded');
    }
  }

  async function gameOr404(request: FastifyRequest, code: string) {
    const game = await gameByCode(ctx.db, getMerchant(request).id, code);
    if (!game) throw new AppError('LOTTERY_GAME_NOT_FOUND');
    return game;
  }

  async function gameSummary(request: FastifyRequest, game: GameRow, series: number) {
    const at = now();
    // The schedule names the open draw; the engine makes its row (and seed) ahead of time. A read
    // never makes one: it stays null until the engine has (the bet path makes it when betting).
    const [openDraw, lastDraw] = await Promise.all([
      queries.drawByNo(ctx.db, game.id, scheduledOpenDraw(scheduleOf(game), at.getTime()).drawNo),
      queries.lastDrawOf(ctx.db, game.id),
    ]);
    return gameView(game, {
      language: languageOf(request),
      series,
      openDraw: openDraw ?? null,
      lastDraw,
      now: at,
    });
  }

  app.get(
    '/wps/lottery/games',
    {
      schema: doc({
        response: z.array(lotteryGame),
        summary: 'The fast-draw games with their open draw and last result, odds at your series',
        tags,
      }),
    },
    async (request) => {
      const merchantId = getMerchant(request).id;
      const memberId = await optionalMember(request);
      const [games, series] = await Promise.all([
        queries.enabledGames(ctx.db, merchantId),
        seriesFor(merchantId, memberId),
      ]);
      const value = await Promise.all(games.map((game) => gameSummary(request, game, series)));
      return { success: true, value };
    },
  );

  app.get(
    '/wps/lottery/games/:gameCode',
    {
      schema: doc({
        response: lotteryGameDetail,
        summary: 'One game with its play types: odds at your series (the range when units differ) and limits',
        tags,
      }),
    },
    async (request) => {
      const { gameCode } = parseInput(lotteryGameParams, request.params);
      const game = await gameOr404(request, gameCode);
      const series = await seriesFor(game.merchant_id, await optionalMember(request));
      const summary = await gameSummary(request, game, series);
      const playTypes = playTypeViews(game.family, series, (playType) => limitsFor(game, playType));
      return { success: true, value: { ...summary, playTypes } };
    },
  );

  app.get(
    '/wps/lottery/games/:gameCode/draws',
    {
      schema: doc({
        querystring: lotteryDrawsQuery,
        response: z.array(lotteryDraw),
        summary: 'The latest finished draws, newest first, with results and revealed seeds',
        tags,
      }),
    },
    async (request) => {
      const { gameCode } = parseInput(lotteryGameParams, request.params);
      const { count } = parseInput(lotteryDrawsQuery, request.query);
      const game = await gameOr404(request, gameCode);
      const draws = await queries.recentDraws(ctx.db, game.id, count);
      return { success: true, value: draws.map((draw) => drawView(draw, game.code)) };
    },
  );

  app.get(
    '/wps/lottery/games/:gameCode/draws/:drawNo',
    {
      schema: doc({
        response: lotteryDraw,
        summary: 'One draw: its commitment, and once drawn its seed and result, to verify',
        tags,
      }),
    },
    async (request) => {
      const { gameCode, drawNo } = parseInput(lotteryDrawParams, request.params);
      const game = await gameOr404(request, gameCode);
      const draw = await queries.drawByNo(ctx.db, game.id, drawNo);
      if (!draw) throw new AppError('LOTTERY_DRAW_NOT_FOUND');
      return { success: true, value: drawView(draw, game.code) };
    },
  );

  app.post(
    '/wps/lottery/bets',
    {
      schema: doc({
        body: lotteryBetRequest,
        response: lotteryOrder,
        summary: 'Place a bet slip on the open draw, optionally chasing the next draws; idempotent by key',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId, merchantId, currency } = await requireBettor(request);
      const input = parseInput(lotteryBetRequest, request.body);
      const player = { memberId, merchantId, currency };
      const { order } = await placeLotteryBet(ctx.db, player, input, now);
      await markPlayed(request, memberId, merchantId, input.gameCode);
      // The order as the member reads it back, so the answer and GET /orders/:id never differ.
      const placed = await queries.memberOrder(ctx.db, { memberId, merchantId }, order.id);
      if (!placed) throw new Error(`lottery order ${order.id} not readable after placing`);
      return {
        success: true,
        value: orderView(placed.order, placed.gameCode, placed.firstDrawNo, placed.tickets),
      };
    },
  );

  app.get(
    '/wps/lottery/tickets',
    {
      schema: doc({
        querystring: lotteryTicketsQuery,
        response: lotteryTicketPage,
        summary: 'Your tickets, newest first, by status and game',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const member = await requireMember(request);
      const query = parseInput(lotteryTicketsQuery, request.query);
      const { list, total } = await queries.memberTickets(ctx.db, member, query);
      return { success: true, value: pageOf(list.map(ticketView), total, query) };
    },
  );

  app.get(
    '/wps/lottery/tickets/:id',
    {
      schema: doc({ response: lotteryTicket, summary: 'One of your tickets', tags, auth: 'member' }),
    },
    async (request) => {
      const member = await requireMember(request);
      const { id } = parseInput(lotteryTicketParams, request.params);
      const ticket = await queries.memberTicket(ctx.db, member, BigInt(id));
      if (!ticket) throw new AppError('LOTTERY_TICKET_NOT_FOUND');
      return { success: true, value: ticketView(ticket) };
    },
  );

  app.get(
    '/wps/lottery/orders/:id',
    {
      schema: doc({
        response: lotteryOrder,
        summary: 'One of your bet slips with its tickets in draw order',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const member = await requireMember(request);
      const { id } = parseInput(lotteryTicketParams, request.params);
      const found = await queries.memberOrder(ctx.db, member, BigInt(id));
      if (!found) throw new AppError('LOTTERY_TICKET_NOT_FOUND');
      return {
        success: true,
        value: orderView(found.order, found.gameCode, found.firstDrawNo, found.tickets),
      };
    },
  );

  app.get(
    '/wps/lottery/series',
    {
      schema: doc({
        response: lotterySeriesValue,
        summary: "Your prize series and the merchant's prize mode",
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId, merchantId } = await requireMember(request);
      const [series, mode] = await Promise.all([
        seriesOf(ctx.db, merchantId, memberId),
        queries.prizeModeOf(ctx.db, merchantId),
      ]);
      return {
        success: true,
        value: { series, prizeMode: mode.code, minSeries: mode.minSeries, maxSeries: mode.maxSeries },
      };
    },
  );

  app.put(
    '/wps/agent/lottery/series',
    {
      schema: doc({
        body: lotterySeriesUpdate,
        response: lotteryDownlineSeries,
        summary: "Give a direct downline a prize series: in the merchant's mode and not above your own",
        tags: ['agents', ...tags],
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId, merchantId } = await requireRealAccount(request);
      const input = parseInput(lotterySeriesUpdate, request.body);
      const agent = await findMemberById(ctx.db, memberId);
      if (!agent || !AGENT_TYPES.has(agent.type)) throw new AppError('FORBIDDEN');
      const downline = await queries.directDownline(ctx.db, merchantId, memberId, input);
      if (!downline) throw new AppError('LOTTERY_SERIES_INVALID', { reason: 'NOT_DIRECT_DOWNLINE' });
      const [mode, agentSeries] = await Promise.all([
        queries.prizeModeOf(ctx.db, merchantId),
        seriesOf(ctx.db, merchantId, memberId),
      ]);
      const rejection = checkDownlineSeries(mode, agentSeries, input.series);
      if (rejection) throw new AppError('LOTTERY_SERIES_INVALID', { reason: rejection });
      await queries.saveSeries(ctx.db, {
        memberId: downline.id,
        merchantId,
        series: input.series,
        setBy: memberId,
        at: now(),
      });
      return {
        success: true,
        value: { memberId: downline.id, account: downline.account, series: input.series },
      };
    },
  );

  await registerLotteryAdminRoutes(app, ctx);
}
