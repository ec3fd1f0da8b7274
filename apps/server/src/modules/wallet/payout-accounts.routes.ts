import { payoutAccount, payoutAccountInput, withdrawalPasswordRequest } from '@sorte/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { doc } from '../../platform/http/openapi.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { requireMember, requireRealAccount } from '../auth/index.ts';
import {
  addPayoutAccount,
  listPayoutAccounts,
  makeDefault,
  removePayoutAccount,
} from './payout-accounts.service.ts';
import { setWithdrawalPassword } from './withdrawal-password.service.ts';

const idParam = z.object({ id: z.string().max(64) });

function idOf(request: FastifyRequest): string {
  return parseInput(idParam, request.params).id;
}

/** Payout accounts (bank or PIX, held by the member) and the withdrawal password. */
export async function registerPayoutAccountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/wps/member/payout-accounts',
    {
      schema: doc({
        response: z.array(payoutAccount),
        summary: "The member's payout accounts, default first, labels masked",
        tags: ['cashier'],
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId, merchantId } = await requireMember(request);
      return { success: true, value: await listPayoutAccounts(ctx.db, { memberId, merchantId }) };
    },
  );

  app.post(
    '/wps/member/payout-accounts',
    {
      schema: doc({
        body: payoutAccountInput,
        response: payoutAccount,
        summary: "Add a bank account or PIX key; the holder must be the member's real name",
        tags: ['cashier'],
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId, merchantId } = await requireRealAccount(request);
      const input = parseInput(payoutAccountInput, request.body);
      return {
        success: true,
        value: await addPayoutAccount(ctx.db, ctx.clock, { memberId, merchantId }, input),
      };
    },
  );

  app.delete(
    '/wps/member/payout-accounts/:id',
    {
      schema: doc({
        response: z.object({ removed: z.boolean() }),
        summary: 'Remove a payout account (past withdrawals keep showing it)',
        tags: ['cashier'],
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId, merchantId } = await requireRealAccount(request);
      await removePayoutAccount(ctx.db, ctx.clock, { memberId, merchantId }, idOf(request));
      return { success: true, value: { removed: true } };
    },
  );

  app.post(
    '/wps/member/payout-accounts/:id/default',
    {
      schema: doc({
        response: z.array(payoutAccount),
        summary: 'Make a payout account the default one',
        tags: ['cashier'],
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId, merchantId } = await requireRealAccount(request);
      return { success: true, value: await makeDefault(ctx.db, { memberId, merchantId }, idOf(request)) };
    },
  );

  app.post(
    '/wps/member/withdrawal-password',
    {
      schema: doc({
        body: withdrawalPasswordRequest,
        response: z.object({ hasWithdrawalPassword: z.boolean() }),
        summary: 'Set the withdrawal password, or change it with the old one',
        tags: ['cashier'],
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId } = await requireRealAccount(request);
      const input = parseInput(withdrawalPasswordRequest, request.body);
      await setWithdrawalPassword(ctx.db, memberId, input, ctx.clock.now());
      return { success: true, value: { hasWithdrawalPassword: true } };
    },
  );
}
