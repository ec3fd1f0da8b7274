import type { Game, GameType } from '@sorte/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/ui/EmptyState';
import { Icon, type IconName, isIconName } from '../../components/ui/Icon';
import { LazyImage } from '../../components/ui/LazyImage';
import { formatMoney } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useWhitelabel } from '../../lib/whitelabel';
import {
  favouriteKey,
  type GameVendor,
  useCategoryMenu,
  useFavouriteGames,
  useGameList,
  useGameMenus,
  useRecentGames,
  useToggleFavourite,
} from './api';
import { GameRow } from './GameRow';
import { GameTile } from './GameTile';
import { MIN_BET_STEPS, parseMinBet, readVassalage, selectHall, storeVassalage } from './halls';
import { useOpenGame } from './launch';
import { VendorGamesModal } from './VendorGamesModal';
import './games.css';

const SEARCH_DEBOUNCE_MS = 300;

interface Props {
  /** The games' category (spec gameType). */
  category: GameType;
  /** A lobby of one hall only (/pge: our slots hall); no hall tabs. */
  fixedVendor?: string;
  /** Heading and icon key when they differ from the category (PGE). */
  heading?: string;
}

/**
 * A game lobby: hero, hall (vendor) tabs, search and filters, the player's favourites and recent
 * games of this category, and the grid — 42 a page, more as the player scrolls. For /rng the hall
 * lives in `?page=` and falls back to the stored vassalage; elsewhere in `?vendor=`.
 */
