import { z } from 'zod';
import { paged, pageQuery } from './common.ts';
import { betCategory } from './records.ts';

/**
 * The agent centre's read side and registration centre (spec §2 Agent centre, §6): what an agent
 * sees of its own team, at every depth, and the accounts and invitation links it makes. Every
 * figure comes from the daily bet rollups and the cashier's tables, never from the bets themselves.
 * A member named by id outside the caller's team is answered as not found (AGENT_MEMBER_NOT_FOUND).
 */

/** The longest range one team report may cover (as the records' own bound). */
export const MAX_TEAM_RANGE_DAYS = 90;

/** Calendar days in the rollups' zone, both inclusive; default: the last 7 days up to today. */
const teamRange = z.object({
  dateFrom: z.iso.date().optional(),
  dateTo: z.iso.date().optional(),
});

/** The ids of the caller's team are uuids; anything else is simply not a member of it. */
const memberId = z.uuid();

/** The money figures of a team over a range. Amounts in minor units. */
export const teamFigures = z.object({
  depositMinor: z.number().int(),
  withdrawalMinor: z.number().int(),
  bets: z.number().int(),
  stakeMinor: z.number().int(),
  validStakeMinor: z.number().int(),
  payoutMinor: z.number().int(),
  /** payout − stake summed over the team: what the members won (positive) or lost (negative). */
  profitMinor: z.number().int(),
});
export type TeamFigures = z.infer<typeof teamFigures>;

export const TEAM_PERIODS = ['today', 'yesterday', 'thisPeriod', 'lastPeriod'] as const;
export type TeamPeriod = (typeof TEAM_PERIODS)[number];

export const teamPeriodFigures = teamFigures.extend({
  period: z.enum(TEAM_PERIODS),
  dateFrom: z.string(),
  dateTo: z.string(),
  /** Members of the team registered in the period. */
  newMembers: z.number().int(),
  /** Members of the team with a valid bet in the period. */
  activeMembers: z.number().int(),
});

/** GET /wps/agent/team/overview. A period is a calendar month (the dividend's default period). */
export const teamOverview = z.object({
  timeZone: z.string(),
  /** Everyone below the agent, at every depth. */
  teamSize: z.number().int(),
  directMembers: z.number().int(),
  directAgents: z.number().int(),
  periods: z.array(teamPeriodFigures),
  /** One point per day of the last 30 days (days without activity at zero), oldest first. */
  series: z.array(
    z.object({
      day: z.string(),
      validStakeMinor: z.number().int(),
      profitMinor: z.number().int(),
      depositMinor: z.number().int(),
    }),
  ),
});
export type TeamOverview = z.infer<typeof teamOverview>;

export const TEAM_MEMBER_SORTS = ['createdAt', 'lastLoginAt', 'balance', 'account', 'teamSize'] as const;
export const sortOrder = z.enum(['asc', 'desc']);

/** GET /wps/agent/team/members. */
export const teamMembersQuery = pageQuery.extend({
  /** 'direct': the root's direct members; 'all': everyone below the root. */
  scope: z.enum(['direct', 'all']).default('direct'),
  /** A member of the caller's team whose sub-team to read (drill-down); default: the caller. */
  parentId: memberId.optional(),
  /** Part of an account name. */
  search: z.string().trim().max(32).optional(),
  kind: z.enum(['player', 'agent']).optional(),
  sort: z.enum(TEAM_MEMBER_SORTS).default('createdAt'),
  order: sortOrder.default('desc'),
});
export type TeamMembersQuery = z.infer<typeof teamMembersQuery>;

export const teamMember = z.object({
  id: z.string(),
  account: z.string(),
  type: z.number().int(),
  isAgent: z.boolean(),
  status: z.string(),
  /** Levels below the caller: 1 for a direct member. */
  depth: z.number().int(),
  /** The account directly above (the caller's own for a direct member). */
  parentAccount: z.string().nullable(),
  balanceMinor: z.number().int(),
  registeredAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** Everyone below this member. */
  teamSize: z.number().int(),
});
export type TeamMember = z.infer<typeof teamMember>;

export const teamMembersResponse = paged(teamMember).extend({
  /** The root read: the caller, or the member drilled into, with the path down to it. */
  root: z.object({
    id: z.string(),
    account: z.string(),
    path: z.array(z.object({ id: z.string(), account: z.string() })),
  }),
});
export type TeamMembersResponse = z.infer<typeof teamMembersResponse>;

export const TEAM_BET_GROUPS = ['day', 'category', 'vendor'] as const;

