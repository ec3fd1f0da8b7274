import {
  agentAnnouncementReadInput,
  agentAnnouncementsResponse,
  agentNoticesReadInput,
  agentNoticesResponse,
  announcementParams,
  contractProcessRequest,
  pageQuery,
} from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { doc } from '../../platform/http/openapi.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { requestLanguage } from '../../platform/i18n/messages.ts';
import { pushToMember } from '../realtime/index.ts';
import { agentAnnouncementsFor, getMerchant, markAgentAnnouncementReadFor } from '../system/index.ts';
import { agentNotices, markNoticesRead } from './notices.ts';
import { requireAgent } from './team.routes.ts';

const tags = ['agents'];
/** A page, and the language to answer in (else the lang / Accept-Language headers). */
const announcementsQuery = pageQuery.extend({ language: z.string().max(8).optional() });

/** What a contract notice tells the browser: read your notices again (never their content). */
export const AGENT_NOTICE_PUSH = { type: 'agent.notice' } as const;

/**
 * The agent centre's Announcement page (announcements for agents, with read state) and its contract
 * notices (every contract step, told to the other side; the badge's pending requests).
 */
export function registerNoticeRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/wps/agent/announcements',
    {
      schema: doc({
        querystring: announcementsQuery,
        response: agentAnnouncementsResponse,
        summary:
          "Announcements for agents in effect, in the reader's language, each with whether it was read",
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const caller = await requireAgent(request);
      const q = parseInput(announcementsQuery, request.query);
      const value = await agentAnnouncementsFor(request, ctx.db, {
        memberId: caller.agentId,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        language: requestLanguage(request, q.language),
        now: ctx.clock.now(),
      });
      return { success: true, value };
    },
  );

  app.post(
    '/wps/agent/announcements/:id/read',
    {
      schema: doc({
        body: agentAnnouncementReadInput,
        response: z.object({ read: z.literal(true) }),
        summary: 'The agent read this version of an announcement for agents',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const caller = await requireAgent(request);
      const { id } = parseInput(announcementParams, request.params);
      const { version } = parseInput(agentAnnouncementReadInput, request.body);
      await markAgentAnnouncementReadFor(request, ctx.db, { memberId: caller.agentId, id, version });
      return { success: true, value: { read: true as const } };
    },
  );

  app.get(
    '/wps/agent/notices',
    {
      schema: doc({
        response: agentNoticesResponse,
        summary:
          'Contract steps told to this agent (newest 50), how many are unread, and its pending requests',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const caller = await requireAgent(request);
      const flags = getMerchant(request).flags;
      const value = await agentNotices(ctx.db, {
        merchantId: caller.merchantId,
        memberId: caller.agentId,
        flags,
      });
      return { success: true, value };
    },
  );

  app.post(
    '/wps/agent/notices/read',
    {
      schema: doc({
        body: agentNoticesReadInput,
        response: z.object({ read: z.literal(true) }),
        summary: 'The agent read every notice up to a time',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const caller = await requireAgent(request);
      const { until } = parseInput(agentNoticesReadInput, request.body);
      // Never past the server's now: a mark in the future would hide notices that have not happened.
      const at = new Date(Math.min(new Date(until).getTime(), ctx.clock.now().getTime()));
      await markNoticesRead(ctx.db, caller.agentId, at);
      return { success: true, value: { read: true as const } };
    },
  );

  // After a contract step committed, the other side's open agent centre hears of it at once.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'POST' || reply.statusCode !== 200) return;
    if (!request.url.startsWith('/wps/agent/contract/')) return;
    try {
      const auth = await requireAgent(request);
      for (const memberId of await otherSides(ctx, auth.merchantId, auth.agentId, request.body))
        pushToMember(ctx, auth.merchantId, memberId, AGENT_NOTICE_PUSH);
    } catch (error) {
      ctx.log.warn({ err: String(error) }, 'agent notice push failed');
    }
  });
}

/** Who a contract step concerns besides its maker: the offer's downline, the request's maker, the other side. */
async function otherSides(ctx: AppContext, merchantId: string, me: string, body: unknown): Promise<string[]> {
  const parsed = contractProcessRequest.safeParse(body);
  if (!parsed.success) return [];
  const step = parsed.data;
  if (step.action === 'offer') return [step.downlineId];
  const { rows } =
    step.action === 'terminate'
      ? await sql<{ id: string | null }>`
          select case when downline_id = ${me} then upline_id else downline_id end as id
          from agent_contracts where id = ${String(step.contractId)} and merchant_id = ${merchantId}`.execute(
          ctx.db,
        )
      : await sql<{ id: string | null }>`
          select from_member_id as id from agent_contract_requests
          where id = ${String(step.requestId)} and merchant_id = ${merchantId}`.execute(ctx.db);
  return rows.flatMap((r) => (r.id && r.id !== me ? [r.id] : []));
}