export function Lobby({ category, fixedVendor, heading = category }: Props) {
  const { t, i18n } = useTranslation('games');
  const language = i18n.language;
  const menus = useGameMenus();
  const menu = useCategoryMenu(category);
  const allVendors = menu?.vendors ?? [];
  const vendors = fixedVendor ? allVendors.filter((v) => v.code === fixedVendor) : allVendors;
  const [params, setParams] = useSearchParams();
  const isRng = category === 'RNG' && !fixedVendor;
  const hallParam = isRng ? 'page' : 'vendor';
  const selected = fixedVendor ?? selectHall(vendors, params.get(hallParam), isRng ? readVassalage() : null);
  const classify = params.get('classify') ?? undefined;
  const minBet = parseMinBet(params.get('minBet'));
  const [text, setText] = useState(params.get('q') ?? '');
  const [gameName, setGameName] = useState(text.trim());
  const [popupVendor, setPopupVendor] = useState<GameVendor | null>(null);
  const isLogin = useSession((s) => s.isLogin);
  const { currency, currencySymbol } = useWhitelabel();
  const icon: IconName = isIconName(heading) ? heading : 'sparkles';
  const categoryName = t(`categories.${heading}.name`);

  useEffect(() => {
    const id = setTimeout(() => setGameName(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [text]);

  useEffect(() => {
    if (isRng && selected) storeVassalage(selected);
  }, [isRng, selected]);

  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  const selectVendor = (vendor: GameVendor | null) => {
    if (vendor?.popupList) {
      setPopupVendor(vendor);
      return;
    }
    setParam(hallParam, vendor?.code ?? null);
  };

  const filter = {
    gameType: category,
    vassalage: selected ?? undefined,
    gameName: gameName || undefined,
    gameClassify: classify,
    minBet,
    language,
  };
  const list = useGameList(filter, vendors.length > 0);
  const games = useMemo(() => list.data?.pages.flatMap((p) => p.games) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;
  const filtering = Boolean(gameName || classify || minBet !== undefined);

  const { open, pending } = useOpenGame();
  const favouritesQuery = useFavouriteGames(language);
  const recentQuery = useRecentGames(language);
  const toggle = useToggleFavourite();
  const favourites = useMemo(
    () => (isLogin ? new Set((favouritesQuery.data ?? []).map(favouriteKey)) : undefined),
    [isLogin, favouritesQuery.data],
  );
  const onToggleFavourite = (game: Game, favourite: boolean) => toggle.mutate({ game, favourite });
  const inLobby = (game: Game) => game.gameType === category && (!selected || game.vendor === selected);
  const recent = (recentQuery.data ?? []).filter(inLobby);
  const favouriteGames = (favouritesQuery.data ?? []).filter(inLobby);

  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const tabLabel = (vendor: GameVendor) => (isRng ? t('hallSuffix', { name: vendor.name }) : vendor.name);
  const gameCount = vendors.reduce((n, v) => n + v.gameCount, 0);
  // A fixed hall is selected before the menu arrives (a cold load of /pge): until then it has no name.
  const selectedVendor = selected ? vendors.find((v) => v.code === selected) : undefined;
  const selectedName = selectedVendor ? tabLabel(selectedVendor) : selected ? categoryName : null;
  const noVendors = !menus.isLoading && vendors.length === 0;

  return (
    <div className={`lobby lobby--${heading.toLowerCase()}`}>
      <header className="lobby__hero lobby-hero">
        <div className="lobby__hero-icon" aria-hidden="true">
          <Icon name={icon} size={28} />
        </div>
        <div className="lobby-hero__text">
          <h1 className="lobby__title">{categoryName}</h1>
          {/* The category's promise ("bet on football…") only where its games are on offer. */}
          {noVendors ? null : <p className="lobby__subtitle">{t(`categories.${heading}.tagline`)}</p>}
        </div>
        {vendors.length > 0 ? (
          <div className="lobby-hero__stats">
            <span className="stat">
              <strong>{gameCount}</strong>
              <span>{t('gamesCount')}</span>
            </span>
            {fixedVendor ? null : (
              <span className="stat">
                <strong>{vendors.length}</strong>
                <span>{t('providers')}</span>
              </span>
            )}
          </div>
        ) : null}
      </header>

      {noVendors ? (
        <EmptyState
          icon={icon}
          title={t('emptyTitle')}
          text={t('emptyText', { category: categoryName })}
          action={
            <Link to="/" className="btn btn--primary">
              {t('seeOurGames')}
            </Link>
          }
        />
      ) : (
        <>
          {fixedVendor ? null : (
            <div className="tabs hall-tabs" role="tablist" aria-label={t('hallsLabel')}>
              <button
                type="button"
                role="tab"
                aria-selected={!selected}
                className={`tab hall-tab${selected ? '' : ' is-active'}`}
                onClick={() => selectVendor(null)}
              >
                <Icon name={icon} size={18} />
                {t('all')}
              </button>
              {vendors.map((vendor) => (
                <button
                  key={vendor.code}
                  type="button"
                  role="tab"
                  aria-selected={selected === vendor.code}
                  className={`tab hall-tab${selected === vendor.code ? ' is-active' : ''}`}
                  onClick={() => selectVendor(vendor)}
                >
                  {vendor.iconUrl ? (
                    <LazyImage
                      src={vendor.iconUrl}
                      alt=""
                      width={22}
                      height={22}
                      className="hall-tab__icon"
                    />
                  ) : null}
                  {tabLabel(vendor)}
                </button>
              ))}
            </div>
          )}

          <div className="lobby-tools">
            <label className="lobby-search">
              <Icon name="search" size={18} />
              <span className="sr-only">{t('search.label')}</span>
              <input
                type="search"
                value={text}
                maxLength={64}
                placeholder={t('search.placeholder')}
                onChange={(e) => setText(e.target.value)}
              />
            </label>
            {(menu?.classify.length ?? 0) > 1 ? (
              <label className="lobby-select">
                <span className="sr-only">{t('filters.classify')}</span>
                <select value={classify ?? ''} onChange={(e) => setParam('classify', e.target.value || null)}>
                  <option value="">{t('filters.allTypes')}</option>
                  {menu?.classify.map((c) => (
                    <option key={c} value={c}>
                      {t(`classify.${c}`, { defaultValue: c })}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            <label className="lobby-select">
              <span className="sr-only">{t('filters.minBet')}</span>
              <select
                value={minBet === undefined ? '' : String(minBet)}
                onChange={(e) => setParam('minBet', e.target.value || null)}
              >
                <option value="">{t('filters.anyBet')}</option>
                {MIN_BET_STEPS.map((step) => (
                  <option key={step} value={step}>
                    {t('filters.betUpTo', {
                      amount: formatMoney(step, { currency, symbol: currencySymbol, locale: language }),
                    })}
                  </option>
                ))}
              </select>
            </label>
          </div>

          {isLogin && !filtering ? (
            <>
              <GameRow
                id={`fav-${heading}`}
                title={t('rows.favourites')}
                icon={<Icon name="star" size={18} />}
                games={favouriteGames}
                onOpen={open}
                favourites={favourites}
                onToggleFavourite={onToggleFavourite}
                pending={pending}
              />
              <GameRow
                id={`recent-${heading}`}
                title={t('rows.recent')}
                icon={<Icon name="refresh" size={18} />}
                games={recent}
                onOpen={open}
                favourites={favourites}
                onToggleFavourite={onToggleFavourite}
                pending={pending}
              />
            </>
          ) : null}

          <section aria-labelledby={`grid-${heading}`} className="lobby-grid-section">
            <div className="lobby-grid-head">
              <h2 id={`grid-${heading}`} className="game-row__title">
                {selectedName ?? t('allGames')}
              </h2>
              {list.data ? (
                <span className="lobby-grid-count">{t('showing', { shown: games.length, total })}</span>
              ) : null}
            </div>
            {list.isLoading || menus.isLoading ? (
              <div className="game-grid" aria-hidden="true">
                {Array.from({ length: 12 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton placeholders
                  <span key={i} className="skeleton-card" />
                ))}
              </div>
            ) : list.isError ? (
              <EmptyState
                icon="refresh"
                title={t('loadError')}
                action={
                  <button type="button" className="btn btn--primary" onClick={() => void list.refetch()}>
                    {t('retry')}
                  </button>
                }
              />
            ) : games.length === 0 ? (
              <EmptyState icon="search" title={t('noResults.title')} text={t('noResults.text')} />
            ) : (
              <div className="game-grid">
                {games.map((game) => (
                  <GameTile
                    key={game.gameId}
                    game={game}
                    onOpen={open}
                    favourite={favourites ? favourites.has(favouriteKey(game)) : undefined}
                    onToggleFavourite={onToggleFavourite}
                    pending={pending === game.gameId}
                  />
                ))}
              </div>
            )}
            <div ref={sentinel} className="lobby-sentinel" />
            {hasNextPage ? (
              <div className="lobby-more">
                <button
                  type="button"
                  className="btn btn--outline"
                  disabled={isFetchingNextPage}
                  onClick={() => void fetchNextPage()}
                >
                  {isFetchingNextPage ? t('loadingMore') : t('loadMore')}
                </button>
              </div>
            ) : null}
          </section>
        </>
      )}
      {popupVendor ? (
        <VendorGamesModal vendor={popupVendor} category={category} onClose={() => setPopupVendor(null)} />
      ) : null}
    </div>
  );
}
