import {
  boAgentMoveRequest,
  boAgentMoveResponse,
  boAgentTree,
  boAgentTreeQuery,
  boContractDetail,
  boContractOffer,
  boContractPage,
  boContractRules,
  boContractRulesUpdate,
  boContractsQuery,
  boIdParams,
  boPayoutDecision,
  boPayoutDecisionResponse,
  boPayoutPage,
  boPayoutsQuery,
  boRequestDecision,
  boSettlementRunPage,
  boSettlementRunsQuery,
  boTerminateRequest,
} from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { doc } from '../../platform/http/openapi.ts';
import { offsetOf, pageOf } from '../../platform/http/paging.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { requireOperator } from '../backoffice/index.ts';
import * as queries from './backoffice.queries.ts';
import { moveMember, rulesView, updateRules } from './backoffice.service.ts';
import { decideRequest, forceTerminate, offerContract } from './contracts.service.ts';
import { decideSettlement } from './contracts.settlement.ts';
import { tierFromInput } from './contracts.tiers.ts';

const tags = ['backoffice', 'agents'];
const auth = 'backoffice' as const;
const ok = <T>(value: T) => ({ success: true as const, value });
const memberParams = z.object({ id: z.string().min(1).max(64) });

/**
 * The operators' agents (docs/agents.md, "Back office"): reading needs `agents.read`; moving a
 * member, the contract rules, offering a top agent a contract, answering its termination requests
 * and force-terminating a contract `agents.manage`; deciding a payout
 * above the approval threshold `agents.payouts`. Every change is audited in its own transaction.
 */
