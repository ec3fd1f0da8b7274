import {
  agentTransactionsQuery,
  agentTransactionsResponse,
  createDownlineRequest,
  createInviteLinkRequest,
  inviteLink,
  inviteLinksResponse,
  inviteRegistrationsResponse,
  pageQuery,
  teamBetsQuery,
  teamBetsResponse,
  teamMember,
  teamMembersQuery,
  teamMembersResponse,
  teamOverview,
  teamProfitQuery,
  teamProfitResponse,
} from '@sorte/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { doc } from '../../platform/http/openapi.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { requireRealAccount } from '../auth/index.ts';
import { isAgentType } from '../members/index.ts';
import { getMerchant } from '../system/index.ts';
import {
  createDownline,
  createInviteLink,
  inviteRegistrations,
  listInviteLinks,
} from './registration-centre.ts';
import {
  type AgentCaller,
  agentTransactions,
  teamBets,
  teamMembers,
  teamOverview as overviewOf,
  teamProfit,
} from './team.service.ts';

const tags = ['agents'];

/**
 * The agent centre's caller: a real (never trial) account of an agent type, on a merchant with the
 * agent centre on. Every route below reads or acts only inside this agent's own team.
 */
export async function requireAgent(request: FastifyRequest): Promise<AgentCaller> {
  const auth = await requireRealAccount(request);
  if (!isAgentType(auth.type)) throw new AppError('AUTH_NOT_AGENT');
  const merchant = getMerchant(request);
  if (!merchant.flags.agentCentre) throw new AppError('AGENT_CENTRE_OFF');
  return { agentId: auth.memberId, merchantId: auth.merchantId, currency: merchant.currency };
}

const linkParams = z.object({ id: z.uuid() });

/** Agent centre: Overview, Team Management, Team Betting, User P&L, Transaction Details, registration centre. */
export async function registerTeamRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/wps/agent/team/overview',
    {
      schema: doc({
        response: teamOverview,
        summary:
          "The agent's team at a glance: size, members, cash and bets today, yesterday, this and last month",
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const caller = await requireAgent(request);
      return { success: true, value: await overviewOf(ctx.db, caller, ctx.clock.now()) };
    },
  );

  app.get(
    '/wps/agent/team/members',
    {
      schema: doc({
        querystring: teamMembersQuery,
        response: teamMembersResponse,
        summary:
          'Direct or whole-team members of the agent or of a sub-team, searched, filtered, sorted, paged',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const caller = await requireAgent(request);
      const query = parseInput(teamMembersQuery, request.query);
      return { success: true, value: await teamMembers(ctx.db, caller, query) };
    },
  );

  app.post(
    '/wps/agent/team/members',
    {
      schema: doc({
        body: createDownlineRequest,
        response: teamMember,
        summary: 'Create a direct downline player or agent with a password the agent sets',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const caller = await requireAgent(request);
      const input = parseInput(createDownlineRequest, request.body);
      return { success: true, value: await createDownline(ctx.db, caller, input, ctx.clock.now()) };
    },
  );

  app.get(
    '/wps/agent/team/bets',
    {
      schema: doc({
        querystring: teamBetsQuery,
        response: teamBetsResponse,
        summary:
          "The team's settled bets per day, category or vendor over a range, with totals (daily rollups)",
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const caller = await requireAgent(request);
      const query = parseInput(teamBetsQuery, request.query);
      return { success: true, value: await teamBets(ctx.db, caller, query, ctx.clock.now()) };
    },
  );

  app.get(
    '/wps/agent/team/profit',
    {
      schema: doc({
        querystring: teamProfitQuery,
        response: teamProfitResponse,
        summary:
          'Per member of the team: deposits, withdrawals, bets, valid bet, payout, bonuses, profit/loss',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const caller = await requireAgent(request);
      const query = parseInput(teamProfitQuery, request.query);
      return { success: true, value: await teamProfit(ctx.db, caller, query, ctx.clock.now()) };
    },
  );

  app.get(
    '/wps/agent/transactions',
    {
      schema: doc({
        querystring: agentTransactionsQuery,
        response: agentTransactionsResponse,
        summary: "The agent's transfers with its team, newest first",
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const caller = await requireAgent(request);
      const query = parseInput(agentTransactionsQuery, request.query);
      return { success: true, value: await agentTransactions(ctx.db, caller, query, ctx.clock.now()) };
    },
  );

  app.get(
    '/wps/agent/invite-links',
    {
      schema: doc({
        response: inviteLinksResponse,
        summary: "The agent's invitation links with their registration counts",
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const caller = await requireAgent(request);
      return { success: true, value: await listInviteLinks(ctx.db, caller) };
    },
  );

  app.post(
    '/wps/agent/invite-links',
    {
      schema: doc({
        body: createInviteLinkRequest,
        response: inviteLink,
        summary: 'A new invitation link for a player or a downline agent',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const caller = await requireAgent(request);
      const { kind } = parseInput(createInviteLinkRequest, request.body);
      return { success: true, value: await createInviteLink(ctx.db, caller, kind, ctx.clock.now()) };
    },
  );

  app.get(
    '/wps/agent/invite-links/:id/registrations',
    {
      schema: doc({
        querystring: pageQuery,
        response: inviteRegistrationsResponse,
        summary: 'Who registered through one of the agent’s invitation links',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const caller = await requireAgent(request);
      const { id } = parseInput(linkParams, request.params);
      const page = parseInput(pageQuery, request.query);
      return { success: true, value: await inviteRegistrations(ctx.db, caller, id, page) };
    },
  );
}
