import type {
  Game,
  GameListResponse,
  GameMenus,
  GameType,
  LaunchGameValue,
  LaunchKind,
} from '@sorte/contracts';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiDelete, apiGet, apiPut } from '../../lib/api';
import { useSession } from '../../lib/session';
import { SPORTSBOOK_CATEGORIES, useSportsbookOffered } from '../../lib/sportsbook-offer';
import { bootPart } from '../../lib/whitelabel';

export type { Game, LaunchGameValue };

/** Navigation categories in menu order (spec §2 side menu). */
export const GAME_CATEGORIES = ['ELOTT', 'LOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP', 'ESPORTS'] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

export const CATEGORY_ROUTES: Record<GameCategory, string> = {
  ELOTT: '/elott',
  LOTT: '/lottery',
  LIVE: '/live',
  SPORTS: '/sports',
  FISH: '/fish',
  RNG: '/rng',
  PVP: '/pvp',
  ESPORTS: '/esports',
};

/** Spec §9: lobby page size 42, page 1. */
export const LOBBY_PAGE_SIZE = 42;

export interface GameVendor {
  code: string;
  name: string;
  iconUrl: string | null;
  /** The spec's VASSALAGE flag: its games open from a popup list. */
  popupList: boolean;
  launchKind: LaunchKind;
  gameCount: number;
}

export interface GameMenu {
  category: string;
  vendors: GameVendor[];
  /** The classify values the category's games use (the lobby's filter). */
  classify: string[];
}

/** The menus of GET /lgw/games/game_menus in the shape navigation reads (category → vendors). */
export function toGameMenus(value: GameMenus): GameMenu[] {
  return value.list.map((group) => ({
    category: group.title,
    classify: group.gameClassify,
    vendors: group.cards.map((card) => ({
      code: card.vendor,
      name: card.name,
      iconUrl: card.iconUrl,
      popupList: card.popupList,
      launchKind: card.launchKind,
      gameCount: card.gameCount,
    })),
  }));
}

export interface GameListFilter {
  gameType?: GameType;
  vassalage?: string;
  gameName?: string;
  gameClassify?: string;
  /** Minor units: games a stake this size can join. */
  minBet?: number;
  language: string;
}

export const gameKeys = {
  menus: ['games', 'menus'] as const,
  list: (filter: GameListFilter) => ['games', 'list', filter] as const,
  hot: (gameType: string, vendor: string | undefined, language: string) =>
    ['games', 'hot', gameType, vendor ?? '', language] as const,
  popular: (language: string) => ['games', 'popular', 20, language] as const,
  newVendors: (count: number) => ['games', 'new-vendors', count] as const,
  mine: (token: string | null) => ['games', 'mine', token] as const,
  recent: (token: string | null, language: string) => ['games', 'mine', token, 'recent', language] as const,
  favourites: (token: string | null, language: string) =>
    ['games', 'mine', token, 'favourites', language] as const,
};

// The page's own copy (the server inlines the menus into index.html), read once.
const bootMenus = bootPart<GameMenus>('gameMenus');
const bootGameMenus = bootMenus ? toGameMenus(bootMenus.data) : undefined;

export function useGameMenus() {
  return useQuery({
    queryKey: gameKeys.menus,
    queryFn: ({ signal }) => apiGet<GameMenus>('/lgw/games/game_menus', { signal }).then(toGameMenus),
    staleTime: 5 * 60_000,
    retry: 1,
    initialData: bootGameMenus,
    initialDataUpdatedAt: bootMenus?.updatedAt,
  });
}

/** Categories that have at least one vendor — the only ones shown in navigation. */
export function useNavCategories(): { category: GameCategory; vendors: GameVendor[] }[] {
  const { data } = useGameMenus();
  const sportsbook = useSportsbookOffered();
  const menus = data ?? [];
  return GAME_CATEGORIES.flatMap((category) => {
    const vendors = menus.find((m) => m.category === category)?.vendors ?? [];
    const offered = vendors.length > 0 || (sportsbook && SPORTSBOOK_CATEGORIES.includes(category));
    return offered ? [{ category, vendors }] : [];
  });
}

