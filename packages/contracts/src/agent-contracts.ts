import { z } from 'zod';

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

/** One tier: its minimums, and a rate or (daily salary only) a fixed amount. */
export const contractTier = z.object({
  minValidBetMinor: nonNegative,
  /** Dividends only: the team's loss (stakes − payouts) at least this. */
  minLossMinor: nonNegative.default(0),
  /** Dividends only. */
  minActiveMembers: z.number().int().min(0).max(10_000_000).default(0),
  rateUnits: z.number().int().min(0).max(1_000_000).nullable().default(null),
  amountMinor: nonNegative.nullable().default(null),
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
