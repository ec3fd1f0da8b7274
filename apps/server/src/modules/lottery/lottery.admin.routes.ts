import {
  type BoLotteryGameUpdate,
  boLotteryDraw,
  boLotteryDrawCancel,
  boLotteryDrawPage,
  boLotteryDrawParams,
  boLotteryDrawsQuery,
  boLotteryGame,
  boLotteryGameParams,
  boLotteryGames,
  boLotteryGameUpdate,
  type FieldErrorDetail,
} from '@sorte/contracts';
import { PLAYS_BY_FAMILY } from '@sorte/lottery';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/database/database.ts';
import { AppError, fieldErrors } from '../../platform/http/app-error.ts';
import { doc } from '../../platform/http/openapi.ts';
import { pageOf } from '../../platform/http/paging.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { type OperatorPrincipal, recordAudit, requireOperator } from '../backoffice/index.ts';
import { cancelDraw } from './lottery.engine.ts';
import { broadcastDraw } from './lottery.events.ts';
import * as queries from './lottery.queries.ts';
import type { PlayLimits } from './lottery.tables.ts';
import { boDrawView, boGameView, type GameRow, playLimitsOf } from './lottery.views.ts';

const tags = ['backoffice', 'lottery'];
/** Changing a game's schedule, prices or draws is the merchant's configuration. */
const PERMISSION = 'merchant.config';

/**
 * The operators' lottery: each game's switch, closing time, stake limits (per play type too),
 * chase length and order; the draws by game and status; and cancelling a draw, which refunds its
 * tickets. Every change is audited with the state before and after.
 */
