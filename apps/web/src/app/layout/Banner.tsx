import type { Banner as BannerItem } from '@sorte/contracts';
// The zod-free door: the banner is in the first load, the schemas are not.
import { bannerArt } from '@sorte/contracts/brand-art';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Icon } from '../../components/ui/Icon';
import { isModalOpen } from '../../components/ui/Modal';
import { useWhitelabel } from '../../lib/whitelabel';
import { useModal } from '../../lib/modal-url';
import { openSafe, safePath } from '../../lib/safe-url';
import { bannerGroupKey, bannersForGroup } from './banner-groups';

export const BANNER_AUTOPLAY_MS = 5000;

function useBannerClick() {
  const navigate = useNavigate();
  return (banner: BannerItem) => {
    if (!banner.link || banner.linkageType === 'none') return;
    // An unsafe link (a row older than the server's check) is not followed.
    if (banner.linkageType === 'external') openSafe(banner.link);
    else if (banner.linkageType === 'promotion')
      navigate(`/promoDetail?id=${encodeURIComponent(banner.link)}`);
    else {
      const path = safePath(banner.link);
      if (path) navigate(path);
    }
  };
}

/** Built-in hero shown on home when the merchant has no banners yet. */
function FallbackHero() {
  const { t } = useTranslation('common');
  const { brandName, flags } = useWhitelabel();
  const { openModal } = useModal();
  return (
    <section className="banner banner--fallback" aria-label={t('banner.label')}>
      <div className="hero">
        <div className="hero__content">
          <p className="hero__eyebrow">
            <Icon name="sparkles" size={16} />
            <span>{brandName}</span>
          </p>
          <h1 className="hero__title">{t('hero.title')}</h1>
          <p className="hero__text">{t('hero.text')}</p>
          <div className="hero__actions">
            {flags.DIRECTREG3 ? (
              <button
                type="button"
                className="btn btn--primary btn--lg"
                onClick={() => openModal('register')}
              >
                {t('hero.cta')}
              </button>
            ) : null}
            <a className="btn btn--ghost btn--lg" href="#games">
              {t('hero.explore')}
            </a>
          </div>
        </div>
        <div className="hero__art" aria-hidden="true">
          <span className="chip3d chip3d--a" />
          <span className="chip3d chip3d--b" />
          <span className="chip3d chip3d--c" />
          <span className="dice" />
        </div>
      </div>
    </section>
  );
}

export function Banner({ group }: { group: string }) {
  const { t, i18n } = useTranslation('common');
  const { banners, defaultLanguage } = useWhitelabel();
  const onBannerClick = useBannerClick();
  const items = bannersForGroup(banners, group);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const isHome = bannerGroupKey(group) === 'home';
  const count = items.length;

  // biome-ignore lint/correctness/useExhaustiveDependencies: restart from the first slide for a new page group
  useEffect(() => setIndex(0), [group]);
  useEffect(() => {
    if (count < 2 || paused) return;
    // Not under an open dialog: slides sliding behind the backdrop showed through it (issue 13).
    const timer = setInterval(
      () => setIndex((i) => (isModalOpen() ? i : (i + 1) % count)),
      BANNER_AUTOPLAY_MS,
    );
    return () => clearInterval(timer);
  }, [count, paused]);

  if (count === 0) return isHome ? <FallbackHero /> : null;

  return (
    <section
      className="banner"
      aria-roledescription="carousel"
      aria-label={t('banner.label')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="banner__track" style={{ transform: `translateX(-${index * 100}%)` }}>
        {items.map((banner, i) => {
          // The reader's language, else the merchant's default; words alone when no image is set.
          const art = bannerArt(banner, i18n.language, defaultLanguage);
          const image = art.image ? (
            <img
              src={art.image}
              alt={art.text}
              loading={i === 0 ? 'eager' : 'lazy'}
              decoding="async"
              draggable={false}
            />
          ) : (
            <p className="banner__text">{art.text}</p>
          );
          return (
            // biome-ignore lint/a11y/useSemanticElements: carousel slide pattern (WAI-ARIA APG) uses role=group
            <div
              key={banner.bannerId}
              className="banner__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={t('banner.slide', { index: i + 1, total: count })}
              aria-hidden={i !== index}
            >
              {banner.link && banner.linkageType !== 'none' ? (
                <button
                  type="button"
                  className="banner__link"
                  onClick={() => onBannerClick(banner)}
                  tabIndex={i === index ? 0 : -1}
                >
                  {image}
                </button>
              ) : (
                image
              )}
            </div>
          );
        })}
      </div>
      {count > 1 ? (
        <>
          <button
            type="button"
            className="banner__nav banner__nav--prev"
            onClick={() => setIndex((i) => (i - 1 + count) % count)}
            aria-label={t('actions.previous')}
          >
            <Icon name="chevronLeft" />
          </button>
          <button
            type="button"
            className="banner__nav banner__nav--next"
            onClick={() => setIndex((i) => (i + 1) % count)}
            aria-label={t('actions.next')}
          >
            <Icon name="chevronRight" />
          </button>
        </>
      ) : null}
      {isHome && count > 1 ? (
        <div className="banner__dots">
          {items.map((banner, i) => (
            <button
              key={banner.bannerId}
              type="button"
              className={`banner__dot${i === index ? ' is-active' : ''}`}
              aria-label={t('banner.goTo', { index: i + 1 })}
              aria-current={i === index}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
