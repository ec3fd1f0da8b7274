import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { EmptyState } from '../components/ui/EmptyState';
import { isChunkLoadError } from '../lib/chunk-retry';

/** Error element of every route: a failed chunk (after retries) offers a reload, other errors a generic panel. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div className="route-error">
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
  const chunk = isChunkLoadError(error);
  return (
    <div className="route-error" role="alert">
      <EmptyState
        icon="refresh"
        title={chunk ? t('errors.chunkTitle') : t('errors.pageTitle')}
        text={chunk ? t('errors.chunkText') : t('errors.pageText')}
        action={
          <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
            {t('actions.reload')}
          </button>
        }
      />
    </div>
  );
}
