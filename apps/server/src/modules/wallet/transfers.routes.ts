import {
  fundsConsolidated,
  fundsConsolidatedQuery,
  merchantWalletInfo,
  transferDownlineRequest,
  transferUplineInfo,
  transferUplineRequest,
  walletBalanceResponse,
  walletRecallRequest,
  walletTransferRequest,
} from '@sorte/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { doc } from '../../platform/http/openapi.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { pendingRequestCounts } from '../agents/index.ts';
import { type MemberAuth, requireMember, requireRealAccount } from '../auth/index.ts';
import { getMerchant } from '../system/index.ts';
import {
  consolidatedFunds,
  merchantWallets,
  recallGameWallets,
  transferToDownline,
  transferToUpline,
  uplineInfo,
  type WalletCaller,
  walletTransfer,
} from './transfers.service.ts';

/** The member's identity plus the merchant's currency, in which every wallet of theirs is kept. */
function callerOf(request: FastifyRequest, auth: MemberAuth): WalletCaller {
  const merchant = getMerchant(request);
  return {
    memberId: auth.memberId,
    merchantId: auth.merchantId,
    currency: merchant.currency,
    currencySymbol: merchant.currencySymbol,
  };
}

/**
 * Wallet transfers: main ↔ game wallets, the recall, the consolidated funds view, and transfers along
 * the agent tree (spec §6: a member to the direct upline agent, an agent to anyone in the downline).
 */
export async function registerTransferRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/wps/v2/wallets/merchant',
    {
      schema: doc({
        response: merchantWalletInfo,
        summary: "The merchant's wallet mode: single wallet, or transfer wallets with their game wallets",
        tags: ['wallet'],
        auth: 'member',
      }),
    },
    async (request) => {
      const { merchantId } = await requireMember(request);
      return { success: true, value: await merchantWallets(ctx.db, merchantId) };
    },
  );

  app.post(
    '/wps/v2/wallets/transfer',
    {
      schema: doc({
        body: walletTransferRequest,
        response: walletBalanceResponse,
        summary: 'Move money between the main wallet and a game wallet; answers with the new balances',
        tags: ['wallet'],
        auth: 'member',
      }),
    },
    async (request) => {
      const auth = await requireRealAccount(request);
      const input = parseInput(walletTransferRequest, request.body);
      return { success: true, value: await walletTransfer(ctx.db, callerOf(request, auth), input) };
    },
  );

  app.post(
    '/wps/v2/wallets/recall',
    {
      schema: doc({
        body: walletRecallRequest,
        response: walletBalanceResponse,
        summary: 'Bring every game wallet back to the main wallet; answers with the new balances',
        tags: ['wallet'],
        auth: 'member',
      }),
    },
    async (request) => {
      const auth = await requireRealAccount(request);
      const { idempotencyKey } = parseInput(walletRecallRequest, request.body);
      return {
        success: true,
        value: await recallGameWallets(ctx.db, callerOf(request, auth), idempotencyKey),
      };
    },
  );

  /**
   * The contract flags (dailysalreqtype, divtypereq, contracthoursalreq, realtimesalreqtype), when
   * set, add the pending contract requests addressed to the member, counted per type asked for
   * (agents module, docs/agents.md).
   */
  app.get(
    '/wps/member/info/funds/consolidated',
    {
      schema: doc({
        querystring: fundsConsolidatedQuery,
        response: fundsConsolidated,
        summary: "The member's money at a glance: each wallet, holds, cash in and out, turnover still due",
        tags: ['wallet'],
        auth: 'member',
      }),
    },
    async (request) => {
      const auth = await requireMember(request);
      const query = parseInput(fundsConsolidatedQuery, request.query);
      const funds = await consolidatedFunds(ctx.db, callerOf(request, auth));
      const asked = contractTypesAsked(query);
      if (!asked.length) return { success: true, value: funds };
      const pendingContractRequests = await pendingRequestCounts(
        ctx.db,
        auth.merchantId,
        auth.memberId,
        asked,
      );
      return { success: true, value: { ...funds, pendingContractRequests } };
    },
  );

  app.get(
    '/wps/member/transfer/upline',
    {
      schema: doc({
        response: transferUplineInfo,
        summary: 'Whether the member may send money to the direct upline agent, to whom, and how much',
        tags: ['wallet'],
        auth: 'member',
      }),
    },
    async (request) => {
      const auth = await requireRealAccount(request);
      return { success: true, value: await uplineInfo(ctx.db, callerOf(request, auth)) };
    },
  );

  app.post(
    '/wps/member/transfer/upline',
    {
      schema: doc({
        body: transferUplineRequest,
        response: walletBalanceResponse,
        summary: "Send from the main wallet to the direct upline agent's; needs the withdrawal password",
        tags: ['wallet'],
        auth: 'member',
      }),
    },
    async (request) => {
      const auth = await requireRealAccount(request);
      const input = parseInput(transferUplineRequest, request.body);
      return {
        success: true,
        value: await transferToUpline(ctx.db, callerOf(request, auth), input, ctx.clock.now()),
      };
    },
  );

  app.post(
    '/wps/agent/transfer/downline',
    {
      schema: doc({
        body: transferDownlineRequest,
        response: walletBalanceResponse,
        summary: "An agent sends from the main wallet to a downline member's; needs the withdrawal password",
        tags: ['wallet'],
        auth: 'member',
      }),
    },
    async (request) => {
      const auth = await requireRealAccount(request);
      const input = parseInput(transferDownlineRequest, request.body);
      const caller = { ...callerOf(request, auth), type: auth.type };
      return { success: true, value: await transferToDownline(ctx.db, caller, input, ctx.clock.now()) };
    },
  );
}

/** The contract types whose flag the consolidated funds query sets (any value but empty or '0'). */
function contractTypesAsked(query: z.infer<typeof fundsConsolidatedQuery>) {
  const flags = {
    daily: query.dailysalreqtype,
    dividend: query.divtypereq,
    hourly: query.contracthoursalreq,
    realtime: query.realtimesalreqtype,
  } as const;
  return (Object.keys(flags) as (keyof typeof flags)[]).filter((type) => flags[type] && flags[type] !== '0');
}