export function useCategoryMenu(category: string): GameMenu | undefined {
  const { data } = useGameMenus();
  return data?.find((m) => m.category === category);
}

export function useCategoryVendors(category: string): GameVendor[] {
  return useCategoryMenu(category)?.vendors ?? [];
}

/** One lobby's games, 42 a page, loaded page after page as the player scrolls. */
export function useGameList(filter: GameListFilter, enabled = true) {
  return useInfiniteQuery({
    queryKey: gameKeys.list(filter),
    queryFn: ({ pageParam, signal }) =>
      apiGet<GameListResponse>('/lgw/games/game_list', {
        query: { ...filter, pageNo: pageParam, pageSize: LOBBY_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNo < last.totalPages ? last.pageNo + 1 : undefined),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
}

export function useHotGames(gameType: string, vendor: string | undefined, language: string) {
  return useQuery({
    queryKey: gameKeys.hot(gameType, vendor, language),
    queryFn: ({ signal }) =>
      apiGet<{ list: Game[] }>('/lgw/games/hot', {
        query: { gameType, vassalage: vendor, language },
        signal,
      }).then((v) => v.list),
    staleTime: 5 * 60_000,
  });
}

/** GET /lgw/games/popular (count 20): the most played games of the last 30 days, every category. */
export function usePopularGames(language: string) {
  return useQuery({
    queryKey: gameKeys.popular(language),
    queryFn: ({ signal }) =>
      apiGet<{ list: Game[] }>('/lgw/games/popular', { query: { count: 20, language }, signal }).then(
        (v) => v.list,
      ),
    staleTime: 5 * 60_000,
  });
}

/** GET /lgw/games/new_vendors: the merchant's newest game halls, newest first. */
export function useNewVendors(count: number) {
  return useQuery({
    queryKey: gameKeys.newVendors(count),
    queryFn: ({ signal }) =>
      apiGet<{ list: { vendor: string; name: string; category: GameType }[] }>('/lgw/games/new_vendors', {
        query: { count },
        signal,
      }).then((v) => v.list),
    staleTime: 5 * 60_000,
  });
}

export function useRecentGames(language: string) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: gameKeys.recent(token, language),
    queryFn: ({ signal }) =>
      apiGet<{ list: Game[] }>('/wps/game/recent', { query: { language, pageSize: 12 }, signal }).then(
        (v) => v.list,
      ),
    enabled: Boolean(token),
    staleTime: 30_000,
  });
}

/** The player's favourites (up to 100: enough for the stars of a lobby and its row). */
export function useFavouriteGames(language: string) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: gameKeys.favourites(token, language),
    queryFn: ({ signal }) =>
      apiGet<{ content: Game[] }>('/wps/game/favorites', {
        query: { language, pageSize: 100 },
        signal,
      }).then((v) => v.content),
    enabled: Boolean(token),
    staleTime: 30_000,
  });
}

export const favouriteKey = (game: Pick<Game, 'vendor' | 'nodeId'>) => `${game.vendor}:${game.nodeId}`;

export function useToggleFavourite() {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  return useMutation({
    mutationFn: ({ game, favourite }: { game: Game; favourite: boolean }) => {
      const body = { nodeId: game.nodeId, vendor: game.vendor, gameType: game.gameType };
      return favourite
        ? apiPut('/wps/game/favorites', body)
        : apiDelete('/wps/game/favorites', { query: body });
    },
    onSettled: () => client.invalidateQueries({ queryKey: gameKeys.mine(token) }),
  });
}

export function launchGame(gameId: number, language: string, signal?: AbortSignal): Promise<LaunchGameValue> {
  return apiGet<LaunchGameValue>('/wps/game/launchGame', { query: { gameId, language }, signal });
}
