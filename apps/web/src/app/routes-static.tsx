import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../components/ui/EmptyState';

export function NotFound() {
  const { t } = useTranslation('common');
  return (
    <div className="page page--narrow">
      <EmptyState
        icon="search"
        title={t('errors.notFoundTitle')}
        text={t('errors.notFoundText')}
        action={
          <Link className="btn btn--primary" to="/">
            {t('actions.backHome')}
          </Link>
        }
      />
    </div>
  );
}
