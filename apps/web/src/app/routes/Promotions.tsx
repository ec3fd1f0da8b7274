import { useTranslation } from 'react-i18next';
import { PromotionList } from '../../features/promotions';

/** /promotions: the promotions of the CMS the server shows this visitor or member. */
export default function PromotionsPage() {
  const { t } = useTranslation('pages');
  return (
    <div className="page">
      <h1 className="page__title">{t('promotions.title')}</h1>
      <PromotionList />
    </div>
  );
}
