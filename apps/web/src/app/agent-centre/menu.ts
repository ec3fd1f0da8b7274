import type { AgentContractType, FeatureFlag } from '@sorte/contracts';
import type { IconName } from '../../components/ui/Icon';

/**
 * The agent centre's pages in the spec's menu order (§2 Agent centre), Announcement first. A page
 * with a `flag` is listed only while the merchant has that flag on (the contract pages: each contract
 * type is on or off per merchant).
 */
export const AGENT_PAGES = [
  { key: 'agentAnnouncement', icon: 'megaphone' },
  { key: 'agentTeamOverview', icon: 'star' },
  { key: 'agentAccount', icon: 'user' },
  { key: 'agentTeamManagement', icon: 'users' },
  { key: 'agentTeamBetting', icon: 'trophy' },
  { key: 'agentUserProfit', icon: 'file' },
  { key: 'agentIncome', icon: 'wallet' },
  { key: 'agentTransactions', icon: 'swap' },
  { key: 'agentDividend', icon: 'crown', flag: 'dividendContract' },
  { key: 'agentDailySalary', icon: 'calendar', flag: 'dailySalary' },
  { key: 'agentHourlySalary', icon: 'refresh', flag: 'hourlySalary' },
  { key: 'agentRealtimeSalary', icon: 'bolt', flag: 'realtimeSalary' },
] as const satisfies readonly { key: string; icon: IconName; flag?: FeatureFlag }[];

export type AgentPageKey = (typeof AGENT_PAGES)[number]['key'];
export const DEFAULT_AGENT_PAGE: AgentPageKey = 'agentTeamOverview';

/** The contract type each contract page shows. */
export const CONTRACT_PAGES = {
  agentDividend: 'dividend',
  agentDailySalary: 'daily',
  agentHourlySalary: 'hourly',
  agentRealtimeSalary: 'realtime',
} as const satisfies Partial<Record<AgentPageKey, AgentContractType>>;

type Flags = Partial<Record<FeatureFlag, boolean>>;

/** The entries the merchant offers: a contract page only while its type's flag is on. */
export function agentPagesFor(flags: Flags) {
  return AGENT_PAGES.filter((p) => !('flag' in p) || flags[p.flag] === true);
}

/** The page for `?m_page=`: an unknown one, or one the merchant has off, falls back to the overview. */
export function resolveAgentPage(requested: string | undefined, flags: Flags = {}): AgentPageKey {
  return agentPagesFor(flags).find((p) => p.key === requested)?.key ?? DEFAULT_AGENT_PAGE;
}
