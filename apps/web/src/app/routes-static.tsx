import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../components/ui/EmptyState';

/** The not-found panel, shared by the catch-all route and the routes' error element. */
export function NotFoundPanel() {
  const { t } = useTranslation('common');
  return (
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
  );
}

export function NotFound() {
  return (
    <div className="page page--narrow">
      <NotFoundPanel />
    </div>
  );
}
