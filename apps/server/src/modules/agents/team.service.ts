import {
  type AgentTransactionsResponse,
  MAX_TEAM_RANGE_DAYS,
  type TeamBetsQuery,
  type TeamBetsResponse,
  type TeamFigures,
  type TeamMembersQuery,
  type TeamMembersResponse,
  type TeamOverview,
  type TeamProfitQuery,
  type TeamProfitResponse,
} from '@sorte/contracts';
import type { z } from 'zod';
import type { agentTransactionsQuery } from '@sorte/contracts';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findMemberById, isAgentType } from '../members/index.ts';
import { RECORDS_TIME_ZONE, recordsRange } from '../records/index.ts';
import * as figures from './team.figures.ts';
import * as repo from './team.repository.ts';

/** The signed-in agent a team request is for (checked by the routes: real account, agent type, flag). */
export interface AgentCaller {
  agentId: string;
  merchantId: string;
  currency: string;
}

const DAY_MS = 86_400_000;
const SERIES_DAYS = 30;

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const num = (v: string | bigint | number | null | undefined) => Number(v ?? 0);

/** The agent's own row: its place in the tree is what every read below starts from. */
async function agentRow(db: Db, caller: AgentCaller) {
  const agent = await findMemberById(db, caller.agentId);
  if (!agent || agent.merchant_id !== caller.merchantId) throw new AppError('UNAUTHENTICATED');
  return agent;
}

/**
 * The root of a read: the agent itself, or a member of its team named by id. Anyone else — another
 * agent's member, the agent's own upline, an id that does not exist — is the same not-found answer,
 * so the call reveals nothing about accounts outside the team.
 */
export async function teamRoot(db: Db, caller: AgentCaller, memberId: string | undefined) {
  const agent = await agentRow(db, caller);
  const own = { id: agent.id, account: agent.account, ancestry: agent.ancestry, type: agent.type };
  if (!memberId || memberId === agent.id) return { agent: own, root: own, drilled: false };
  const member = await repo.findTeamMember(db, caller.merchantId, repo.teamPrefix(agent), memberId);
  if (!member) throw new AppError('AGENT_MEMBER_NOT_FOUND');
  return { agent: own, root: member, drilled: true };
}

/** A team report's days: the range asked (default the last 7 days to today), at most 90 days. */
function teamRange(q: { dateFrom?: string; dateTo?: string }, now: Date) {
  const { dateTo } = recordsRange({ dateTo: q.dateTo, dateFrom: q.dateTo }, now, RECORDS_TIME_ZONE);
  const range = recordsRange({ dateTo, dateFrom: q.dateFrom ?? addDays(dateTo, -6) }, now, RECORDS_TIME_ZONE);
  const days = (Date.parse(range.dateTo) - Date.parse(range.dateFrom)) / DAY_MS + 1;
  if (days > MAX_TEAM_RANGE_DAYS)
    throw new AppError('RECORDS_RANGE_TOO_LONG', { maxDays: MAX_TEAM_RANGE_DAYS });
  return range;
}

function sumFigures(days: figures.KeptDay[], from: string, to: string) {
  const inRange = days.filter((d) => d.day >= from && d.day <= to);
  const total = (pick: (d: figures.KeptDay) => bigint) => inRange.reduce((s, d) => s + pick(d), 0n);
  return {
    deposit: total((d) => d.deposit),
    withdrawal: total((d) => d.withdrawal),
    bets: total((d) => d.bets),
    stake: total((d) => d.stake),
    valid: total((d) => d.valid),
    payout: total((d) => d.payout),
    newMembers: inRange.reduce((s, d) => s + d.newMembers, 0),
  };
}

type FigureSums = Omit<ReturnType<typeof sumFigures>, 'newMembers'>;

const teamFigures = (f: FigureSums): TeamFigures => ({
  depositMinor: Number(f.deposit),
  withdrawalMinor: Number(f.withdrawal),
  bets: Number(f.bets),
  stakeMinor: Number(f.stake),
  validStakeMinor: Number(f.valid),
  payoutMinor: Number(f.payout),
  profitMinor: Number(f.payout - f.stake),
});

/**
 * Overview: the team's size, and for today, yesterday, this period and the last (calendar months,
 * the dividend's default period) its new and active members, cash in and out, valid bet and profit
 * and loss; and the last 30 days day by day for the chart. All of it from the figures kept per agent
 * (team.figures.ts): about 60 daily rows and two monthly ones, whatever the team's size. Active: a
 * valid bet that day (today, yesterday) or that calendar month (the two periods).
 */
