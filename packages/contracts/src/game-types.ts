/**
 * Vendor categories (spec §3) plus our in-house games. Each game is filed under one of them. In a file
 * of their own, without zod: the back office's pages import it directly (the contracts index would
 * bring zod and every schema into their bundles).
 */
export const GAME_TYPES = [
  'ELOTT',
  'LOTT',
  'LIVE',
  'SPORTS',
  'FISH',
  'RNG',
  'PVP',
  'ESPORTS',
  'INHOUSE',
] as const;
