import type { Game } from '@sorte/contracts';
import { CATEGORY_ROUTES, type GameCategory } from '../features/games/api';

export const HOME_ROW_KEYS = ['inhouse', 'popular', 'new', 'recent', 'favourites', 'lotteries'] as const;
export type HomeRowKey = (typeof HOME_ROW_KEYS)[number];

/** The player's own rows: shown only to a logged-in player. */
const PLAYER_ROWS: ReadonlySet<HomeRowKey> = new Set(['recent', 'favourites']);
/** A home row shows at most this many tiles; its "see all" link has the rest. */
export const HOME_ROW_SIZE = 20;

const LOBBY_ROUTES: Record<string, string> = { ...CATEGORY_ROUTES, INHOUSE: '/inhouse' };

/** The lobby of a category (in-house included), or null for one without a lobby page. */
export function lobbyRoute(category: string): string | null {
  return LOBBY_ROUTES[category as GameCategory | 'INHOUSE'] ?? null;
}

/**
 * The lobby a mixed row's "see all" opens: the one most of its games belong to (the first such on
 * a tie, so the row's leading game decides), or null when none has a lobby page.
 */
export function mainLobby(games: readonly Pick<Game, 'gameType'>[]): string | null {
  const counts = new Map<string, number>();
  for (const game of games) {
    if (lobbyRoute(game.gameType)) counts.set(game.gameType, (counts.get(game.gameType) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [category, count] of counts)
    if (best === null || count > (counts.get(best) ?? 0)) best = category;
  return best === null ? null : lobbyRoute(best);
}

export interface HomeRowInput {
  key: HomeRowKey;
  games: readonly Game[] | undefined;
  /** The lobby its "see all" opens; a row without one is still shown, without the link. */
  to: string | null;
}

export interface HomeRow {
  key: HomeRowKey;
  games: Game[];
  to: string | null;
}

/**
 * The rows the home shows, in HOME_ROW_KEYS order: only rows with games (an empty or still
 * loading row is left out, never "coming soon"), the player's own rows only when logged in, each
 * cut to HOME_ROW_SIZE tiles.
 */
export function visibleHomeRows(inputs: readonly HomeRowInput[], isLogin: boolean): HomeRow[] {
  return HOME_ROW_KEYS.flatMap((key) => {
    const input = inputs.find((row) => row.key === key);
    if (!input?.games?.length || (PLAYER_ROWS.has(key) && !isLogin)) return [];
    return [{ key, games: input.games.slice(0, HOME_ROW_SIZE), to: input.to }];
  });
}
