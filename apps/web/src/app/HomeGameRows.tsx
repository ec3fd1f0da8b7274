import type { Game } from '@sorte/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '../components/ui/Icon';
import {
  favouriteKey,
  useFavouriteGames,
  useGameList,
  useGameMenus,
  useNewVendors,
  usePopularGames,
  useRecentGames,
  useToggleFavourite,
} from '../features/games/api';
import { GameRow } from '../features/games/GameRow';
import { useSession } from '../lib/session';
import { type HomeRowKey, lobbyRoute, mainLobby, visibleHomeRows } from './home-rows';
import { LOTTERY_TYPES, useOpenLottery } from './LotteryGameRows';
import '../features/games/games.css';

const ROW_ICONS: Record<HomeRowKey, IconName> = {
  inhouse: 'INHOUSE',
  popular: 'flame',
  new: 'sparkles',
  recent: 'refresh',
  favourites: 'star',
  lotteries: 'ELOTT',
};

/** A hall of a lobby: /rng keeps its hall in `?page=`, the other lobbies in `?vendor=`. */
function hallRoute(category: string, vendor: string): string | null {
  const lobby = lobbyRoute(category);
  if (!lobby) return null;
  return `${lobby}?${category === 'RNG' ? 'page' : 'vendor'}=${encodeURIComponent(vendor)}`;
}

const firstPage = (data: { pages: { games: Game[] }[] } | undefined) => data?.pages[0]?.games;

/**
 * The home's game rows (in-house, popular, new, recently played, favourites, lotteries), each with
 * a "see all" link to its lobby. They are catalogue rows (the games feature) opened by the lottery
 * launch rule, so they are put together here, in app/; the home loads this module lazily.
 */
export default function HomeGameRows() {
  const { t, i18n } = useTranslation('home');
  const language = i18n.language;
  const isLogin = useSession((s) => s.isLogin);
  const menus = useGameMenus();
  const offered = new Set((menus.data ?? []).map((m) => m.category));
  const inhouse = useGameList({ gameType: 'INHOUSE', language }, offered.has('INHOUSE'));
  const popular = usePopularGames(language);
  const newest = useNewVendors(1).data?.[0];
  const newGames = useGameList({ vassalage: newest?.vendor, language }, Boolean(newest));
  const recent = useRecentGames(language);
  const favouritesQuery = useFavouriteGames(language);
  const toggle = useToggleFavourite();
  const opener = useOpenLottery();

  const favourites = useMemo(
    () => (isLogin ? new Set((favouritesQuery.data ?? []).map(favouriteKey)) : undefined),
    [isLogin, favouritesQuery.data],
  );
  const lotteries = (popular.data ?? []).filter((g) => LOTTERY_TYPES.has(g.gameType));
  const rows = visibleHomeRows(
    [
      { key: 'inhouse', games: firstPage(inhouse.data), to: lobbyRoute('INHOUSE') },
      { key: 'popular', games: popular.data, to: mainLobby(popular.data ?? []) },
      {
        key: 'new',
        games: newest ? firstPage(newGames.data) : undefined,
        to: newest ? hallRoute(newest.category, newest.vendor) : null,
      },
      { key: 'recent', games: recent.data, to: mainLobby(recent.data ?? []) },
      { key: 'favourites', games: favouritesQuery.data, to: mainLobby(favouritesQuery.data ?? []) },
      { key: 'lotteries', games: lotteries, to: mainLobby(lotteries) },
    ],
    isLogin,
  );

  return (
    <div className="home-rows">
      {rows.map((row) => (
        <GameRow
          key={row.key}
          id={`home-row-${row.key}`}
          title={t(`rows.${row.key}`)}
          icon={<Icon name={ROW_ICONS[row.key]} size={18} />}
          action={
            row.to ? (
              <Link
                to={row.to}
                className="game-row__more"
                aria-label={t('rows.seeAllOf', { row: t(`rows.${row.key}`) })}
              >
                {t('rows.seeAll')}
              </Link>
            ) : null
          }
          games={row.games}
          onOpen={opener.open}
          pending={opener.pending}
          favourites={favourites}
          onToggleFavourite={(game, favourite) => toggle.mutate({ game, favourite })}
        />
      ))}
    </div>
  );
}
