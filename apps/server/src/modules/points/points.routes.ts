import {
  pointsBalance,
  pointsConfig,
  pointsConvertRequest,
  pointsItem,
  pointsItemCreate,
  pointsItemList,
  pointsItemUpdate,
  pointsOperatorItem,
  pointsOperatorItemList,
  pointsOperatorRedemption,
  pointsOperatorRedemptionPage,
  pointsOperatorRedemptionQuery,
  pointsRedeemRequest,
  pointsRedeemResponse,
  pointsRedemptionDecision,
  pointsRedemptionPage,
  pointsRedemptionQuery,
  pointsRules,
  pointsRulesUpdate,
} from '@sorte/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { doc } from '../../platform/http/openapi.ts';
import { pageOf } from '../../platform/http/paging.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { type MemberAuth, requireMember, requireRealAccount } from '../auth/index.ts';
import { recordAudit, requireOperator } from '../backoffice/index.ts';
import { getMerchant } from '../system/index.ts';
import * as operatorSide from './points.operator.ts';
import * as points from './points.service.ts';

const tags = ['points'];
const ok = <T>(value: T) => ({ success: true as const, value });
const itemParams = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 53),
});

function callerOf(request: FastifyRequest, auth: MemberAuth): points.PointsCaller {
  return { memberId: auth.memberId, merchantId: auth.merchantId, currency: getMerchant(request).currency };
}

/**
 * The points mall (spec §7 "points balance, reward, redeem and convert (password-checked), redeem
 * list, config"): the rules and the items are public (a visitor sees the mall); the balance and the
 * history are the member's own; redeeming and converting need a real account and the withdrawal
 * password. Operators (`merchant.config`, audited) create items and move their stock, ship, deliver
 * or cancel goods redemptions, and set the rules.
 */
