import type { BetsTab } from './api';

/**
 * The sportsbook's query keys. A module of their own (no imports at run time) so that the shell's
 * settlement push can name the bets without pulling api.ts and the live-odds socket into the
 * first page's bundle, and live-odds.ts (which api.ts imports) can name the events; the screens
 * reach them through api.ts.
 */
export const sportsKeys = {
  /** Every lobby list, whichever sport (what a live-odds patch reaches). */
  allEvents: ['sportsbook', 'events'] as const,
  events: (sport: string) => ['sportsbook', 'events', sport] as const,
  event: (id: string) => ['sportsbook', 'event', id] as const,
  /** Every list of bets, whoever is signed in and whichever tab (what settling or cashing out invalidates). */
  allBets: ['sportsbook', 'bets'] as const,
  bets: (token: string | null, status: BetsTab) => ['sportsbook', 'bets', token, status] as const,
};