export function registerAgentBackofficeRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/bo/agents/tree',
    {
      schema: doc({
        querystring: boAgentTreeQuery,
        response: boAgentTree,
        summary:
          "A level of the merchant's agent tree (the top agents, or a member's children), or members by account",
        tags,
        auth,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'agents.read');
      const query = parseInput(boAgentTreeQuery, request.query);
      return ok(await queries.treeLevel(ctx.db, operator.merchantId, query));
    },
  );

  app.post(
    '/bo/agents/members/:id/move',
    {
      schema: doc({
        body: boAgentMoveRequest,
        response: boAgentMoveResponse,
        summary: 'Move a member and its whole team under another agent (audited)',
        tags,
        auth,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'agents.manage');
      const { id } = parseInput(memberParams, request.params);
      const { parentId, reason } = parseInput(boAgentMoveRequest, request.body);
      const { moved } = await moveMember(ctx.db, {
        merchantId: operator.merchantId,
        memberId: id,
        parentId,
        reason,
        operator,
      });
      const node = await queries.treeNode(ctx.db, operator.merchantId, id);
      if (!node) throw new AppError('AGENT_MEMBER_NOT_FOUND');
      return ok({ moved, node });
    },
  );

  app.get(
    '/bo/agents/rules',
    { schema: doc({ response: boContractRules, summary: "The merchant's contract rules", tags, auth }) },
    async (request) => {
      const operator = await requireOperator(request, 'agents.read');
      return ok(await rulesView(ctx.db, operator.merchantId));
    },
  );

  app.put(
    '/bo/agents/rules',
    {
      schema: doc({
        body: boContractRulesUpdate,
        response: boContractRules,
        summary: "Change the merchant's contract rules (audited; the type switches are feature flags)",
        tags,
        auth,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'agents.manage');
      const change = parseInput(boContractRulesUpdate, request.body);
      return ok(
        await updateRules(ctx.db, {
          merchantId: operator.merchantId,
          change,
          operator,
          now: ctx.clock.now(),
        }),
      );
    },
  );

  app.get(
    '/bo/agents/contracts',
    {
      schema: doc({
        querystring: boContractsQuery,
        response: boContractPage,
        summary: 'Every contract of the merchant by type, status, agent account or pending request',
        tags,
        auth,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'agents.read');
      const query = parseInput(boContractsQuery, request.query);
      const { list, total } = await queries.contractList(ctx.db, operator.merchantId, {
        ...query,
        offset: offsetOf(query),
        limit: query.pageSize,
      });
      return ok(pageOf(list, total, query));
    },
  );

  app.get(
    '/bo/agents/contracts/:id',
    {
      schema: doc({
        response: boContractDetail,
        summary: 'A contract: its tiers, its requests and its payouts',
        tags,
        auth,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'agents.read');
      const { id } = parseInput(boIdParams, request.params);
      const detail = await queries.contractDetail(ctx.db, operator.merchantId, BigInt(id));
      if (!detail) throw new AppError('AGENT_CONTRACT_NOT_FOUND');
      return ok(detail);
    },
  );

  app.post(
    '/bo/agents/contracts',
    {
      schema: doc({
        body: boContractOffer,
        response: boContractDetail,
        summary:
          'Offer a top agent (one without an upline agent) a contract from the merchant; the agent accepts or rejects it (audited)',
        tags,
        auth,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'agents.manage');
      const offer = parseInput(boContractOffer, request.body);
      const { contractId } = await offerContract(ctx.db, {
        merchantId: operator.merchantId,
        uplineId: null,
        downlineId: offer.downlineId,
        type: offer.type,
        tiers: offer.tiers.map(tierFromInput),
        now: ctx.clock.now(),
        operator,
        reason: offer.reason ?? null,
      });
      const detail = await queries.contractDetail(ctx.db, operator.merchantId, contractId);
      if (!detail) throw new AppError('AGENT_CONTRACT_NOT_FOUND');
      return ok(detail);
    },
  );

  app.post(
    '/bo/agents/requests/:id/decision',
    {
      schema: doc({
        body: boRequestDecision,
        response: boContractDetail,
        summary:
          "Answer, for the merchant, a top agent's request to terminate the contract it holds from the merchant (audited)",
        tags,
        auth,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'agents.manage');
      const { id } = parseInput(boIdParams, request.params);
      const { accept, reason } = parseInput(boRequestDecision, request.body);
      const requestId = BigInt(id);
      await decideRequest(ctx.db, {
        merchantId: operator.merchantId,
        memberId: null,
        requestId,
        accept,
        now: ctx.clock.now(),
        operator,
        reason,
      });
      const contractId = await queries.contractOfRequest(ctx.db, operator.merchantId, requestId);
      const detail = contractId && (await queries.contractDetail(ctx.db, operator.merchantId, contractId));
      if (!detail) throw new AppError('AGENT_CONTRACT_NOT_FOUND');
      return ok(detail);
    },
  );

  app.post(
    '/bo/agents/contracts/:id/terminate',
    {
      schema: doc({
        body: boTerminateRequest,
        response: boContractDetail,
        summary: 'End an active or offered contract at once, with a reason (audited)',
        tags,
        auth,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'agents.manage');
      const { id } = parseInput(boIdParams, request.params);
      const { reason } = parseInput(boTerminateRequest, request.body);
      const contractId = BigInt(id);
      await forceTerminate(ctx.db, {
        merchantId: operator.merchantId,
        contractId,
        operator,
        reason,
        now: ctx.clock.now(),
      });
      const detail = await queries.contractDetail(ctx.db, operator.merchantId, contractId);
      if (!detail) throw new AppError('AGENT_CONTRACT_NOT_FOUND');
      return ok(detail);
    },
  );

  app.get(
    '/bo/agents/runs',
    {
      schema: doc({
        querystring: boSettlementRunsQuery,
        response: boSettlementRunPage,
        summary: 'Settlement runs, newest period first: contracts, paid and awaiting totals',
        tags,
        auth,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'agents.read');
      const query = parseInput(boSettlementRunsQuery, request.query);
      const { list, total } = await queries.settlementRuns(ctx.db, operator.merchantId, {
        type: query.type,
        offset: offsetOf(query),
        limit: query.pageSize,
      });
      return ok(pageOf(list, total, query));
    },
  );

  app.get(
    '/bo/agents/payouts',
    {
      schema: doc({
        querystring: boPayoutsQuery,
        response: boPayoutPage,
        summary:
          "Contract payouts by type, period and status (status=awaiting_approval: the approvals' queue)",
        tags,
        auth,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'agents.read');
      const query = parseInput(boPayoutsQuery, request.query);
      const { list, total } = await queries.payouts(ctx.db, operator.merchantId, {
        ...query,
        offset: offsetOf(query),
        limit: query.pageSize,
      });
      return ok(pageOf(list, total, query));
    },
  );

  app.post(
    '/bo/agents/payouts/:id/decision',
    {
      schema: doc({
        body: boPayoutDecision,
        response: boPayoutDecisionResponse,
        summary: 'Approve (pay now) or reject a payout awaiting approval, once, with a reason (audited)',
        tags,
        auth,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'agents.payouts');
      const { id } = parseInput(boIdParams, request.params);
      const { approve, reason } = parseInput(boPayoutDecision, request.body);
      const settlementId = BigInt(id);
      try {
        const decided = await decideSettlement(ctx.db, {
          merchantId: operator.merchantId,
          settlementId,
          approve,
          operator,
          reason,
          now: ctx.clock.now(),
        });
        return ok({ status: decided.status, transferId: decided.transferId?.toString() ?? null });
      } catch (error) {
        // Not awaiting approval (any more): decided already, by another operator perhaps, is a 409.
        if (error instanceof AppError && error.code === 'AGENT_SETTLEMENT_NOT_FOUND') {
          const status = await queries.payoutStatus(ctx.db, operator.merchantId, settlementId);
          if (status !== undefined) throw new AppError('AGENT_SETTLEMENT_DECIDED', { status });
        }
        throw error;
      }
    },
  );
}