export async function registerLotteryAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/bo/lottery/games',
    {
      schema: doc({
        response: boLotteryGames,
        summary: 'Every fast-draw game of this merchant with its settings and its play types',
        tags,
        auth: 'backoffice',
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, PERMISSION);
      const games = await queries.allGames(ctx.db, operator.merchantId);
      return { success: true, value: { list: games.map(boGameView) } };
    },
  );

  app.put(
    '/bo/lottery/games/:gameCode',
    {
      schema: doc({
        body: boLotteryGameUpdate,
        response: boLotteryGame,
        summary: 'Change a game: switch, closing seconds (below the interval), limits, chase, order',
        tags,
        auth: 'backoffice',
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, PERMISSION);
      const { gameCode } = parseInput(boLotteryGameParams, request.params);
      const change = parseInput(boLotteryGameUpdate, request.body);
      const game = await updateGame(ctx.db, operator, gameCode, change);
      return { success: true, value: boGameView(game) };
    },
  );

  app.get(
    '/bo/lottery/draws',
    {
      schema: doc({
        querystring: boLotteryDrawsQuery,
        response: boLotteryDrawPage,
        summary:
          'The draws by game and status with their tickets’ stakes and payouts: newest first up to the open ones, or every scheduled one soonest first',
        tags,
        auth: 'backoffice',
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, PERMISSION);
      const query = parseInput(boLotteryDrawsQuery, request.query);
      const { list, total } = await queries.boDraws(ctx.db, operator.merchantId, query, ctx.clock.now());
      return { success: true, value: pageOf(list.map(boDrawView), total, query) };
    },
  );
  app.post(
    '/bo/lottery/draws/:id/cancel',
    {
      schema: doc({
        body: boLotteryDrawCancel,
        response: boLotteryDraw,
        summary: 'Cancel a draw not yet settled: every ticket still pending on it is refunded',
        tags,
        auth: 'backoffice',
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, PERMISSION);
      const { id } = parseInput(boLotteryDrawParams, request.params);
      const { reason } = parseInput(boLotteryDrawCancel, request.body);
      const drawId = BigInt(id);
      const before = await queries.boDraw(ctx.db, operator.merchantId, drawId);
      if (!before) throw new AppError('LOTTERY_DRAW_NOT_FOUND');
      const { draw } = await cancelDraw(ctx.db, operator.merchantId, drawId, reason, ctx.clock.now());
      // Players on the game see the draw close as cancelled (their tickets refunded) without a reload.
      broadcastDraw(ctx, { ...draw, game_code: before.game_code });
      const after = await queries.boDraw(ctx.db, operator.merchantId, drawId);
      if (!after) throw new Error(`lottery draw ${id} gone after its cancellation`);
      // The refunds commit inside the engine's cancellation (in batches); the audit row follows
      // them, so it is only written for a cancellation that happened.
      await recordAudit(ctx.db, {
        operator,
        action: 'lottery.draw.cancel',
        targetType: 'lottery_draw',
        targetId: id,
        before: auditedDraw(before),
        after: auditedDraw(after),
        reason,
      });
      return { success: true, value: boDrawView(after) };
    },
  );
}

function auditedDraw(row: queries.BoDrawRow) {
  const view = boDrawView(row);
  return {
    gameCode: view.gameCode,
    drawNo: view.drawNo,
    status: view.status,
    ticketCount: view.ticketCount,
    stakeMinor: view.stakeMinor,
    payoutMinor: view.payoutMinor,
  };
}

/** The settings an operator may change, as audited. */
function settingsOf(game: GameRow) {
  const { playTypes: _, family: __, nameEn: ___, namePt: ____, ...settings } = boGameView(game);
  return settings;
}

/**
 * Applies a change to a game after checking it against the game as it will be: the closing time
 * below the interval (a draw must take bets for a while), limits naming the family's play types,
 * every effective minimum unit stake at most its maximum ticket stake.
 */
async function updateGame(
  db: Db,
  operator: OperatorPrincipal,
  gameCode: string,
  change: BoLotteryGameUpdate,
): Promise<GameRow> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('lottery_games')
      .selectAll()
      .where('merchant_id', '=', operator.merchantId)
      .where('code', '=', gameCode)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new AppError('LOTTERY_GAME_NOT_FOUND');
    const next = {
      enabled: change.enabled ?? before.enabled,
      closeSeconds: change.closeSeconds ?? before.close_seconds,
      minUnitStakeMinor: BigInt(change.minUnitStakeMinor ?? before.min_unit_stake_minor),
      maxTicketStakeMinor: BigInt(change.maxTicketStakeMinor ?? before.max_ticket_stake_minor),
      playLimits: change.playLimits ?? playLimitsOf(before),
      maxChaseDraws: change.maxChaseDraws ?? before.max_chase_draws,
      sortOrder: change.sortOrder ?? before.sort_order,
      defaultPlayType: change.defaultPlayType ?? before.default_play_type,
    };
    const problems = checkSettings(before, next);
    if (problems.length) throw fieldErrors(problems);
    const after = await trx
      .updateTable('lottery_games')
      .set({
        enabled: next.enabled,
        close_seconds: next.closeSeconds,
        min_unit_stake_minor: next.minUnitStakeMinor,
        max_ticket_stake_minor: next.maxTicketStakeMinor,
        play_limits: queries.jsonb(next.playLimits),
        max_chase_draws: next.maxChaseDraws,
        sort_order: next.sortOrder,
        default_play_type: next.defaultPlayType,
      })
      .where('id', '=', before.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      operator,
      action: 'lottery.game.update',
      targetType: 'lottery_game',
      targetId: gameCode,
      before: settingsOf(before),
      after: settingsOf(after),
    });
    return after;
  });
}

function checkSettings(
  game: GameRow,
  next: {
    closeSeconds: number;
    minUnitStakeMinor: bigint;
    maxTicketStakeMinor: bigint;
    playLimits: PlayLimits;
    defaultPlayType: string;
  },
): FieldErrorDetail[] {
  const problems: FieldErrorDetail[] = [];
  const intervalSeconds = game.interval_minutes * 60;
  if (next.closeSeconds >= intervalSeconds)
    problems.push({ field: 'closeSeconds', key: 'too_big', params: { max: intervalSeconds - 1 } });
  const playTypes = new Set(PLAYS_BY_FAMILY[game.family].map((play) => play.code));
  if (!playTypes.has(next.defaultPlayType)) problems.push({ field: 'defaultPlayType', key: 'invalid' });
  if (next.minUnitStakeMinor > next.maxTicketStakeMinor)
    problems.push({ field: 'minUnitStakeMinor', key: 'too_big' });
  for (const [code, limit] of Object.entries(next.playLimits)) {
    if (!playTypes.has(code)) {
      problems.push({ field: `playLimits.${code}`, key: 'invalid' });
      continue;
    }
    const min = BigInt(limit.minUnitStakeMinor ?? next.minUnitStakeMinor);
    const max = BigInt(limit.maxTicketStakeMinor ?? next.maxTicketStakeMinor);
    if (min > max) problems.push({ field: `playLimits.${code}.minUnitStakeMinor`, key: 'too_big' });
  }
  return problems;
}
