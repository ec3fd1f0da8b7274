import {
  memberRaffles,
  operatorRaffles,
  raffleInput,
  raffleSpinRequest,
  raffleSpinResponse,
  rewardCentre,
  rewardClaimRequest,
  rewardClaimResponse,
  vipRebateRates,
  vipRebateRatesUpdate,
} from '@sorte/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { doc } from '../../platform/http/openapi.ts';
import { numericIdParams, parseInput } from '../../platform/http/validate.ts';
import { type MemberAuth, requireMember, requireRealAccount } from '../auth/index.ts';
import { auditedMerchantChange, recordAudit, requireOperator } from '../backoffice/index.ts';
import { getMerchant } from '../system/index.ts';
import * as raffles from './raffles.ts';
import * as rewards from './rewards.service.ts';
import * as vip from './vip-rebates.ts';

const ok = <T>(value: T) => ({ success: true as const, value });
const idParams = numericIdParams;

function callerOf(request: FastifyRequest, auth: MemberAuth): raffles.RaffleCaller {
  return { memberId: auth.memberId, merchantId: auth.merchantId, currency: getMerchant(request).currency };
}

/**
 * The reward centre (member centre `rewardCenter`), raffles ("raffle promotion claim") and the
 * operator's VIP rebate rates and raffles (`merchant.config`, audited).
 */
export function registerRewardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tags = ['rewards'];

  app.get(
    '/wps/member/rewards',
    {
      schema: doc({
        response: rewardCentre,
        summary: "The member's available rewards and the latest claimed or expired ones",
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const auth = await requireMember(request);
      return ok(await rewards.rewardCentre(ctx.db, auth, ctx.clock.now()));
    },
  );

  app.post(
    '/wps/member/rewards/:id/claim',
    {
      schema: doc({
        body: rewardClaimRequest,
        response: rewardClaimResponse,
        summary: 'Claim one reward into the main wallet, once; the same key answers the first claim',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const auth = await requireRealAccount(request);
      const { id } = parseInput(idParams, request.params);
      const input = parseInput(rewardClaimRequest, request.body);
      return ok({
        reward: await rewards.claimReward(ctx.db, auth, id, input.idempotencyKey, ctx.clock.now()),
      });
    },
  );

  app.get(
    '/wps/member/raffles',
    {
      schema: doc({
        response: memberRaffles,
        summary:
          'The raffles running now: prizes, spins left (today’s and from deposits), the next spin’s seed commitment',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const auth = await requireMember(request);
      return ok({ raffles: await raffles.memberRaffles(ctx.db, callerOf(request, auth), ctx.clock.now()) });
    },
  );

  app.post(
    '/wps/member/raffles/:id/spin',
    {
      schema: doc({
        body: raffleSpinRequest,
        response: raffleSpinResponse,
        summary:
          'Spin (provably fair; the prize lands in the reward centre); the same key answers the first spin',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const auth = await requireRealAccount(request);
      const { id } = parseInput(idParams, request.params);
      const input = parseInput(raffleSpinRequest, request.body);
      return ok(await raffles.spinRaffle(ctx.db, callerOf(request, auth), id, input, ctx.clock.now()));
    },
  );

  const bo = { tags: ['backoffice', 'rewards'], auth: 'backoffice' as const };

  app.get(
    '/bo/rewards/vip-rebates',
    {
      schema: doc({
        response: vipRebateRates,
        summary: 'Daily VIP rebate rates per level and category',
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'merchant.config');
      return ok(await vip.vipRebateRates(ctx.db, operator.merchantId));
    },
  );

  app.put(
    '/bo/rewards/vip-rebates',
    {
      schema: doc({
        body: vipRebateRatesUpdate,
        response: vipRebateRates,
        summary:
          'Set daily VIP rebate rates (basis points of a day’s valid stake; 0 = none); others keep theirs',
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'merchant.config');
      const change = parseInput(vipRebateRatesUpdate, request.body);
      const after = await auditedMerchantChange(
        ctx.db,
        operator,
        'vip_rebate_rates.update',
        (trx) => vip.vipRebateRates(trx, operator.merchantId),
        (trx) => vip.setVipRebateRates(trx, operator.merchantId, change.rates),
      );
      return ok(after);
    },
  );

  app.get(
    '/bo/raffles',
    {
      schema: doc({
        response: operatorRaffles,
        summary: 'Raffles with their exact expected prize per spin, spins made and prizes won',
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'merchant.config');
      return ok({ raffles: await raffles.operatorRaffles(ctx.db, operator.merchantId) });
    },
  );

  const saveRaffle = async (request: FastifyRequest, id: number | null) => {
    const operator = await requireOperator(request, 'merchant.config');
    const input = parseInput(raffleInput, request.body);
    await ctx.db.transaction().execute(async (trx) => {
      const before =
        id === null
          ? null
          : (await raffles.operatorRaffles(trx, operator.merchantId)).find((r) => r.id === id);
      const saved = id ?? (await raffles.createRaffle(trx, operator.merchantId, input));
      if (id !== null) await raffles.updateRaffle(trx, operator.merchantId, id, input);
      await recordAudit(trx, {
        operator,
        action: id === null ? 'raffle.create' : 'raffle.update',
        targetType: 'raffle',
        targetId: String(saved),
        before: before ?? null,
        after: input,
      });
    });
    return ok({ raffles: await raffles.operatorRaffles(ctx.db, operator.merchantId) });
  };

  app.post(
    '/bo/raffles',
    { schema: doc({ body: raffleInput, response: operatorRaffles, summary: 'Create a raffle', ...bo }) },
    (request) => saveRaffle(request, null),
  );

  app.put(
    '/bo/raffles/:id',
    { schema: doc({ body: raffleInput, response: operatorRaffles, summary: 'Rewrite a raffle', ...bo }) },
    (request) => saveRaffle(request, parseInput(idParams, request.params).id),
  );
}
