import { useWhitelabel } from './whitelabel';

/**
 * The menu categories the sportsbook fills (features/sportsbook, /sports and /esports). They are
 * offered when the merchant's `sportsbook` flag is on — the sportsbook is ours, not a vendor's hall
 * in the game menu — and otherwise hidden like any lobby without games (never "coming soon").
 */
export const SPORTSBOOK_CATEGORIES: readonly string[] = ['SPORTS', 'ESPORTS'];

export function useSportsbookOffered(): boolean {
  return useWhitelabel().flags.sportsbook;
}
