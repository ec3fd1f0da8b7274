import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { EmptyState } from '../components/ui/EmptyState';
import { isChunkLoadError } from '../lib/chunk-retry';
import { NotFoundPanel } from './routes-static';

/** Reload panel for a page whose code could not be fetched after the retries. */
export function ChunkLoadFailed() {
  const { t } = useTranslation('common');
  return (
    <div className="route-error" role="alert">
      <EmptyState
        icon="refresh"
        title={t('errors.chunkTitle')}
        text={t('errors.chunkText')}
        action={
          <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
            {t('actions.reload')}
          </button>
        }
      />
    </div>
  );
}

/** Error element of every route: a failed chunk offers a reload, a 404 a way home, other errors a generic panel. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  if (isChunkLoadError(error)) return <ChunkLoadFailed />;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div className="route-error">
        <NotFoundPanel />
      </div>
    );
  }
  return (
    <div className="route-error" role="alert">
      <EmptyState
        icon="refresh"
        title={t('errors.pageTitle')}
        text={t('errors.pageText')}
        action={
          <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
            {t('actions.reload')}
          </button>
        }
      />
    </div>
  );
}
