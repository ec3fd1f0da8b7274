import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/Icon';
import { PointsMall } from '../../features/points';

export default function PointMallPage() {
  const { t } = useTranslation('pages');
  return (
    <div className="page">
      <header className="page-hero page-hero--gold">
        <Icon name="star" size={36} />
        <div>
          <h1>{t('pointMall.title')}</h1>
          <p>{t('pointMall.subtitle')}</p>
        </div>
      </header>
      <PointsMall />
    </div>
  );
}