export async function teamOverview(db: Db, caller: AgentCaller, now: Date): Promise<TeamOverview> {
  const { agent } = await teamRoot(db, caller, undefined);
  const today = recordsRange({}, now, RECORDS_TIME_ZONE).dateTo;
  const monthStart = `${today.slice(0, 8)}01`;
  const lastMonthStart = `${addDays(monthStart, -1).slice(0, 8)}01`;
  const periods = [
    { period: 'today' as const, from: today, to: today, month: null },
    { period: 'yesterday' as const, from: addDays(today, -1), to: addDays(today, -1), month: null },
    { period: 'thisPeriod' as const, from: monthStart, to: today, month: monthStart },
    {
      period: 'lastPeriod' as const,
      from: lastMonthStart,
      to: addDays(monthStart, -1),
      month: lastMonthStart,
    },
  ];
  const seriesFrom = addDays(today, -(SERIES_DAYS - 1));
  const earliest = seriesFrom < lastMonthStart ? seriesFrom : lastMonthStart;
  const kept = { agentId: agent.id, currency: caller.currency };
  const [counts, days, months] = await Promise.all([
    repo.teamCounts(db, agent.id),
    figures.keptTeamDays(db, { ...kept, from: earliest, to: today }),
    figures.keptActiveMonths(db, { ...kept, months: [monthStart, lastMonthStart] }),
  ]);
  const byDay = new Map(days.map((d) => [d.day, d]));
  return {
    timeZone: RECORDS_TIME_ZONE,
    teamSize: counts.team,
    directMembers: counts.direct,
    directAgents: counts.directAgents,
    periods: periods.map((p) => {
      const { newMembers, ...sums } = sumFigures(days, p.from, p.to);
      return {
        period: p.period,
        dateFrom: p.from,
        dateTo: p.to,
        newMembers,
        activeMembers: p.month ? (months.get(p.month) ?? 0) : (byDay.get(p.from)?.activeMembers ?? 0),
        ...teamFigures(sums),
      };
    }),
    series: Array.from({ length: SERIES_DAYS }, (_, i) => {
      const day = addDays(seriesFrom, i);
      const d = byDay.get(day);
      return {
        day,
        validStakeMinor: num(d?.valid),
        profitMinor: d ? Number(d.payout - d.stake) : 0,
        depositMinor: num(d?.deposit),
      };
    }),
  };
}

/** Team Management: one page of the direct or whole-team members of the agent or of a sub-team. */
export async function teamMembers(
  db: Db,
  caller: AgentCaller,
  q: TeamMembersQuery,
): Promise<TeamMembersResponse> {
  const { agent, root } = await teamRoot(db, caller, q.parentId);
  const prefix = repo.teamPrefix(root);
  const { rows, total } = await repo.listTeamMembers(db, {
    merchantId: caller.merchantId,
    prefix,
    parentId: q.scope === 'direct' ? root.id : null,
    currency: caller.currency,
    search: q.search || undefined,
    kind: q.kind,
    sort: q.sort,
    order: q.order,
    limit: q.pageSize,
    offset: (q.pageNo - 1) * q.pageSize,
  });
  const agentDepth = depthOf(agent.ancestry);
  // The path from the agent down to the root, for the drill-down's breadcrumb: only ids inside the team.
  const pathIds = [...root.ancestry.split('/').filter(Boolean), root.id];
  const below = pathIds.slice(pathIds.indexOf(agent.id) + 1);
  const parents = [...new Set(rows.map((r) => r.parent_id).filter((id): id is string => id !== null))];
  const accounts = await repo.accountsByIds(db, [...below, ...parents]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      account: r.account,
      type: r.type,
      isAgent: isAgentType(r.type),
      status: r.status,
      depth: depthOf(r.ancestry) - agentDepth,
      parentAccount: r.parent_id ? (accounts.get(r.parent_id) ?? null) : null,
      balanceMinor: num(r.balance),
      registeredAt: r.created_at.toISOString(),
      lastLoginAt: r.last_login_at?.toISOString() ?? null,
      teamSize: num(r.team_size),
    })),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    total,
    totalPages: Math.ceil(total / q.pageSize),
    root: {
      id: root.id,
      account: root.account,
      path: below.map((id) => ({ id, account: accounts.get(id) ?? '' })),
    },
  };
}

/** Levels below the top of the tree: an ancestry of '/a/b/' is two levels down. */
function depthOf(ancestry: string): number {
  return ancestry.split('/').filter(Boolean).length + 1;
}

function scopeOf(
  caller: AgentCaller,
  root: { id: string; ancestry: string },
  drilled: boolean,
): repo.TeamScope {
  return {
    merchantId: caller.merchantId,
    prefix: repo.teamPrefix(root),
    includeId: drilled ? root.id : null,
    currency: caller.currency,
    timeZone: RECORDS_TIME_ZONE,
  };
}

/** Team Betting: the team's (or a sub-team's) settled bets per day, category or vendor, with totals. */
export async function teamBets(
  db: Db,
  caller: AgentCaller,
  q: TeamBetsQuery,
  now: Date,
): Promise<TeamBetsResponse> {
  const { root, drilled } = await teamRoot(db, caller, q.memberId);
  const range = teamRange(q, now);
  const rows = await repo.teamBetGroups(db, scopeOf(caller, root, drilled), {
    from: range.dateFrom,
    to: range.dateTo,
    groupBy: q.groupBy,
    category: q.category,
    vendor: q.vendor,
  });
  const figures = (r: Pick<repo.BetGroupRow, 'bets' | 'stake' | 'valid' | 'payout'>) => ({
    bets: num(r.bets),
    stakeMinor: num(r.stake),
    validStakeMinor: num(r.valid),
    payoutMinor: num(r.payout),
    profitMinor: num(r.payout) - num(r.stake),
  });
  const sum = (pick: (r: repo.BetGroupRow) => string) =>
    String(rows.reduce((s, r) => s + BigInt(pick(r)), 0n));
  return {
    ...range,
    timeZone: RECORDS_TIME_ZONE,
    groupBy: q.groupBy,
    rows: rows.map((r) => ({ key: r.key, ...figures(r) })),
    totals: figures({
      bets: sum((r) => r.bets),
      stake: sum((r) => r.stake),
      valid: sum((r) => r.valid),
      payout: sum((r) => r.payout),
    }),
  };
}

