import type { IconName } from '../../components/ui/Icon';

/**
 * The agent centre's pages in the spec's menu order (§2 Agent centre), Announcement first. My Income
 * and the contract pages (Dividend, Daily, Hourly and Real-Time Salary) join this list as they land:
 * a menu never offers what is not built.
 */
export const AGENT_PAGES = [
  { key: 'agentAnnouncement', icon: 'megaphone' },
  { key: 'agentTeamOverview', icon: 'star' },
  { key: 'agentAccount', icon: 'user' },
  { key: 'agentTeamManagement', icon: 'users' },
  { key: 'agentTeamBetting', icon: 'trophy' },
  { key: 'agentUserProfit', icon: 'file' },
  { key: 'agentTransactions', icon: 'swap' },
] as const satisfies readonly { key: string; icon: IconName }[];

export type AgentPageKey = (typeof AGENT_PAGES)[number]['key'];
export const DEFAULT_AGENT_PAGE: AgentPageKey = 'agentTeamOverview';

/** The page for `?m_page=`: an unknown one falls back to the overview. */
export function resolveAgentPage(requested: string | undefined): AgentPageKey {
  return AGENT_PAGES.find((p) => p.key === requested)?.key ?? DEFAULT_AGENT_PAGE;
}
