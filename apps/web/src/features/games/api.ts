import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';

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

export interface GameVendor {
  code: string;
  name: string;
  iconUrl: string | null;
}

export interface GameMenu {
  category: string;
  vendors: GameVendor[];
}

type Loose = Record<string, unknown>;
const str = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/**
 * The game catalogue is not built yet; the server answers an empty or seeded list whose exact shape
 * may vary, so menus are read leniently (array or paged object, several field spellings).
 */
export function normalizeGameMenus(value: unknown): GameMenu[] {
  const list = Array.isArray(value)
    ? value
    : Array.isArray((value as Loose)?.list)
      ? ((value as Loose).list as unknown[])
      : [];
  const menus: GameMenu[] = [];
  for (const raw of list.slice(0, 50)) {
    if (!raw || typeof raw !== 'object') continue;
    const item = raw as Loose;
    const category = str(item.gameType) ?? str(item.category) ?? str(item.code) ?? str(item.type);
    if (!category) continue;
    const rawVendors = (item.vendors ?? item.children ?? item.list ?? []) as unknown[];
    const vendors: GameVendor[] = [];
    for (const rv of Array.isArray(rawVendors) ? rawVendors.slice(0, 100) : []) {
      if (!rv || typeof rv !== 'object') continue;
      const v = rv as Loose;
      const code = str(v.vendor) ?? str(v.vendorCode) ?? str(v.code) ?? str(v.nodeId);
      if (!code) continue;
      vendors.push({
        code,
        name: str(v.name) ?? str(v.vendorName) ?? str(v.displayName) ?? code,
        iconUrl: str(v.iconUrl) ?? str(v.icon) ?? str(v.logoUrl) ?? str(v.imageUrl),
      });
    }
    menus.push({ category: category.toUpperCase(), vendors });
  }
  return menus;
}

export const gameKeys = {
  menus: ['games', 'menus'] as const,
};

export function useGameMenus() {
  return useQuery({
    queryKey: gameKeys.menus,
    queryFn: ({ signal }) => apiGet<unknown>('/lgw/games/game_menus', { signal }).then(normalizeGameMenus),
    staleTime: 5 * 60_000,
    retry: 1,
  });
}

/** Categories that have at least one vendor — the only ones shown in navigation. */
export function useNavCategories(): { category: GameCategory; vendors: GameVendor[] }[] {
  const { data } = useGameMenus();
  const menus = data ?? [];
  return GAME_CATEGORIES.flatMap((category) => {
    const vendors = menus.find((m) => m.category === category)?.vendors ?? [];
    return vendors.length > 0 ? [{ category, vendors }] : [];
  });
}

export function useCategoryVendors(category: string): GameVendor[] {
  const { data } = useGameMenus();
  return data?.find((m) => m.category === category)?.vendors ?? [];
}
