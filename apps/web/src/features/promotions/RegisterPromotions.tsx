import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWhitelabel } from '../../lib/whitelabel';
import { contentIn, usePromotions } from './api';
import './promotions.css';

const AUTOPLAY_MS = 5_000;

/**
 * The register page's carousel (spec §2: the new_player promotions, autoplay every 5 seconds when
 * there is more than one). Renders nothing when there are none, so the form takes the page alone.
 */
export function RegisterPromotions() {
  const { t, i18n } = useTranslation('promotions');
  const { defaultLanguage } = useWhitelabel();
  const query = usePromotions('register');
  const list = query.data?.list ?? [];
  const [index, setIndex] = useState(0);
  const count = list.length;
  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [count]);
  if (count === 0) return null;
  const current = list[index % count]!;
  const words = contentIn(current.content, i18n.language, defaultLanguage);
  return (
    <section className="promo-carousel" aria-roledescription="carousel" aria-label={t('carouselLabel')}>
      <Link
        to={`/promoDetail?id=${current.id}`}
        className="promo-carousel__slide"
        data-promotion={current.id}
      >
        {current.coverUrl ? <img src={current.coverUrl} alt="" className="promo-carousel__image" /> : null}
        <span className="promo-carousel__text">
          <strong>{words?.title ?? t('untitled')}</strong>
          {words?.summary ? <span>{words.summary}</span> : null}
          <span className="promo-tile__cta">{t('details')}</span>
        </span>
      </Link>
      {count > 1 ? (
        <div className="promo-carousel__dots">
          {list.map((p, i) => (
            <button
              key={p.id}
              type="button"
              className={`promo-carousel__dot${i === index % count ? ' is-active' : ''}`}
              aria-label={t('slide', { n: i + 1, count })}
              aria-current={i === index % count}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