/** GET /wps/agent/team/bets: the team's settled bets, from the daily rollups. */
export const teamBetsQuery = teamRange.extend({
  groupBy: z.enum(TEAM_BET_GROUPS).default('day'),
  /** A member of the caller's team: that member and everyone below; default: the whole team. */
  memberId: memberId.optional(),
  category: betCategory.optional(),
  vendor: z
    .string()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
});
export type TeamBetsQuery = z.infer<typeof teamBetsQuery>;

const betFigures = z.object({
  bets: z.number().int(),
  stakeMinor: z.number().int(),
  validStakeMinor: z.number().int(),
  payoutMinor: z.number().int(),
  profitMinor: z.number().int(),
});

export const teamBetsResponse = z.object({
  dateFrom: z.string(),
  dateTo: z.string(),
  timeZone: z.string(),
  groupBy: z.enum(TEAM_BET_GROUPS),
  rows: z.array(betFigures.extend({ key: z.string() })),
  totals: betFigures,
});
export type TeamBetsResponse = z.infer<typeof teamBetsResponse>;

export const TEAM_PROFIT_SORTS = [
  'account',
  'depositMinor',
  'withdrawalMinor',
  'bets',
  'validStakeMinor',
  'payoutMinor',
  'profitMinor',
] as const;

/**
 * GET /wps/agent/team/profit: every member of the team (with or without activity) over a range.
 * Account order (the default) pages through a team of any size by the account index; a figure sort
 * sums the whole scope first. The totals are the whole scope's (kept per agent) unless a search
 * narrows the rows, then the matching members'.
 */
export const teamProfitQuery = pageQuery.extend({
  ...teamRange.shape,
  memberId: memberId.optional(),
  search: z.string().trim().max(32).optional(),
  sort: z.enum(TEAM_PROFIT_SORTS).default('account'),
  order: sortOrder.default('asc'),
});
export type TeamProfitQuery = z.infer<typeof teamProfitQuery>;

export const teamProfitRow = teamFigures.extend({
  id: z.string(),
  account: z.string(),
  isAgent: z.boolean(),
  /** Bonuses and rebates paid; 0 until bonuses exist. */
  bonusMinor: z.number().int(),
});
export type TeamProfitRow = z.infer<typeof teamProfitRow>;

export const teamProfitResponse = paged(teamProfitRow).extend({
  dateFrom: z.string(),
  dateTo: z.string(),
  timeZone: z.string(),
  totals: teamFigures.extend({ bonusMinor: z.number().int() }),
});
export type TeamProfitResponse = z.infer<typeof teamProfitResponse>;

/** GET /wps/agent/transactions: the agent's transfers with its team. */
export const agentTransactionsQuery = pageQuery.extend(teamRange.shape);
export const agentTransaction = z.object({
  id: z.string(),
  at: z.string(),
  /** 'out': the agent sent to a downline; 'in': a downline sent to the agent. */
  direction: z.enum(['in', 'out']),
  counterparty: z.string(),
  amountMinor: z.number().int(),
});
export type AgentTransaction = z.infer<typeof agentTransaction>;
export const agentTransactionsResponse = paged(agentTransaction).extend({
  dateFrom: z.string(),
  dateTo: z.string(),
  timeZone: z.string(),
});
export type AgentTransactionsResponse = z.infer<typeof agentTransactionsResponse>;

/** The two kinds of account the registration centre makes. */
export const DOWNLINE_KINDS = ['player', 'agent'] as const;
export const downlineKind = z.enum(DOWNLINE_KINDS);
export type DownlineKind = z.infer<typeof downlineKind>;

/** POST /wps/agent/team/members: the agent creates a direct downline account with a password it sets. */
export const createDownlineRequest = z.object({
  kind: downlineKind,
  account: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9]{3,15}$/),
  password: z.string().min(6).max(32),
});
export type CreateDownlineRequest = z.infer<typeof createDownlineRequest>;

/** POST /wps/agent/invite-links. */
export const createInviteLinkRequest = z.object({ kind: downlineKind });
export const inviteLink = z.object({
  id: z.string(),
  code: z.string(),
  kind: downlineKind,
  createdAt: z.string(),
  /** Accounts registered through the link. */
  registrations: z.number().int(),
});
export type InviteLink = z.infer<typeof inviteLink>;
export const inviteLinksResponse = z.object({ list: z.array(inviteLink) });

/** GET /wps/agent/invite-links/:id/registrations. */
export const inviteRegistrationsResponse = paged(
  z.object({ id: z.string(), account: z.string(), type: z.number().int(), registeredAt: z.string() }),
);
export type InviteRegistrationsResponse = z.infer<typeof inviteRegistrationsResponse>;
