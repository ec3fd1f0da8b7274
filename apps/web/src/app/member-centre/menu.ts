import type { IconName } from '../../components/ui/Icon';

/**
 * The member centre's pages in the spec's menu order. Entries of pages not built yet (bonus details, reward centre, referral, missions, platform information)
 * join this list as they land.
 */
export const MEMBER_PAGES = [
  { key: 'securityCenter', icon: 'shield' },
  { key: 'transferFund', icon: 'wallet' },
  { key: 'depositv2', icon: 'download' },
  { key: 'withdraw', icon: 'upload' },
  { key: 'transferUpline', icon: 'swap' },
  { key: 'personalHistoryCopy', icon: 'trophy' },
  { key: 'transactionHistory', icon: 'file' },
  { key: 'personalProfit', icon: 'star' },
  { key: 'bonusDetails', icon: 'sparkles' },
  { key: 'rewardCenter', icon: 'crown' },
  { key: 'manualRebate', icon: 'gift' },
] as const satisfies readonly { key: string; icon: IconName }[];

export type MemberPageKey = (typeof MEMBER_PAGES)[number]['key'];
export const DEFAULT_MEMBER_PAGE: MemberPageKey = 'securityCenter';

/**
 * The entries this member sees: transferUpline only with an upline to send to, or for agents;
 * manualRebate only when the merchant has some non-zero rebate rate, bonusDetails only when the
 * merchant offers bonuses, rewardCenter only when the merchant offers rewards (a VIP rebate rate or
 * a raffle running) or the member holds some (never a "coming soon").
 */
export function visiblePages(
  canTransferTree: boolean,
  rebates = false,
  bonuses = false,
  rewards = false,
): MemberPageKey[] {
  return MEMBER_PAGES.map((p) => p.key).filter(
    (key) =>
      (key !== 'transferUpline' || canTransferTree) &&
      (key !== 'manualRebate' || rebates) &&
      (key !== 'bonusDetails' || bonuses) &&
      (key !== 'rewardCenter' || rewards),
  );
}

/** The page to show for `?m_page=`: unknown or hidden pages fall back to the default. */
export function resolvePage(requested: string | undefined, visible: readonly MemberPageKey[]): MemberPageKey {
  return visible.find((key) => key === requested) ?? DEFAULT_MEMBER_PAGE;
}
