import type { AgentAnnouncementsResponse, AgentNoticesResponse } from '@sorte/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { apiGet, apiPost } from '../../lib/api';
import { onMemberMessage } from '../../lib/realtime';
import { useSession } from '../../lib/session';

/** Keys under the session token, so one agent's notices never show for the next. */
const noticeKeys = {
  all: (token: string | null) => ['agent-notices', token] as const,
  announcements: (token: string | null, pageNo: number, language: string) =>
    ['agent-notices', token, 'announcements', pageNo, language] as const,
  notices: (token: string | null) => ['agent-notices', token, 'notices'] as const,
};

/** The Announcement page's list: announcements for agents, in the reader's language, with read state. */
export function useAgentAnnouncements(pageNo: number) {
  const token = useSession((s) => s.token);
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: noticeKeys.announcements(token, pageNo, i18n.language),
    queryFn: ({ signal }) =>
      apiGet<AgentAnnouncementsResponse>('/wps/agent/announcements', {
        query: { pageNo, pageSize: 10, language: i18n.language },
        signal,
      }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

/**
 * Contract notices, unread count and pending requests (the menu's badge). Read again when the server
 * pushes 'agent.notice' (a contract step by the other side), after a reconnection, and every minute.
 */
export function useAgentNotices() {
  const token = useSession((s) => s.token);
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onMemberMessage((message) => {
        if (message.type === 'agent.notice' || message.type === 'realtime.reconnected')
          void queryClient.invalidateQueries({ queryKey: noticeKeys.notices(token) });
      }),
    [queryClient, token],
  );
  return useQuery({
    queryKey: noticeKeys.notices(token),
    queryFn: ({ signal }) => apiGet<AgentNoticesResponse>('/wps/agent/notices', { signal }),
    enabled: Boolean(token),
    refetchInterval: 60_000,
  });
}

function useNoticeWrite<I>(path: (input: I) => string, body: (input: I) => unknown) {
  const token = useSession((s) => s.token);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => apiPost<unknown>(path(input), body(input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticeKeys.all(token) }),
  });
}

/** The agent opened an announcement: read at the version it saw. */
export const useMarkAnnouncementRead = () =>
  useNoticeWrite<{ id: string; version: number }>(
    (a) => `/wps/agent/announcements/${a.id}/read`,
    (a) => ({ version: a.version }),
  );

/** Every notice up to the newest one shown is read. */
export const useMarkNoticesRead = () =>
  useNoticeWrite<{ until: string }>(
    () => '/wps/agent/notices/read',
    (a) => a,
  );

const CONTRACT_PAGE_TYPES = {
  agentDividend: 'dividend',
  agentDailySalary: 'daily',
  agentHourlySalary: 'hourly',
  agentRealtimeSalary: 'realtime',
} as const;

/**
 * The menu's badges: unread contract notices on Announcement, and on each contract page the requests
 * of its type waiting for this agent's answer (GET /wps/member/info/funds/consolidated's pending
 * contract requests, spec §7).
 */
export function useMenuBadges(): Record<string, number> {
  const token = useSession((s) => s.token);
  const notices = useAgentNotices();
  const pending = useQuery({
    queryKey: [...noticeKeys.notices(token), 'pending'],
    queryFn: ({ signal }) =>
      apiGet<{ pendingContractRequests?: Partial<Record<string, number>> }>(
        '/wps/member/info/funds/consolidated',
        {
          query: { dailysalreqtype: 1, divtypereq: 1, contracthoursalreq: 1, realtimesalreqtype: 1 },
          signal,
        },
      ),
    enabled: Boolean(token),
    refetchInterval: 60_000,
  });
  const counts = pending.data?.pendingContractRequests ?? {};
  const badges: Record<string, number> = { agentAnnouncement: notices.data?.unread ?? 0 };
  for (const [page, type] of Object.entries(CONTRACT_PAGE_TYPES)) badges[page] = counts[type] ?? 0;
  return badges;
}
