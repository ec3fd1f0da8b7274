import {
  cashierDecision,
  cashierOrdersQuery,
  cashierQueueItem,
  cashierQueuePage,
  cashierQueueQuery,
  depositOrder,
  depositOrderPage,
  depositRequest,
} from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { doc } from '../../platform/http/openapi.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { requireMember, requireRealAccount } from '../auth/index.ts';
import { requireOperator } from '../backoffice/index.ts';
import { getMerchant } from '../system/index.ts';
import { pushOrderDecision } from './cashier-push.ts';
import { registerChannelRoutes } from './channels.routes.ts';
import {
  createDeposit,
  decideDeposit,
  depositQueue,
  memberDeposit,
  memberDeposits,
} from './deposits.service.ts';

const orderIdParams = z.object({ id: z.string().max(64) });

export async function registerDepositRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerChannelRoutes(app, ctx);

  app.post(
    '/wps/cashier/deposit',
    {
      schema: doc({
        body: depositRequest,
        response: depositOrder,
        summary: 'Open a deposit order (idempotent by idempotencyKey)',
        tags: ['cashier'],
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId, merchantId } = await requireRealAccount(request);
      const input = parseInput(depositRequest, request.body);
      const { currency } = getMerchant(request);
      const order = await createDeposit(ctx.db, ctx.clock, { memberId, merchantId, currency }, input);
      return { success: true, value: order };
    },
  );

  app.get(
    '/wps/cashier/deposits',
    {
      schema: doc({
        querystring: cashierOrdersQuery,
        response: depositOrderPage,
        summary: "The member's deposit orders, newest first",
        tags: ['cashier'],
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId } = await requireMember(request);
      const q = parseInput(cashierOrdersQuery, request.query);
      return { success: true, value: await memberDeposits(ctx.db, memberId, q) };
    },
  );

  app.get(
    '/wps/cashier/deposits/:id',
    {
      schema: doc({
        response: depositOrder,
        summary: 'One deposit order of the member',
        tags: ['cashier'],
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId } = await requireMember(request);
      const { id } = parseInput(orderIdParams, request.params);
      return { success: true, value: await memberDeposit(ctx.db, memberId, id) };
    },
  );

  app.get(
    '/bo/cashier/deposits',
    {
      schema: doc({
        querystring: cashierQueueQuery,
        response: cashierQueuePage,
        summary: 'Deposit orders of the merchant, oldest first',
        tags: ['backoffice'],
        auth: 'operator',
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'cashier.read');
      const q = parseInput(cashierQueueQuery, request.query);
      return { success: true, value: await depositQueue(ctx.db, operator.merchantId, q) };
    },
  );

  for (const verdict of ['approve', 'reject'] as const) {
    app.post(
      `/bo/cashier/deposits/:id/${verdict}`,
      {
        schema: doc({
          body: cashierDecision,
          response: cashierQueueItem,
          summary:
            verdict === 'approve'
              ? 'Approve a pending deposit: the member is credited amount − fee'
              : 'Reject a pending deposit: nothing is credited',
          tags: ['backoffice'],
          auth: 'operator',
        }),
      },
      async (request) => {
        const operator = await requireOperator(request, 'cashier.decide');
        const { id } = parseInput(orderIdParams, request.params);
        const { reason } = parseInput(cashierDecision, request.body);
        const item = await decideDeposit(ctx.db, ctx.clock, operator, id, verdict, reason);
        pushOrderDecision(ctx, operator.merchantId, item);
        return { success: true, value: item };
      },
    );
  }
}
