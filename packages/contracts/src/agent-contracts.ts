import { z } from 'zod';
import { pageQuery, paged } from './common.ts';

/**
 * Agent contracts (docs/agents.md): dividends and salaries an upline gives a direct downline agent.
 * Rates travel as integer units of 1/10,000 of a percent (1% = 10,000; @sorte/money rateToPercent
 * shows them), amounts as integer minor units.
 */
export const AGENT_CONTRACT_TYPES = ['dividend', 'daily', 'hourly', 'realtime'] as const;
export const agentContractType = z.enum(AGENT_CONTRACT_TYPES);
export type AgentContractType = z.infer<typeof agentContractType>;

/** The path segment of each type's processing call: POST /wps/agent/contract/<segment>. */
export const AGENT_CONTRACT_PATHS: Record<AgentContractType, string> = {
  dividend: 'dividend',
  daily: 'dailysalary',
  hourly: 'hoursalary',
  realtime: 'realtimesalary',
};

const nonNegative = z.number().int().min(0).max(1_000_000_000_000_000);

/**
 * One tier: its minimums, and a rate or (daily salary only) a fixed amount. A real-time salary's tier
 * is met by a single bet's valid stake (`minValidBetMinor`) and has two rates: `rateUnits` is its loss
 * rate (the player lost the bet), `profitRateUnits` its profit rate (the player did not lose), at most
 * the loss rate.
 */
export const contractTier = z.object({
  minValidBetMinor: nonNegative,
  /** Dividends only: the team's loss (stakes − payouts) at least this. */
  minLossMinor: nonNegative.default(0),
  /** Dividends only. */
  minActiveMembers: z.number().int().min(0).max(10_000_000).default(0),
  rateUnits: z.number().int().min(0).max(1_000_000).nullable().default(null),
  amountMinor: nonNegative.nullable().default(null),
  /** Real-time salary only: the profit rate. */
  profitRateUnits: z.number().int().min(0).max(1_000_000).nullable().default(null),
});
export type ContractTier = z.infer<typeof contractTier>;

const id = z.union([z.string().regex(/^\d{1,18}$/), z.number().int().positive()]).transform((v) => BigInt(v));

/**
 * POST /wps/agent/contract/{dividend,dailysalary,hoursalary,realtimesalary}: offer a contract to a
 * direct downline agent; accept or reject a request addressed to me (a new contract or a
 * termination); ask to terminate a contract I hold or gave.
 */
export const contractProcessRequest = z.discriminatedUnion('action', [
  z.object({ action: z.literal('offer'), downlineId: z.uuid(), tiers: z.array(contractTier).min(1).max(50) }),
  z.object({ action: z.literal('accept'), requestId: id }),
  z.object({ action: z.literal('reject'), requestId: id }),
  z.object({ action: z.literal('terminate'), contractId: id }),
]);
export type ContractProcessRequest = z.input<typeof contractProcessRequest>;

export const contractProcessResponse = z.object({
  contractId: z.string().nullable(),
  requestId: z.string().nullable(),
  /** Contracts ended by this step: the one terminated, or downline contracts above a newly accepted rate. */
  terminated: z.array(z.string()),
});
export type ContractProcessResponse = z.infer<typeof contractProcessResponse>;

/** The pending contract requests addressed to the member, per type, in the consolidated funds answer. */
export const pendingContractRequests = z.object({
  dividend: z.number().int().optional(),
  daily: z.number().int().optional(),
  hourly: z.number().int().optional(),
  realtime: z.number().int().optional(),
});
export type PendingContractRequests = z.infer<typeof pendingContractRequests>;

/** A contract as its two sides read it (amounts and rates as integers; tiers as offered). */
export const contractView = z.object({
  id: z.string(),
  type: agentContractType,
  /** The upline agent's id and account; null: the merchant. */
  uplineId: z.string().nullable(),
  uplineAccount: z.string().nullable(),
  downlineId: z.string(),
  downlineAccount: z.string(),
  status: z.enum(['offered', 'active', 'rejected', 'terminated']),
  period: z.string(),
  tiers: z.array(
    z.object({
      minValidBetMinor: z.number().int(),
      minLossMinor: z.number().int(),
      minActiveMembers: z.number().int(),
      rateUnits: z.number().int().nullable(),
      amountMinor: z.number().int().nullable(),
      /** Real-time salary only: the profit rate (`rateUnits` is then the loss rate). */
      profitRateUnits: z.number().int().nullable().optional(),
    }),
  ),
  offeredAt: z.string(),
  acceptedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  endReason: z.string().nullable(),
});
export type ContractView = z.infer<typeof contractView>;

export const contractRequestView = z.object({
  id: z.string(),
  contractId: z.string(),
  type: agentContractType,
  kind: z.enum(['new', 'termination']),
  /** Null: the merchant (an operator). */
  fromMemberId: z.string().nullable(),
  toMemberId: z.string().nullable(),
  /** Whether the caller is the one to answer it. */
  toMe: z.boolean(),
  createdAt: z.string(),
});

/** GET /wps/agent/contracts?type=: the contract I hold, those I gave my downlines, pending requests. */
export const agentContractsQuery = z.object({ type: agentContractType });
export const agentContractsResponse = z.object({
  held: contractView.nullable(),
  given: z.array(contractView),
  requests: z.array(contractRequestView),
});
export type AgentContractsResponse = z.infer<typeof agentContractsResponse>;

/** One settled period of one of my contracts: My Income. */
export const incomeItem = z.object({
  id: z.string(),
  contractId: z.string(),
  type: agentContractType,
  periodStart: z.string(),
  periodEnd: z.string(),
  currency: z.string(),
  validBetMinor: z.number().int(),
  profitLossMinor: z.number().int(),
  activeMembers: z.number().int(),
  /** 1-based; null when no tier was met. */
  tier: z.number().int().nullable(),
  rateUnits: z.number().int(),
  grossMinor: z.number().int(),
  downlineMinor: z.number().int(),
  carryInMinor: z.number().int(),
  carryOutMinor: z.number().int(),
  amountMinor: z.number().int(),
  status: z.enum(['paid', 'awaiting_approval', 'approved', 'rejected']),
});
export type IncomeItem = z.infer<typeof incomeItem>;

/**
 * GET /wps/agent/income: my contract payouts, newest period first, and the totals over the whole
 * filter (every page): what was paid (paid or approved) and what waits for an operator's approval.
 */
export const agentIncomeQuery = pageQuery.extend({ type: agentContractType.optional() });
export const agentIncomeResponse = paged(incomeItem).extend({
  paidMinor: z.number().int(),
  awaitingMinor: z.number().int(),
});
export type AgentIncomeResponse = z.infer<typeof agentIncomeResponse>;
