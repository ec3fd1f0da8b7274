import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/EmptyState';
import { Icon } from '../../components/ui/Icon';

const STEPS = ['play', 'earn', 'redeem'] as const;

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
      <ol className="steps">
        {STEPS.map((step, index) => (
          <li key={step} className="step">
            <span className="step__num">{index + 1}</span>
            <div>
              <h2>{t(`pointMall.steps.${step}.title`)}</h2>
              <p>{t(`pointMall.steps.${step}.text`)}</p>
            </div>
          </li>
        ))}
      </ol>
      <EmptyState icon="gift" title={t('pointMall.emptyTitle')} text={t('pointMall.emptyText')} />
    </div>
  );
}
