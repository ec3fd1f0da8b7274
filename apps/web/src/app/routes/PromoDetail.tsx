import { bannerArt } from '@sorte/contracts/brand-art';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/ui/EmptyState';
import { ActivityApply } from '../../features/activities';
import { PromotionBody, RaffleSpinNow, usePromotion } from '../../features/promotions';
import { useWhitelabel } from '../../lib/whitelabel';

const PROMOTION_ID = /^[1-9][0-9]{0,15}$/;

/**
 * /promoDetail?id=: a promotion of the CMS (a number the server shows this visitor or member), with
 * the activity application form when it takes applications and "Spin now" when it is a raffle
 * promotion whose raffle runs. An id the CMS does not show falls back
 * to a banner: a promotion banner whose link is the id (the older activity promotions, e.g.
 * `share-your-win`) or a banner by its id, showing its art.
 */
export default function PromoDetailPage() {
  const { t, i18n } = useTranslation('pages');
  const [params] = useSearchParams();
  const id = params.get('id');
  const promotionId = id && PROMOTION_ID.test(id) ? Number(id) : null;
  const promotion = usePromotion(promotionId);
  const { banners, defaultLanguage } = useWhitelabel();
  const back = (
    <Link to="/promotions" className="btn btn--ghost">
      {t('promotions.back')}
    </Link>
  );
  if (promotionId !== null && promotion.isLoading)
    return <div className="cs-loading" role="status" aria-busy="true" />;
  if (promotion.data) {
    return (
      <article className="page page--narrow promo-detail">
        <PromotionBody promo={promotion.data}>
          {promotion.data.takesApplications ? <ActivityApply activityId={String(promotion.data.id)} /> : null}
          <RaffleSpinNow promo={promotion.data} />
        </PromotionBody>
        {back}
      </article>
    );
  }
  const promo = banners.find((b) => (b.linkageType === 'promotion' && b.link === id) || b.bannerId === id);
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
