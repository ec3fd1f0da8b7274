import { z } from 'zod';
import { agentContractType } from './agent-contracts.ts';
import { announcementItem, announcementsResponse } from './system.ts';

/**
 * The agent centre's Announcement page and contract notices (issue 15, docs/agents.md).
 *
 * GET /wps/agent/announcements?pageNo=&pageSize=: announcements for agents in effect, in the reader's
 * language, each with `read` (read at its current version). POST /wps/agent/announcements/:id/read
 * {version}: read now.
 */
export const agentAnnouncementItem = announcementItem.extend({ read: z.boolean() });
export const agentAnnouncementsResponse = announcementsResponse.extend({
  list: z.array(agentAnnouncementItem),
});
export type AgentAnnouncementsResponse = z.infer<typeof agentAnnouncementsResponse>;
export const agentAnnouncementReadInput = z.object({ version: z.number().int().min(0) }).strict();

/**
 * A contract step that concerns the reader, told by the other side: an offer or a termination request
 * to answer, the answer to one's own offer or request, an operator's forced termination, a contract
 * ended by the rate cap, a payout paid.
 */
export const AGENT_NOTICE_KINDS = [
  'offered',
  'accepted',
  'rejected',
  'terminationRequested',
  'terminationAccepted',
  'terminationRejected',
  'forcedTermination',
  'rateCapTermination',
  'payoutPaid',
] as const;
export const agentNoticeKind = z.enum(AGENT_NOTICE_KINDS);
export type AgentNoticeKind = z.infer<typeof agentNoticeKind>;

export const agentNotice = z.object({
  /** Stable per step (e.g. 'r12:accepted', 's40:paid'). */
  id: z.string(),
  kind: agentNoticeKind,
  contractType: agentContractType,
  contractId: z.string(),
  /** The other side's account; null when it is the merchant (an operator). */
  account: z.string().nullable(),
  /** A payout's amount; null otherwise. */
  amountMinor: z.number().int().nullable(),
  /** ISO 8601, UTC. */
  at: z.string(),
  read: z.boolean(),
});
export type AgentNotice = z.infer<typeof agentNotice>;

/**
 * GET /wps/agent/notices: the newest notices (at most 50), how many are unread, and how many contract
 * requests wait for the reader's answer (the agent centre's badge). POST /wps/agent/notices/read
 * {until}: everything up to `until` is read.
 */
export const agentNoticesResponse = z.object({
  list: z.array(agentNotice),
  unread: z.number().int(),
  pendingRequests: z.number().int(),
});
export type AgentNoticesResponse = z.infer<typeof agentNoticesResponse>;
export const agentNoticesReadInput = z.object({ until: z.iso.datetime({ offset: true }) }).strict();
