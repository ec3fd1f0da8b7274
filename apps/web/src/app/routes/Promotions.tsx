import { bannerArt } from '@sorte/contracts/brand-art';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/EmptyState';
import { LazyImage } from '../../components/ui/LazyImage';
import { useWhitelabel } from '../../lib/whitelabel';

/** Promotions list: promotion-linked banners until the promotions module answers with its own list. */
export default function PromotionsPage() {
  const { t, i18n } = useTranslation('pages');
  const { banners, defaultLanguage } = useWhitelabel();
  const promos = banners.filter((b) => b.linkageType === 'promotion' && b.link);
  return (
    <div className="page">
      <h1 className="page__title">{t('promotions.title')}</h1>
      {promos.length === 0 ? (
        <EmptyState icon="gift" title={t('promotions.emptyTitle')} text={t('promotions.emptyText')} />
      ) : (
        <div className="promo-grid">
          {promos.map((promo) => {
            const art = bannerArt(promo, i18n.language, defaultLanguage);
            const title = art.text || t('promotions.untitled');
            return (
              <Link
                key={promo.bannerId}
                to={`/promoDetail?id=${encodeURIComponent(promo.link ?? '')}`}
                className="promo-tile"
              >
                {art.image ? <LazyImage src={art.image} alt="" /> : null}
                <span className="promo-tile__body">
                  <strong>{title}</strong>
                  <span className="promo-tile__cta">{t('promotions.details')}</span>
                </span>
              </Link>
            );
          })}
        </div>
      )}
    </div>
  );
}
