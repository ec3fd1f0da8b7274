import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../components/ui/Icon';
import { CATEGORY_ROUTES, GAME_CATEGORIES, useGameMenus } from '../../features/games/api';
import { tileHallCount } from '../../features/games/halls';
import { useAfterLoadIdle } from '../../lib/after-load';
import { useModal } from '../../lib/modal-url';
import { SPORTSBOOK_CATEGORIES, useSportsbookOffered } from '../../lib/sportsbook-offer';
import { bootHasAnnouncements } from '../../lib/whitelabel';

// Below the fold and data-bound: the rows are their own chunk, fetched when the player scrolls near
// them, so the home's first load (its JavaScript and its catalogue calls) stays small.
const HomeGameRows = lazy(() => import('../HomeGameRows'));
// The announcements' ticker: its own small chunk (with the notices' texts), shown once it has items.
const AnnouncementTicker = lazy(() =>
  import('../../features/notices/announcements').then((m) => ({ default: m.AnnouncementTicker })),
);
const ROWS_MARGIN = '300px 0px';

/** True once the element has come within ROWS_MARGIN of the viewport (and from then on). */
function useNearViewport() {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: ROWS_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}

interface Tile {
  key: string;
  to: string;
  icon: IconName;
}

const TILES: Tile[] = [
  { key: 'PGE', to: '/pge', icon: 'PGE' },
  { key: 'INHOUSE', to: '/inhouse', icon: 'INHOUSE' },
  ...GAME_CATEGORIES.map((category) => ({ key: category, to: CATEGORY_ROUTES[category], icon: category })),
];

const PERKS: { key: string; icon: IconName }[] = [
  { key: 'payouts', icon: 'bolt' },
  { key: 'support', icon: 'headset' },
  { key: 'fair', icon: 'shield' },
  { key: 'vip', icon: 'crown' },
];

export default function HomePage() {
  const { t } = useTranslation(['home', 'common']);
  const menus = useGameMenus();
  const sportsbook = useSportsbookOffered();
  const { openModal } = useModal();
  const rows = useNearViewport();
  // The ticker and the game rows (their chunks, texts and lists) come once the first render has
  // settled: loaded during it, they made the phone's first visit one long main-thread stretch
  // (Lighthouse TBT). The ticker's strip is reserved meanwhile, so it moves nothing when it appears.
  const settled = useAfterLoadIdle();
  // Only what the merchant offers: until the menu arrives every tile shows without its count.
  const tiles = menus.data
    ? TILES.flatMap((tile) => {
        // The sportsbook counts as one hall of its categories when the merchant offers it.
        const count =
          tileHallCount(menus.data, tile.key) +
          (sportsbook && SPORTSBOOK_CATEGORIES.includes(tile.key) ? 1 : 0);
        return count > 0 ? [{ ...tile, count }] : [];
      })
    : TILES.map((tile) => ({ ...tile, count: null }));

  return (
    <div className="page home">
      <div className={bootHasAnnouncements() ? 'an-ticker-slot' : undefined}>
        {settled ? (
          <Suspense fallback={null}>
            <AnnouncementTicker />
          </Suspense>
        ) : null}
      </div>
      <section id="games" className="section" aria-labelledby="home-games">
        <div className="section__head">
          <h2 id="home-games" className="section__title">
            <Icon name="flame" />
            <span>{t('categoriesTitle')}</span>
          </h2>
        </div>
        <div className="cat-grid">
          {tiles.map(({ count, ...tile }) => (
            <Link key={tile.key} to={tile.to} className={`cat-tile cat-tile--${tile.key.toLowerCase()}`}>
              <span className="cat-tile__icon" aria-hidden="true">
                <Icon name={tile.icon} size={30} />
              </span>
              <span className="cat-tile__name">{t(`tiles.${tile.key}`)}</span>
              <span className="cat-tile__meta">{count === null ? '' : t('providerCount', { count })}</span>
            </Link>
          ))}
        </div>
      </section>

      <div ref={rows.ref} className="home-rows-slot">
        {rows.near && settled ? (
          <Suspense fallback={null}>
            <HomeGameRows />
          </Suspense>
        ) : null}
      </div>

      <section className="section promo-strip" aria-labelledby="home-promo">
        <div className="promo-card promo-card--primary">
          <div>
            <h2 id="home-promo">{t('promo.title')}</h2>
            <p>{t('promo.text')}</p>
          </div>
          <Link to="/promotions" className="btn btn--light">
            {t('promo.cta')}
          </Link>
        </div>
        <div className="promo-card promo-card--secondary">
          <div>
            <h2>{t('app.title')}</h2>
            <p>{t('app.text')}</p>
          </div>
          <button type="button" className="btn btn--light" onClick={() => openModal('download')}>
            <Icon name="download" size={18} />
            <span>{t('app.cta')}</span>
          </button>
        </div>
      </section>

      <section className="section" aria-labelledby="home-perks">
        <h2 id="home-perks" className="section__title">
          <Icon name="sparkles" />
          <span>{t('perksTitle')}</span>
        </h2>
        <div className="perk-grid">
          {PERKS.map((perk) => (
            <article key={perk.key} className="perk">
              <span className="perk__icon" aria-hidden="true">
                <Icon name={perk.icon} size={24} />
              </span>
              <h3>{t(`perks.${perk.key}.title`)}</h3>
              <p>{t(`perks.${perk.key}.text`)}</p>
            </article>
          ))}
        </div>
      </section>
    </div>
  );
}
