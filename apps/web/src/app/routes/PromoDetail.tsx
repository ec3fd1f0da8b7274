import { bannerArt } from '@sorte/contracts/brand-art';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/ui/EmptyState';
import { ActivityApply } from '../../features/activities';
import { useWhitelabel } from '../../lib/whitelabel';

export default function PromoDetailPage() {
  const { t, i18n } = useTranslation('pages');
  const [params] = useSearchParams();
  const id = params.get('id');
  const { banners, defaultLanguage } = useWhitelabel();
  const promo = banners.find((b) => b.link === id || b.bannerId === id);
  const back = (
    <Link to="/promotions" className="btn btn--ghost">
      {t('promotions.back')}
    </Link>
  );
  if (!promo) {
    return (
      <div className="page page--narrow">
        <EmptyState
          icon="gift"
          title={t('promotions.notFoundTitle')}
          text={t('promotions.notFoundText')}
          action={back}
        />
      </div>
    );
  }
  const art = bannerArt(promo, i18n.language, defaultLanguage);
  const title = art.text || t('promotions.untitled');
  return (
    <article className="page page--narrow promo-detail">
      {art.image ? <img className="promo-detail__image" src={art.image} alt="" /> : null}
      <h1 className="page__title">{title}</h1>
      <p className="muted">{t('promotions.detailText')}</p>
      {promo.linkageType === 'promotion' && promo.link ? <ActivityApply activityId={promo.link} /> : null}
      {back}
    </article>
  );
}
