import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/ui/EmptyState';
import { Icon, type IconName, isIconName } from '../../components/ui/Icon';
import { LazyImage } from '../../components/ui/LazyImage';
import { type GameVendor, useCategoryVendors, useGameMenus } from './api';

/** Spec §9: lobby page size 42, page 1. */
export const LOBBY_PAGE_SIZE = 42;
const VASSALAGE_KEY = 'vassalage';

function readVassalage(): string | null {
  try {
    return sessionStorage.getItem(VASSALAGE_KEY);
  } catch {
    return null;
  }
}

function storeVassalage(code: string) {
  try {
    sessionStorage.setItem(VASSALAGE_KEY, code);
  } catch {
    // ignore
  }
}

/**
 * Game lobby of one category: hero, vendor (hall) tabs and the game grid. The catalogue is not
 * built yet, so an empty category shows a "coming soon" state instead of a blank page.
 * For /rng the selected hall lives in `?page=` and falls back to the stored vassalage.
 */
export function Lobby({ category }: { category: string }) {
  const { t } = useTranslation('games');
  const menus = useGameMenus();
  const vendors = useCategoryVendors(category);
  const [params, setParams] = useSearchParams();
  const isRng = category === 'RNG';
  const param = isRng ? 'page' : 'vendor';
  const selectedCode = params.get(param) ?? (isRng ? readVassalage() : null);
  const selected: GameVendor | undefined = vendors.find((v) => v.code === selectedCode);
  const icon: IconName = isIconName(category) ? category : 'sparkles';
  const categoryName = t(`categories.${category}.name`);

  useEffect(() => {
    if (isRng && selected) storeVassalage(selected.code);
  }, [isRng, selected]);

  const select = (code: string | null) => {
    const next = new URLSearchParams(params);
    if (code) next.set(param, code);
    else next.delete(param);
    setParams(next, { replace: true });
  };

  const tabLabel = (vendor: GameVendor) => (isRng ? t('hallSuffix', { name: vendor.name }) : vendor.name);

  return (
    <div className={`lobby lobby--${category.toLowerCase()}`}>
      <header className="lobby__hero">
        <div className="lobby__hero-icon" aria-hidden="true">
          <Icon name={icon} size={40} />
        </div>
        <div>
          <h1 className="lobby__title">{categoryName}</h1>
          <p className="lobby__subtitle">{t(`categories.${category}.tagline`)}</p>
        </div>
        <div className="lobby__stats">
          <span className="stat">
            <strong>{vendors.length}</strong>
            <span>{t('providers')}</span>
          </span>
        </div>
      </header>

      {vendors.length > 0 ? (
        <div className="tabs" role="tablist" aria-label={t('hallsLabel')}>
          <button
            type="button"
            role="tab"
            aria-selected={!selected}
            className={`tab${selected ? '' : ' is-active'}`}
            onClick={() => select(null)}
          >
            {t('all')}
          </button>
          {vendors.map((vendor) => (
            <button
              key={vendor.code}
              type="button"
              role="tab"
              aria-selected={selected?.code === vendor.code}
              className={`tab${selected?.code === vendor.code ? ' is-active' : ''}`}
              onClick={() => select(vendor.code)}
            >
              {tabLabel(vendor)}
            </button>
          ))}
        </div>
      ) : null}

      {vendors.length > 0 ? (
        <section aria-label={t('providers')} className="vendor-grid">
          {(selected ? [selected] : vendors).map((vendor) => (
            <button
              key={vendor.code}
              type="button"
              className="vendor-card"
              onClick={() => select(vendor.code)}
            >
              <span className="vendor-card__logo">
                {vendor.iconUrl ? (
                  <LazyImage src={vendor.iconUrl} alt="" width={56} height={56} />
                ) : (
                  <Icon name={icon} size={32} />
                )}
              </span>
              <span className="vendor-card__name">{tabLabel(vendor)}</span>
              <span className="vendor-card__meta">{t('comingSoonShort')}</span>
            </button>
          ))}
        </section>
      ) : null}

      {menus.isLoading ? (
        <div className="skeleton-grid" aria-hidden="true">
          {Array.from({ length: 12 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton placeholders
            <span key={i} className="skeleton-card" />
          ))}
        </div>
      ) : (
        <EmptyState
          icon={icon}
          title={t('emptyTitle')}
          text={t('emptyText', { category: categoryName })}
          action={
            <Link to="/promotions" className="btn btn--primary">
              {t('seePromotions')}
            </Link>
          }
        />
      )}
    </div>
  );
}
