import {
  boVnApproveRequest,
  boVnCancelRequest,
  boVnDraw,
  boVnDraws,
  boVnDrawsQuery,
  boVnImportRequest,
  boVnImportResponse,
  boVnResultRequest,
  vnBetRequest,
  vnBetResponse,
  vnDraw,
  vnDrawParams,
  vnLimits,
  vnMenu,
  vnMenuQuery,
  vnOpened,
  vnOpenedQuery,
  vnPayoutConfig,
  vnTicket,
  vnTickets,
  vnTicketsQuery,
} from '@sorte/contracts';
import {
  checkVnLimits,
  checkVnPayoutConfig,
  DEFAULT_VN_CLOSE_OFFSET_MINUTES,
  loSlotCount,
  VN_BET_TYPE_INFO,
  vnGameMenu,
  vnLocalDay,
} from '@sorte/lottery';
import { createHash, timingSafeEqual } from 'node:crypto';
import { PLAY_CURRENCY_SQL_PATTERN } from '@sorte/money';
import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import type { Db } from '../../../platform/database/database.ts';
import { AppError, fieldErrors } from '../../../platform/http/app-error.ts';
import { doc } from '../../../platform/http/openapi.ts';
import { offsetOf, pageOf } from '../../../platform/http/paging.ts';
import { parseInput } from '../../../platform/http/validate.ts';
import { requireBettor, requireMember } from '../../auth/index.ts';
import { recordAudit, requireOperator } from '../../backoffice/index.ts';
import { getMerchant } from '../../system/index.ts';
import { countTicketsOfMember, placeVnBet, ticketOfMember, ticketsOfMember } from './vn.bets.ts';
import {
  limitsOf,
  payoutConfigOf,
  ruleConfig,
  ruleLimits,
  saveLimits,
  savePayoutConfig,
  storedConfig,
  storedLimits,
  storedRate,
} from './vn.config.ts';
import { addDays, drawById, drawsOfDays, ensureVnDraws, type VnDrawRow } from './vn.draws.ts';
import {
  approveVnResult,
  cancelVnDraw,
  enterVnResult,
  importVnResult,
  rejectVnResult,
  type VnActor,
} from './vn.results.ts';
import { boDrawView, drawView, ticketView } from './vn.views.ts';

const tags = ['lottery-vn'];
const boTags = ['backoffice'];
/** Results, approvals, cancellations and rates change money: the merchant's configuration permission. */
const PERMISSION = 'merchant.config';

async function boDraw(db: Db, draw: VnDrawRow) {
  const [totals] = await drawTotals(db, [draw.id]);
  return boDrawView(draw, totals ?? { tickets: 0, stakeMinor: 0, payoutMinor: 0 });
}

async function drawTotals(db: Db, ids: bigint[]) {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('vn_tickets')
    .select((eb) => [
      'draw_id',
      eb.fn.countAll<string>().as('tickets'),
      eb.fn.sum<string>('stake_minor').as('stake'),
      eb.fn.sum<string>('payout_minor').as('payout'),
    ])
    .where('draw_id', 'in', ids)
    // Real money only: free play's tickets are in a play currency (@sorte/money play-money.ts).
    .where(sql<boolean>`currency !~ ${PLAY_CURRENCY_SQL_PATTERN}`)
    .groupBy('draw_id')
    .execute();
  const byDraw = new Map(rows.map((r) => [String(r.draw_id), r]));
  return ids.map((id) => {
    const r = byDraw.get(String(id));
    return {
      tickets: Number(r?.tickets ?? 0),
      stakeMinor: Number(r?.stake ?? 0),
      payoutMinor: Number(r?.payout ?? 0),
    };
  });
}

async function reloadBoDraw(db: Db, operator: VnActor, id: bigint) {
  const draw = await drawById(db, operator.merchantId, id);
  if (!draw) throw new AppError('LOTTERY_DRAW_NOT_FOUND');
  return { success: true, value: await boDraw(db, draw) };
}

