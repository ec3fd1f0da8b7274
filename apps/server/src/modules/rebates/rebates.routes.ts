import {
  rebateClaimRequest,
  rebateClaimResponse,
  rebateHistoryPage,
  rebateHistoryQuery,
  rebateRates,
  rebateRatesUpdate,
  rebateSummary,
} from '@sorte/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { doc } from '../../platform/http/openapi.ts';
import { pageOf } from '../../platform/http/paging.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { type MemberAuth, requireMember, requireRealAccount } from '../auth/index.ts';
import { auditedMerchantChange, requireOperator } from '../backoffice/index.ts';
import { getMerchant } from '../system/index.ts';
import * as rebates from './rebates.service.ts';

const tags = ['rebates'];
const ok = <T>(value: T) => ({ success: true as const, value });

function callerOf(request: FastifyRequest, auth: MemberAuth): rebates.RebateCaller {
  return { memberId: auth.memberId, merchantId: auth.merchantId, currency: getMerchant(request).currency };
}

/**
 * Manual rebates (spec §2 member centre `manualRebate`): the member reads their own rates, what is
 * claimable and their claims, and claims (a real account); operators set the rates and the minimum
 * claim (`merchant.config`, audited).
 */
export function registerRebateRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/wps/member/rebate',
    {
      schema: doc({
        response: rebateSummary,
        summary: 'Rebate rates, the valid stake since the last claim and what is claimable, per category',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const auth = await requireMember(request);
      return ok(await rebates.rebateSummary(ctx.db, callerOf(request, auth)));
    },
  );

  app.post(
    '/wps/member/rebate/claim',
    {
      schema: doc({
        body: rebateClaimRequest,
        response: rebateClaimResponse,
        summary: 'Claim every claimable rebate to the main wallet; the same key answers the first claim',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const auth = await requireRealAccount(request);
      const input = parseInput(rebateClaimRequest, request.body);
      const caller = callerOf(request, auth);
      const claim = await rebates.claimRebate(ctx.db, caller, input.idempotencyKey);
      return ok({ claim, summary: await rebates.rebateSummary(ctx.db, caller) });
    },
  );

  app.get(
    '/wps/member/rebate/history',
    {
      schema: doc({
        querystring: rebateHistoryQuery,
        response: rebateHistoryPage,
        summary: "The member's rebate claims, newest first",
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const auth = await requireMember(request);
      const query = parseInput(rebateHistoryQuery, request.query);
      const { list, total } = await rebates.claimHistory(ctx.db, auth.memberId, query);
      return ok(pageOf(list, total, query));
    },
  );

  const bo = { tags: ['backoffice', 'rebates'], auth: 'backoffice' as const };

  app.get(
    '/bo/rebates/rates',
    {
      schema: doc({
        response: rebateRates,
        summary: 'Rebate rates per category and the minimum claim',
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'merchant.config');
      return ok(await rebates.operatorRates(ctx.db, operator.merchantId));
    },
  );

  app.put(
    '/bo/rebates/rates',
    {
      schema: doc({
        body: rebateRatesUpdate,
        response: rebateRates,
        summary: 'Set rebate rates (basis points of valid stake; 0 = none) and the minimum claim',
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'merchant.config');
      const change = parseInput(rebateRatesUpdate, request.body);
      const after = await auditedMerchantChange(
        ctx.db,
        operator,
        'rebate_rates.update',
        (trx) => rebates.operatorRates(trx, operator.merchantId),
        (trx) => rebates.updateRates(trx, operator.merchantId, change),
      );
      return ok(after);
    },
  );
}