export function registerPointsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/wps/points/config',
    {
      schema: doc({
        response: pointsConfig,
        summary: "The points mall's rules: rates per category, conversion",
        tags,
      }),
    },
    async (request) => {
      const merchant = getMerchant(request);
      return ok(await points.pointsConfig(ctx.db, merchant.id, merchant.currency));
    },
  );

  app.get(
    '/wps/points/reward',
    { schema: doc({ response: pointsItemList, summary: "The points mall's items with their stock", tags }) },
    async (request) => ok({ list: await points.listItems(ctx.db, getMerchant(request).id) }),
  );

  app.get(
    '/wps/member/points/balance',
    { schema: doc({ response: pointsBalance, summary: "The member's points", tags, auth: 'member' }) },
    async (request) => {
      const auth = await requireMember(request);
      return ok(await points.pointsBalance(ctx.db, auth.memberId));
    },
  );

  app.get(
    '/wps/member/points/redeem/list',
    {
      schema: doc({
        querystring: pointsRedemptionQuery,
        response: pointsRedemptionPage,
        summary: "The member's redemptions and conversions, newest first",
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const auth = await requireMember(request);
      const query = parseInput(pointsRedemptionQuery, request.query);
      const { list, total } = await points.redemptionHistory(ctx.db, auth.memberId, query);
      return ok(pageOf(list, total, query));
    },
  );

  app.post(
    '/wps/member/points/redeem',
    {
      schema: doc({
        body: pointsRedeemRequest,
        response: pointsRedeemResponse,
        summary: 'Redeem an item with points; needs the withdrawal password (goods need an address)',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const auth = await requireRealAccount(request);
      const input = parseInput(pointsRedeemRequest, request.body);
      const redemption = await points.redeemItem(ctx.db, callerOf(request, auth), input, new Date());
      return ok({ redemption, balance: await points.pointsBalance(ctx.db, auth.memberId) });
    },
  );

  app.post(
    '/wps/member/points/convert',
    {
      schema: doc({
        body: pointsConvertRequest,
        response: pointsRedeemResponse,
        summary: "Convert points to cash at the merchant's rate; needs the withdrawal password",
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const auth = await requireRealAccount(request);
      const input = parseInput(pointsConvertRequest, request.body);
      const redemption = await points.convertPoints(ctx.db, callerOf(request, auth), input, new Date());
      return ok({ redemption, balance: await points.pointsBalance(ctx.db, auth.memberId) });
    },
  );

  const bo = { tags: ['backoffice', 'points'], auth: 'backoffice' as const };

  app.get(
    '/bo/points/items',
    {
      schema: doc({
        response: pointsOperatorItemList,
        summary: "The merchant's points-mall items, inactive ones too",
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'merchant.config');
      return ok({ list: await points.operatorItems(ctx.db, operator.merchantId) });
    },
  );

  app.post(
    '/bo/points/items',
    {
      schema: doc({
        body: pointsItemCreate,
        response: pointsItem,
        summary: 'Add an item to the points mall',
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'merchant.config');
      const input = parseInput(pointsItemCreate, request.body);
      const item = await ctx.db.transaction().execute(async (trx) => {
        const created = await points.createItem(trx, operator.merchantId, input);
        await recordAudit(trx, {
          operator,
          action: 'points_item.create',
          targetType: 'points_item',
          targetId: String(created.id),
          after: created,
        });
        return created;
      });
      return ok(item);
    },
  );

  app.patch(
    '/bo/points/items/:id',
    {
      schema: doc({
        body: pointsItemUpdate,
        response: pointsOperatorItem,
        summary:
          'Edit an item (names, descriptions, picture, cost, cash), switch it, or move its stock by a delta (never below zero, never overselling)',
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'merchant.config');
      const { id } = parseInput(itemParams, request.params);
      const change = parseInput(pointsItemUpdate, request.body);
      const item = await ctx.db.transaction().execute(async (trx) => {
        const { before, after } = await points.updateItem(trx, operator.merchantId, id, change);
        await recordAudit(trx, {
          operator,
          action: 'points_item.update',
          targetType: 'points_item',
          targetId: String(id),
          before,
          after,
        });
        return after;
      });
      return ok(item);
    },
  );
  app.get(
    '/bo/points/redemptions',
    {
      schema: doc({
        querystring: pointsOperatorRedemptionQuery,
        response: pointsOperatorRedemptionPage,
        summary: 'The redemptions queue, newest first, by status and member account',
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'merchant.config');
      const query = parseInput(pointsOperatorRedemptionQuery, request.query);
      const { list, total } = await operatorSide.operatorRedemptions(ctx.db, operator.merchantId, query);
      return ok(pageOf(list, total, query));
    },
  );

  app.post(
    '/bo/points/redemptions/:id/decision',
    {
      schema: doc({
        body: pointsRedemptionDecision,
        response: pointsOperatorRedemption,
        summary: 'Ship, deliver or cancel a goods redemption (a cancellation gives the points back once)',
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'merchant.config');
      const { id } = parseInput(itemParams, request.params);
      const decision = parseInput(pointsRedemptionDecision, request.body);
      const after = await ctx.db.transaction().execute(async (trx) => {
        const moved = await operatorSide.decideRedemption(trx, operator.merchantId, id, decision);
        await recordAudit(trx, {
          operator,
          action: `points_redemption.${decision.decision}`,
          targetType: 'points_redemption',
          targetId: String(id),
          before: { status: moved.before.status },
          after: {
            status: moved.after.status,
            account: moved.after.account,
            points: moved.after.points,
            ...(decision.decision === 'shipped' ? { trackingNote: moved.after.trackingNote } : {}),
          },
          reason: decision.decision === 'cancelled' ? decision.reason : undefined,
        });
        return moved.after;
      });
      return ok(after);
    },
  );

  app.get(
    '/bo/points/rules',
    {
      schema: doc({
        response: pointsRules,
        summary: 'The points rules: switches, conversion, points per stake unit per category',
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'merchant.config');
      return ok(await operatorSide.pointsRules(ctx.db, operator.merchantId));
    },
  );

  app.put(
    '/bo/points/rules',
    {
      schema: doc({
        body: pointsRulesUpdate,
        response: pointsRules,
        summary: 'Change the points rules (only what is sent); a new rate applies to stake still to come',
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'merchant.config');
      const change = parseInput(pointsRulesUpdate, request.body);
      const rules = await ctx.db.transaction().execute(async (trx) => {
        const before = await operatorSide.pointsRules(trx, operator.merchantId);
        await operatorSide.updatePointsRules(trx, operator.merchantId, change);
        const after = await operatorSide.pointsRules(trx, operator.merchantId);
        await recordAudit(trx, {
          operator,
          action: 'points_rules.update',
          targetType: 'points_rules',
          targetId: operator.merchantId,
          before,
          after,
        });
        return after;
      });
      return ok(rules);
    },
  );
}