/** Compares digests, so the time taken says nothing about the key. */
function keyMatches(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Who imports: a signed-in operator (bo-token), or a results feed holding the operator API key
 * (x-operator-key, configured OPERATOR_API_KEY only) naming the merchant in the body. The feed has no
 * operator id, so what it imports always waits for a person, or confirms a person's entry.
 */
async function importerOf(ctx: AppContext, request: FastifyRequest): Promise<VnActor> {
  const raw = request.headers['x-operator-key'];
  const given = Array.isArray(raw) ? raw[0] : raw;
  if (given === undefined || request.headers['bo-token'] !== undefined)
    return requireOperator(request, PERMISSION);
  const key = ctx.config.OPERATOR_API_KEY;
  if (!key || !keyMatches(given, key)) throw new AppError('OPERATOR_UNAUTHENTICATED');
  const { merchant } = parseInput(boVnImportRequest, request.body);
  if (!merchant) throw fieldErrors([{ field: 'merchant', key: 'required', params: {} }]);
  const row = await ctx.db
    .selectFrom('merchants')
    .select('id')
    .where('code', '=', merchant)
    .executeTakeFirst();
  if (!row) throw new AppError('MERCHANT_UNKNOWN');
  return {
    merchantId: row.id,
    operatorId: null,
    username: `key:${createHash('sha256').update(given).digest('hex').slice(0, 12)}`,
    ip: request.ip,
  };
}

/** The Vietnamese lottery: the lobby menu and results for everyone, bets and tickets for players, results for operators. */
export async function registerVnLotteryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const now = () => ctx.clock.now();

  app.get(
    '/lgw/vn/games/game_menu',
    {
      schema: doc({
        querystring: vnMenuQuery,
        response: vnMenu,
        summary:
          'Regions, their games (today first) with next draw and close times, and bet types with rates',
        tags,
      }),
    },
    async (request) => {
      const { prizeMode } = parseInput(vnMenuQuery, request.query);
      const merchantId = getMerchant(request).id;
      const at = now();
      await ensureVnDraws(ctx.db, merchantId, at);
      const today = vnLocalDay(at).date;
      const [config, limits, known] = await Promise.all([
        payoutConfigOf(ctx.db, merchantId),
        limitsOf(ctx.db, merchantId),
        drawsOfDays(ctx.db, merchantId, [today, addDays(today, 1)]),
      ]);
      const idOf = new Map(known.map((d) => [`${d.province_code}:${d.draw_date}`, String(d.id)]));
      const regions = vnGameMenu(at).map((region) => ({
        region: region.region,
        name: region.name,
        abbreviation: region.abbreviation,
        drawTime: region.drawTime,
        betTypes: region.betTypes.map((betType) => {
          const info = VN_BET_TYPE_INFO[betType];
          return {
            betType,
            name: info.name,
            digits: info.digits,
            pricing: info.pricing,
            minNumbers: info.minNumbers,
            maxNumbers: info.maxNumbers,
            slots: info.pricing === 'perSlot' ? loSlotCount(region.region, info.digits) : null,
            rate: storedRate(config[betType][region.region]),
            minStakeMinor: Number(limits[betType].minStakeMinor),
            maxStakeMinor: Number(limits[betType].maxStakeMinor),
          };
        }),
        provinces: region.provinces.map((p) => ({
          code: p.code,
          name: p.name,
          drawsToday: p.drawsToday,
          openToday: p.openToday,
          nextDraw: {
            drawId: idOf.get(`${p.code}:${p.nextDraw.drawDate}`) ?? null,
            drawDate: p.nextDraw.drawDate,
            drawAt: p.nextDraw.drawAt.toISOString(),
            closesAt: p.nextDraw.closesAt.toISOString(),
            host: p.nextDraw.host ?? null,
          },
        })),
      }));
      return {
        success: true,
        value: {
          gameCode: 'TCG_LOTTO_VN' as const,
          prizeMode: prizeMode ?? null,
          closeOffsetMinutes: DEFAULT_VN_CLOSE_OFFSET_MINUTES,
          serverTime: at.toISOString(),
          regions,
        },
      };
    },
  );

  app.get(
    '/lgw/vn/numeros/opened/game',
    {
      schema: doc({
        querystring: vnOpenedQuery,
        response: vnOpened,
        summary: 'The latest settled results, newest first (count ≤ 100), with their lô tables',
        tags,
      }),
    },
    async (request) => {
      const { count } = parseInput(vnOpenedQuery, request.query);
      const rows = await ctx.db
        .selectFrom('vn_draws')
        .selectAll()
        .where('merchant_id', '=', getMerchant(request).id)
        .where('status', '=', 'settled')
        .orderBy('draws_at', 'desc')
        .orderBy('id', 'desc')
        .limit(count)
        .execute();
      return { success: true, value: rows.map(drawView) };
    },
  );

  app.get(
    '/wps/lottery/vn/draws/:id',
    {
      schema: doc({ response: vnDraw, summary: 'One draw, with its result and lô table once settled', tags }),
    },
    async (request) => {
      const { id } = parseInput(vnDrawParams, request.params);
      const draw = await drawById(ctx.db, getMerchant(request).id, BigInt(id));
      if (!draw) throw new AppError('LOTTERY_DRAW_NOT_FOUND');
      return { success: true, value: drawView(draw) };
    },
  );

  app.post(
    '/wps/lottery/vn/bets',
    {
      schema: doc({
        body: vnBetRequest,
        response: vnBetResponse,
        summary:
          'Buy a slip of tickets on one draw (by id, or province and date); one stake, idempotent by key',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId, merchantId, currency } = await requireBettor(request);
      const input = parseInput(vnBetRequest, request.body);
      if (!input.drawId && !(input.province && input.date))
        throw new AppError('VALIDATION_FAILED', {
          fields: [{ field: 'drawId', key: 'required', params: {} }],
        });
      await ensureVnDraws(ctx.db, merchantId, now());
      const player = { memberId, merchantId, currency };
      const { draw, tickets } = await placeVnBet(ctx.db, player, input, now);
      return {
        success: true,
        value: {
          drawId: String(draw.id),
          stakeMinor: Number(tickets.reduce((sum, t) => sum + t.stake_minor, 0n)),
          tickets: tickets.map((t) => ticketView(t, draw)),
        },
      };
    },
  );

  app.get(
    '/wps/lottery/vn/tickets',
    {
      schema: doc({
        querystring: vnTicketsQuery,
        response: vnTickets,
        summary: 'Your Vietnamese lottery tickets, newest first',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId } = await requireMember(request);
      const query = parseInput(vnTicketsQuery, request.query);
      const [rows, total] = await Promise.all([
        ticketsOfMember(ctx.db, memberId, query.pageSize, offsetOf(query)),
        countTicketsOfMember(ctx.db, memberId),
      ]);
      return {
        success: true,
        value: pageOf(
          rows.map((r) => ticketView(r, r)),
          total,
          query,
        ),
      };
    },
  );

  app.get(
    '/wps/lottery/vn/tickets/:id',
    { schema: doc({ response: vnTicket, summary: 'One of your tickets', tags, auth: 'member' }) },
    async (request) => {
      const { memberId } = await requireMember(request);
      const { id } = parseInput(vnDrawParams, request.params);
      const row = await ticketOfMember(ctx.db, memberId, BigInt(id));
      if (!row) throw new AppError('LOTTERY_TICKET_NOT_FOUND');
      return { success: true, value: ticketView(row, row) };
    },
  );

  // ------------------------------------------------------------ back office

  app.get(
    '/bo/lottery/vn/draws',
    {
      schema: doc({
        querystring: boVnDrawsQuery,
        response: boVnDraws,
        summary: 'The Vietnamese draws by status and day, newest first, with ticket totals',
        tags: boTags,
        auth: 'backoffice',
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, PERMISSION);
      const query = parseInput(boVnDrawsQuery, request.query);
      let base = ctx.db.selectFrom('vn_draws').where('merchant_id', '=', operator.merchantId);
      if (query.status) base = base.where('status', '=', query.status);
      if (query.date) base = base.where('draw_date', '=', query.date);
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('draws_at', 'desc')
          .orderBy('id', 'desc')
          .limit(query.pageSize)
          .offset(offsetOf(query))
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const totals = await drawTotals(
        ctx.db,
        rows.map((r) => r.id),
      );
      const list = rows.map((r, i) => boDrawView(r, totals[i]!));
      return { success: true, value: pageOf(list, Number(count.n), query) };
    },
  );

  app.post(
    '/bo/lottery/vn/draws/:id/result',
    {
      schema: doc({
        body: boVnResultRequest,
        response: boVnDraw,
        summary: 'Enter a draw’s result; it waits for another operator’s approval',
        tags: boTags,
        auth: 'backoffice',
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, PERMISSION);
      const { id } = parseInput(vnDrawParams, request.params);
      const { result } = parseInput(boVnResultRequest, request.body);
      await enterVnResult(ctx.db, operator, BigInt(id), result, now());
      return reloadBoDraw(ctx.db, operator, BigInt(id));
    },
  );

  app.post(
    '/bo/lottery/vn/draws/:id/approve',
    {
      schema: doc({
        body: boVnApproveRequest,
        response: boVnDraw,
        summary:
          'Approve the pending result (another operator; optionally typed again to compare) and settle',
        tags: boTags,
        auth: 'backoffice',
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, PERMISSION);
      const { id } = parseInput(vnDrawParams, request.params);
      const { result } = parseInput(boVnApproveRequest, request.body ?? {});
      await approveVnResult(ctx.db, operator, BigInt(id), result, now());
      return reloadBoDraw(ctx.db, operator, BigInt(id));
    },
  );

  app.post(
    '/bo/lottery/vn/draws/:id/reject',
    {
      schema: doc({
        body: boVnCancelRequest,
        response: boVnDraw,
        summary: 'Withdraw a pending result (a wrong entry) so it can be entered again',
        tags: boTags,
        auth: 'backoffice',
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, PERMISSION);
      const { id } = parseInput(vnDrawParams, request.params);
      const { reason } = parseInput(boVnCancelRequest, request.body);
      await rejectVnResult(ctx.db, operator, BigInt(id), reason);
      return reloadBoDraw(ctx.db, operator, BigInt(id));
    },
  );

  app.post(
    '/bo/lottery/vn/draws/:id/cancel',
    {
      schema: doc({
        body: boVnCancelRequest,
        response: boVnDraw,
        summary: 'Cancel a draw not yet settled; every ticket is refunded',
        tags: boTags,
        auth: 'backoffice',
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, PERMISSION);
      const { id } = parseInput(vnDrawParams, request.params);
      const { reason } = parseInput(boVnCancelRequest, request.body);
      await cancelVnDraw(ctx.db, operator, BigInt(id), reason, now());
      return reloadBoDraw(ctx.db, operator, BigInt(id));
    },
  );

  app.post(
    '/bo/lottery/vn/import',
    {
      schema: doc({
        body: boVnImportRequest,
        response: boVnImportResponse,
        summary:
          'Import a result by province and day (operator session, or x-operator-key with `merchant`): pending approval, or the second source that settles',
        tags: boTags,
        auth: 'backoffice',
      }),
    },
    async (request) => {
      const importer = await importerOf(ctx, request);
      const { province, date, result } = parseInput(boVnImportRequest, request.body);
      const id = await importVnResult(ctx.db, importer, province, date, result, now());
      return reloadBoDraw(ctx.db, importer, id);
    },
  );

  app.get(
    '/bo/lottery/vn/payouts',
    {
      schema: doc({
        response: vnPayoutConfig,
        summary: 'The merchant’s prices and payouts per bet type and region',
        tags: boTags,
        auth: 'backoffice',
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, PERMISSION);
      return { success: true, value: storedConfig(await payoutConfigOf(ctx.db, operator.merchantId)) };
    },
  );

  app.put(
    '/bo/lottery/vn/payouts',
    {
      schema: doc({
        body: vnPayoutConfig,
        response: vnPayoutConfig,
        summary: 'Replace the prices and payouts; refused when a bet type would return 100 % or more',
        tags: boTags,
        auth: 'backoffice',
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, PERMISSION);
      const input = parseInput(vnPayoutConfig, request.body);
      const config = ruleConfig(input);
      const issues = checkVnPayoutConfig(config);
      if (issues.length) throw new AppError('CONFIG_INVALID', { issues });
      const before = storedConfig(await payoutConfigOf(ctx.db, operator.merchantId));
      await ctx.db.transaction().execute(async (trx) => {
        await savePayoutConfig(trx, operator.merchantId, config, now());
        await recordAudit(trx, {
          operator,
          action: 'lottery_vn.payouts.update',
          targetType: 'vn_payout_config',
          targetId: operator.merchantId,
          before,
          after: storedConfig(config),
        });
      });
      return { success: true, value: storedConfig(config) };
    },
  );

  app.get(
    '/bo/lottery/vn/limits',
    {
      schema: doc({
        response: vnLimits,
        summary: 'The merchant’s stake limits per bet type: per ticket, and per number of a draw',
        tags: boTags,
        auth: 'backoffice',
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, PERMISSION);
      return { success: true, value: storedLimits(await limitsOf(ctx.db, operator.merchantId)) };
    },
  );

  app.put(
    '/bo/lottery/vn/limits',
    {
      schema: doc({
        body: vnLimits,
        response: vnLimits,
        summary:
          'Replace the stake limits; each bet type needs min ≤ max ≤ per number. Applies to bets placed from now on',
        tags: boTags,
        auth: 'backoffice',
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, PERMISSION);
      const limits = ruleLimits(parseInput(vnLimits, request.body));
      const issues = checkVnLimits(limits);
      if (issues.length) throw new AppError('CONFIG_INVALID', { issues });
      const before = storedLimits(await limitsOf(ctx.db, operator.merchantId));
      await ctx.db.transaction().execute(async (trx) => {
        await saveLimits(trx, operator.merchantId, limits, now());
        await recordAudit(trx, {
          operator,
          action: 'lottery_vn.limits.update',
          targetType: 'vn_limits',
          targetId: operator.merchantId,
          before,
          after: storedLimits(limits),
        });
      });
      return { success: true, value: storedLimits(limits) };
    },
  );
}
