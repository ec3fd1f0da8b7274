import {
  cashierDecision,
  cashierOrdersQuery,
  cashierQueueItem,
  cashierQueuePage,
  cashierQueueQuery,
  withdrawalOrder,
  withdrawalOrderPage,
  withdrawInfo as withdrawInfoSchema,
  withdrawRequest,
} from '@sorte/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { doc } from '../../platform/http/openapi.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { requireMember, requireRealAccount } from '../auth/index.ts';
import { requireOperator } from '../backoffice/index.ts';
import { getMerchant } from '../system/index.ts';
import { pushOrderDecision } from './cashier-push.ts';
import { registerPayoutAccountRoutes } from './payout-accounts.routes.ts';
import { registerReceiptRoutes } from './receipts.routes.ts';
import { registerSecurityRoutes } from './security.routes.ts';
import {
  approveWithdrawal,
  memberWithdrawal,
  memberWithdrawals,
  rejectWithdrawal,
  requestWithdrawal,
  withdrawalProof,
  withdrawalQueue,
  withdrawInfo,
} from './withdrawals.service.ts';

const idParam = z.object({ id: z.string().max(64) });

function idOf(request: FastifyRequest): string {
  return parseInput(idParam, request.params).id;
}

/**
 * Withdrawals (member and operator side) and the member-centre pieces they rely on: payout accounts,
 * the withdrawal password, receipt confirmation and the security centre.
 */
export async function registerWithdrawalRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerPayoutAccountRoutes(app, ctx);
  await registerSecurityRoutes(app, ctx);
  await registerReceiptRoutes(app, ctx);
  registerMemberWithdrawalRoutes(app, ctx);
  registerOperatorWithdrawalRoutes(app, ctx);
}

function registerMemberWithdrawalRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/wps/cashier/withdraw/info',
    {
      schema: doc({
        response: withdrawInfoSchema,
        summary: 'What the withdraw page needs: available funds, limits, fee, turnover, payout accounts',
        tags: ['cashier'],
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId, merchantId } = await requireMember(request);
      const { currency } = getMerchant(request);
      return {
        success: true,
        value: await withdrawInfo(ctx.db, ctx.clock, { memberId, merchantId, currency }),
      };
    },
  );

  app.post(
    '/wps/cashier/withdraw',
    {
      schema: doc({
        body: withdrawRequest,
        response: withdrawalOrder,
        summary: 'Ask for a withdrawal: the amount is reserved until an operator pays or rejects it',
        tags: ['cashier'],
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId, merchantId } = await requireRealAccount(request);
      const input = parseInput(withdrawRequest, request.body);
      const { currency } = getMerchant(request);
      return {
        success: true,
        value: await requestWithdrawal(ctx.db, ctx.clock, { memberId, merchantId, currency }, input),
      };
    },
  );

  app.get(
    '/wps/cashier/withdrawals',
    {
      schema: doc({
        querystring: cashierOrdersQuery,
        response: withdrawalOrderPage,
        summary: "The member's withdrawals, newest first",
        tags: ['cashier'],
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId, merchantId } = await requireMember(request);
      const query = parseInput(cashierOrdersQuery, request.query);
      return {
        success: true,
        value: await memberWithdrawals(ctx.db, ctx.clock, { memberId, merchantId }, query),
      };
    },
  );

  app.get(
    '/wps/cashier/withdrawals/:id',
    {
      schema: doc({
        response: withdrawalOrder,
        summary: "One of the member's own withdrawals (another member's is CASHIER_ORDER_NOT_FOUND)",
        tags: ['cashier'],
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId, merchantId } = await requireMember(request);
      return {
        success: true,
        value: await memberWithdrawal(ctx.db, ctx.clock, { memberId, merchantId }, idOf(request)),
      };
    },
  );
}

function registerOperatorWithdrawalRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/bo/cashier/withdrawals',
    {
      schema: doc({
        querystring: cashierQueueQuery,
        response: cashierQueuePage,
        summary: 'Withdrawal queue of the merchant, newest first',
        tags: ['backoffice'],
        auth: 'operator',
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'cashier.read');
      const query = parseInput(cashierQueueQuery, request.query);
      return { success: true, value: await withdrawalQueue(ctx.db, ctx.clock, operator.merchantId, query) };
    },
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/bo/cashier/withdrawals/:id/${decision}`,
      {
        schema: doc({
          body: cashierDecision,
          response: cashierQueueItem,
          summary:
            decision === 'approve'
              ? 'Pay a pending withdrawal: the reserved amount leaves the member'
              : 'Reject a pending withdrawal: the reserved amount is released',
          tags: ['backoffice'],
          auth: 'operator',
        }),
      },
      async (request) => {
        const operator = await requireOperator(request, 'cashier.decide');
        const id = idOf(request);
        const { reason } = parseInput(cashierDecision, request.body);
        const decide = decision === 'approve' ? approveWithdrawal : rejectWithdrawal;
        const item = await decide(ctx.db, ctx.clock, operator, id, reason);
        pushOrderDecision(ctx, operator.merchantId, item);
        return { success: true, value: item };
      },
    );
  }

  app.get(
    '/bo/cashier/withdrawals/:id/proof',
    {
      schema: doc({
        summary: "The player's proof image for a withdrawal reported as not received",
        tags: ['backoffice'],
        auth: 'operator',
      }),
    },
    async (request, reply) => {
      const operator = await requireOperator(request, 'cashier.read');
      const proof = await withdrawalProof(ctx.db, operator.merchantId, idOf(request));
      return reply
        .header('content-type', proof.contentType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(proof.bytes);
    },
  );
}
