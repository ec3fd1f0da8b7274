import {
  AGENT_CONTRACT_PATHS,
  AGENT_CONTRACT_TYPES,
  type AgentContractType,
  agentContractsQuery,
  agentContractsResponse,
  agentIncomeQuery,
  agentIncomeResponse,
  contractProcessRequest,
  contractProcessResponse,
} from '@sorte/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { doc } from '../../platform/http/openapi.ts';
import { offsetOf, pageOf } from '../../platform/http/paging.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { requireRealAccount } from '../auth/index.ts';
import { isAgentType } from '../members/index.ts';
import { getMerchant } from '../system/index.ts';
import { tierFromInput } from './contracts.tiers.ts';
import { contractTypeOf, decideRequest, offerContract, requestTermination } from './contracts.service.ts';
import { contractsOf, incomeOf } from './contracts.views.ts';

const SUMMARY: Record<AgentContractType, string> = {
  dividend: 'Dividend contract processing: offer, accept, reject, terminate',
  daily: 'Daily salary contract processing: offer, accept, reject, terminate',
  hourly: 'Hourly salary contract processing: offer, accept, reject, terminate',
  realtime: 'Real-time salary contract processing: offer, accept, reject, terminate',
};

/**
 * The four contract processing calls of spec §7, one per type: POST /wps/agent/contract/<type> with
 * an action. The caller is a real agent account; every contract and request is looked up inside the
 * caller's own (a contract it holds or gave, a request addressed to it), anything else is not found.
 * The request's type must match the path's, so one type's page cannot act on another's contracts.
 */
export function registerContractRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/wps/agent/contracts',
    {
      schema: doc({
        querystring: agentContractsQuery,
        response: agentContractsResponse,
        summary:
          'The contract of a type I hold, those I gave my downlines, and the requests pending to or from me',
        tags: ['agents'],
        auth: 'member',
      }),
    },
    async (request) => {
      const auth = await requireAgent(request);
      const { type } = parseInput(agentContractsQuery, request.query);
      return { success: true, value: await contractsOf(ctx.db, auth.merchantId, auth.memberId, type) };
    },
  );

  app.get(
    '/wps/agent/income',
    {
      schema: doc({
        querystring: agentIncomeQuery,
        response: agentIncomeResponse,
        summary:
          'My Income: every contract payout with its period, base figures, tier, rate, amount and status',
        tags: ['agents'],
        auth: 'member',
      }),
    },
    async (request) => {
      const auth = await requireAgent(request);
      const query = parseInput(agentIncomeQuery, request.query);
      const { rows, total, paidMinor, awaitingMinor } = await incomeOf(ctx.db, {
        merchantId: auth.merchantId,
        memberId: auth.memberId,
        type: query.type,
        offset: offsetOf(query),
        limit: query.pageSize,
      });
      return { success: true, value: { ...pageOf(rows, total, query), paidMinor, awaitingMinor } };
    },
  );

  for (const type of AGENT_CONTRACT_TYPES) {
    app.post(
      `/wps/agent/contract/${AGENT_CONTRACT_PATHS[type]}`,
      {
        schema: doc({
          body: contractProcessRequest,
          response: contractProcessResponse,
          summary: SUMMARY[type],
          tags: ['agents'],
          auth: 'member',
        }),
      },
      async (request) => {
        const auth = await requireAgent(request);
        const input = parseInput(contractProcessRequest, request.body);
        const base = { merchantId: auth.merchantId, memberId: auth.memberId, now: ctx.clock.now() };
        const none = { contractId: null, requestId: null, terminated: [] as string[] };
        switch (input.action) {
          case 'offer': {
            const made = await offerContract(ctx.db, {
              merchantId: auth.merchantId,
              uplineId: auth.memberId,
              downlineId: input.downlineId,
              type,
              tiers: input.tiers.map(tierFromInput),
              now: base.now,
            });
            return {
              success: true,
              value: { ...none, contractId: String(made.contractId), requestId: String(made.requestId) },
            };
          }
          case 'accept':
          case 'reject': {
            await requireTypeOfRequest(ctx, auth.merchantId, input.requestId, type);
            const { terminated } = await decideRequest(ctx.db, {
              ...base,
              requestId: input.requestId,
              accept: input.action === 'accept',
            });
            return {
              success: true,
              value: { ...none, requestId: String(input.requestId), terminated: terminated.map(String) },
            };
          }
          case 'terminate': {
            await requireTypeOfContract(ctx, auth.merchantId, input.contractId, type);
            const requestId = await requestTermination(ctx.db, { ...base, contractId: input.contractId });
            return {
              success: true,
              value: { ...none, contractId: String(input.contractId), requestId: String(requestId) },
            };
          }
        }
      },
    );
  }
}

/** A real (never trial) agent account on a merchant with the agent centre on. */
async function requireAgent(request: FastifyRequest) {
  const auth = await requireRealAccount(request);
  if (!isAgentType(auth.type)) throw new AppError('AUTH_NOT_AGENT');
  if (!getMerchant(request).flags.agentCentre) throw new AppError('AGENT_CENTRE_OFF');
  return auth;
}

/** A contract or request of another type than the path's is answered as not found. */
async function requireTypeOfRequest(
  ctx: AppContext,
  merchantId: string,
  requestId: bigint,
  type: AgentContractType,
) {
  if ((await contractTypeOf(ctx.db, merchantId, { requestId })) !== type)
    throw new AppError('AGENT_CONTRACT_NOT_FOUND');
}

async function requireTypeOfContract(
  ctx: AppContext,
  merchantId: string,
  contractId: bigint,
  type: AgentContractType,
) {
  if ((await contractTypeOf(ctx.db, merchantId, { contractId })) !== type)
    throw new AppError('AGENT_CONTRACT_NOT_FOUND');
}
