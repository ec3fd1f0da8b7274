import { z } from 'zod';
import { agentContractType, contractTier, contractView, incomeItem } from './agent-contracts.ts';
import { pageQuery, paged } from './common.ts';

/**
 * The operators' side of the agents (docs/agents.md, back office): the merchant's agent tree and
 * moving a member in it, the contract rules, every contract with its requests and force-terminate,
 * the settlement runs and their payouts, and the approval of payouts above the threshold.
 * Rates are integer units of 1/10,000 of a percent, amounts integer minor units.
 */

const reason = z.string().trim().min(2).max(500);
const memberId = z.string().min(1).max(64);
const bigId = z.string().regex(/^\d{1,18}$/);

/** One member in the tree: its direct members and whole team, and the contract types it holds. */
export const boAgentNode = z.object({
  id: z.string(),
  account: z.string(),
  type: z.number().int(),
  parentId: z.string().nullable(),
  /** Accounts from the top of the tree down to the parent (search results show where a member sits). */
  path: z.array(z.string()),
  direct: z.number().int(),
  team: z.number().int(),
  contracts: z.array(agentContractType),
});
export type BoAgentNode = z.infer<typeof boAgentNode>;

/** GET /bo/agents/tree: the children of `parentId` (the top of the tree without it), or members by account. */
export const boAgentTreeQuery = z.object({
  parentId: memberId.optional(),
  account: z.string().trim().min(1).max(64).optional(),
});
export const boAgentTree = z.object({ list: z.array(boAgentNode), more: z.boolean() });

/** POST /bo/agents/members/:id/move: under another agent of the merchant, with a reason. */
export const boAgentMoveRequest = z.object({ parentId: memberId, reason });
export const boAgentMoveResponse = z.object({ moved: z.number().int(), node: boAgentNode });

/** GET/PUT /bo/agents/rules. The four type flags are the merchant's feature flags (site settings). */
export const boContractRules = z.object({
  flags: z.record(agentContractType, z.boolean()),
  maxRateUnits: z.object({
    dividend: z.number().int().min(0).max(1_000_000),
    daily: z.number().int().min(0).max(1_000_000),
    hourly: z.number().int().min(0).max(1_000_000),
    realtime: z.number().int().min(0).max(1_000_000),
  }),
  maxAmountMinor: z.number().int().min(0).max(1_000_000_000_000),
  maxTiers: z.number().int().min(1).max(50),
  dividendPeriod: z.enum(['daily', 'weekly', 'semimonthly', 'monthly']),
  activeMinValidBetMinor: z.number().int().min(0).max(1_000_000_000_000),
  carryOver: z.boolean(),
  approvalThresholdMinor: z.number().int().min(0).max(1_000_000_000_000),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type BoContractRules = z.infer<typeof boContractRules>;
export const boContractRulesUpdate = boContractRules
  .omit({ flags: true, updatedAt: true, updatedBy: true })
  .extend({ reason: reason.optional() });
export type BoContractRulesUpdate = z.input<typeof boContractRulesUpdate>;

export const AGENT_CONTRACT_STATUSES = ['offered', 'active', 'rejected', 'terminated'] as const;
export const boContractsQuery = pageQuery.extend({
  type: agentContractType.optional(),
  status: z.enum(AGENT_CONTRACT_STATUSES).optional(),
  /** An account prefix of either side. */
  agent: z.string().trim().min(1).max(64).optional(),
  /** Only contracts with a pending request. */
  pending: z.enum(['1']).optional(),
});
export const boContractItem = contractView.extend({ pendingRequests: z.number().int() });
export type BoContractItem = z.infer<typeof boContractItem>;
export const boContractPage = paged(boContractItem);

export const boContractRequest = z.object({
  id: z.string(),
  kind: z.enum(['new', 'termination']),
  fromAccount: z.string().nullable(),
  toAccount: z.string().nullable(),
  status: z.enum(['pending', 'accepted', 'rejected', 'cancelled']),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export const boContractDetail = z.object({
  contract: boContractItem,
  requests: z.array(boContractRequest),
  settlements: z.array(incomeItem),
});
export type BoContractDetail = z.infer<typeof boContractDetail>;
export const boIdParams = z.object({ id: bigId });
export const boTerminateRequest = z.object({ reason });

/**
 * POST /bo/agents/contracts: the merchant offers a contract to a TOP agent (one without an upline
 * agent); the agent accepts or rejects it in its agent centre. Audited with the optional reason.
 */
export const boContractOffer = z.object({
  downlineId: z.uuid(),
  type: agentContractType,
  tiers: z.array(contractTier).min(1).max(50),
  reason: reason.optional(),
});
export type BoContractOffer = z.input<typeof boContractOffer>;

/** POST /bo/agents/requests/:id/decision: the merchant's answer to a top agent's termination request. */
export const boRequestDecision = z.object({ accept: z.boolean(), reason });

export const boSettlementRunsQuery = pageQuery.extend({ type: agentContractType.optional() });
export const boSettlementRun = z.object({
  type: agentContractType,
  periodStart: z.string(),
  periodEnd: z.string(),
  contracts: z.number().int(),
  paidMinor: z.number().int(),
  awaitingMinor: z.number().int(),
  /** Payouts of the run still waiting for an operator. */
  awaitingCount: z.number().int(),
  settledAt: z.string(),
  status: z.enum(['settled', 'awaiting_approval']),
});
export type BoSettlementRun = z.infer<typeof boSettlementRun>;
export const boSettlementRunPage = paged(boSettlementRun);

export const PAYOUT_STATUSES = ['paid', 'awaiting_approval', 'approved', 'rejected'] as const;
export const boPayoutsQuery = pageQuery.extend({
  type: agentContractType.optional(),
  periodStart: z.iso.datetime().optional(),
  status: z.enum(PAYOUT_STATUSES).optional(),
});
export const boPayout = incomeItem.extend({
  agentId: z.string(),
  agentAccount: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export type BoPayout = z.infer<typeof boPayout>;
export const boPayoutPage = paged(boPayout);
export const boPayoutDecision = z.object({ approve: z.boolean(), reason });
export const boPayoutDecisionResponse = z.object({
  status: z.enum(['approved', 'rejected']),
  transferId: z.string().nullable(),
});