/** A member's (or a sum's) figures as read, in exact integers. */
const big = (r: Omit<repo.ProfitRow, 'id' | 'account' | 'type'>): FigureSums => ({
  deposit: BigInt(r.deposit),
  withdrawal: BigInt(r.withdrawal),
  bets: BigInt(r.bets),
  stake: BigInt(r.stake),
  valid: BigInt(r.valid),
  payout: BigInt(r.payout),
});

/**
 * The totals of a User Profit and Loss and how many members it lists. Without a search: the figures
 * kept for the root's team (plus the drilled-into root's own) and the stored team size — no pass
 * over the team. With a search, the matching members are summed.
 */
async function profitTotals(
  db: Db,
  scope: repo.TeamScope,
  root: { id: string },
  q: { from: string; to: string; search?: string },
): Promise<{ count: number; totals: FigureSums }> {
  if (q.search) {
    const { count, totals } = await repo.searchedProfitTotals(db, scope, { ...q, search: q.search });
    return { count, totals: big(totals) };
  }
  const [counts, days, own] = await Promise.all([
    repo.teamCounts(db, root.id),
    figures.keptTeamDays(db, { agentId: root.id, currency: scope.currency, from: q.from, to: q.to }),
    scope.includeId ? repo.ownProfit(db, scope, q, scope.includeId) : undefined,
  ]);
  const team = sumFigures(days, q.from, q.to);
  const mine = own ? big(own) : undefined;
  const keys = ['deposit', 'withdrawal', 'bets', 'stake', 'valid', 'payout'] as const;
  const totals = Object.fromEntries(keys.map((k) => [k, team[k] + (mine?.[k] ?? 0n)])) as FigureSums;
  return { count: counts.team + (scope.includeId ? 1 : 0), totals };
}

/**
 * User Profit and Loss: per member of the team (or a sub-team with its root), every member listed,
 * in account order by default (a page of members, then their figures); sorted by a figure, the
 * whole scope is summed first (docs/agents.md: fine for a sub-team, a pass over a big team).
 */
export async function teamProfit(
  db: Db,
  caller: AgentCaller,
  q: TeamProfitQuery,
  now: Date,
): Promise<TeamProfitResponse> {
  const { root, drilled } = await teamRoot(db, caller, q.memberId);
  const range = teamRange(q, now);
  const scope = scopeOf(caller, root, drilled);
  const search = q.search || undefined;
  const between = { from: range.dateFrom, to: range.dateTo };
  const [rows, { count, totals }] = await Promise.all([
    repo.teamProfitPage(db, scope, {
      ...between,
      search,
      sort: q.sort,
      order: q.order,
      limit: q.pageSize,
      offset: (q.pageNo - 1) * q.pageSize,
    }),
    profitTotals(db, scope, root, { ...between, search }),
  ]);
  // Bonuses and rebates do not exist yet (docs/architecture.md §11): nothing is paid, so 0.
  return {
    ...range,
    timeZone: RECORDS_TIME_ZONE,
    list: rows.map((r) => ({
      id: r.id,
      account: r.account,
      isAgent: isAgentType(r.type),
      ...teamFigures(big(r)),
      bonusMinor: 0,
    })),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    total: count,
    totalPages: Math.ceil(count / q.pageSize),
    totals: { ...teamFigures(totals), bonusMinor: 0 },
  };
}

/** Transaction Details: the agent's transfers with members of its team, newest first. */
export async function agentTransactions(
  db: Db,
  caller: AgentCaller,
  q: z.infer<typeof agentTransactionsQuery>,
  now: Date,
): Promise<AgentTransactionsResponse> {
  const { agent } = await teamRoot(db, caller, undefined);
  const range = teamRange(q, now);
  const rows = await repo.agentTransfers(db, {
    merchantId: caller.merchantId,
    agentId: agent.id,
    prefix: repo.teamPrefix(agent),
    currency: caller.currency,
    timeZone: RECORDS_TIME_ZONE,
    from: range.dateFrom,
    to: range.dateTo,
    limit: q.pageSize,
    offset: (q.pageNo - 1) * q.pageSize,
  });
  const total = num(rows[0]?.total);
  return {
    ...range,
    timeZone: RECORDS_TIME_ZONE,
    list: rows.map((r) => ({
      id: r.id,
      at: r.created_at.toISOString(),
      direction: r.direction,
      counterparty: r.counterparty,
      amountMinor: num(r.amount_minor),
    })),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    total,
    totalPages: Math.ceil(total / q.pageSize),
  };
}
