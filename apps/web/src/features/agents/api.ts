import type {
  AgentTransactionsResponse,
  CreateDownlineRequest,
  DownlineKind,
  InviteLink,
  InviteRegistrationsResponse,
  TeamBetsResponse,
  TeamMember,
  TeamMembersResponse,
  TeamOverview,
  TeamProfitResponse,
} from '@sorte/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api';
import { useSession } from '../../lib/session';

export const AGENT_PAGE_SIZE = 10;

type Query = Record<string, string | number | undefined>;

/** Keys scoped by the session token, so one agent's team never shows for the next. */
export const agentKeys = {
  scope: (token: string | null) => ['agents', token] as const,
  read: (token: string | null, path: string, query: Query) =>
    [...agentKeys.scope(token), path, query] as const,
};

/** One GET of the agent centre, kept while the next page or filter loads. */
export function useAgentRead<T>(path: string, query: Query = {}, enabled = true) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: agentKeys.read(token, path, query),
    queryFn: ({ signal }) => apiGet<T>(path, { query, signal }),
    enabled: Boolean(token) && enabled,
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });
}

export interface DayRange {
  dateFrom: string;
  dateTo: string;
}

export const useTeamOverview = () => useAgentRead<TeamOverview>('/wps/agent/team/overview');

export interface MembersFilter {
  scope: 'direct' | 'all';
  parentId?: string;
  search?: string;
  kind?: 'player' | 'agent';
  sort: 'createdAt' | 'lastLoginAt' | 'balance' | 'account' | 'teamSize';
  order: 'asc' | 'desc';
  pageNo: number;
}
export const useTeamMembers = (f: MembersFilter) =>
  useAgentRead<TeamMembersResponse>('/wps/agent/team/members', { ...f, pageSize: AGENT_PAGE_SIZE });

export const useTeamBets = (range: DayRange, groupBy: 'day' | 'category' | 'vendor') =>
  useAgentRead<TeamBetsResponse>('/wps/agent/team/bets', { ...range, groupBy });

export interface ProfitFilter extends DayRange {
  search?: string;
  sort: string;
  order: 'asc' | 'desc';
  pageNo: number;
}
export const useTeamProfit = (f: ProfitFilter) =>
  useAgentRead<TeamProfitResponse>('/wps/agent/team/profit', { ...f, pageSize: AGENT_PAGE_SIZE });

export const useAgentTransactions = (range: DayRange, pageNo: number) =>
  useAgentRead<AgentTransactionsResponse>('/wps/agent/transactions', {
    ...range,
    pageNo,
    pageSize: AGENT_PAGE_SIZE,
  });

export const useInviteLinks = () => useAgentRead<{ list: InviteLink[] }>('/wps/agent/invite-links');

export const useInviteRegistrations = (linkId: string | null) =>
  useAgentRead<InviteRegistrationsResponse>(
    `/wps/agent/invite-links/${linkId}/registrations`,
    { pageSize: 20 },
    linkId !== null,
  );

/** Writes change the team: every agent-centre read of this session is read again. */
export function useAgentWrite<I, O>(path: string) {
  const token = useSession((s) => s.token);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => apiPost<O>(path, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentKeys.scope(token) }),
  });
}

export const useCreateDownline = () =>
  useAgentWrite<CreateDownlineRequest, TeamMember>('/wps/agent/team/members');
export const useCreateInviteLink = () =>
  useAgentWrite<{ kind: DownlineKind }, InviteLink>('/wps/agent/invite-links');
