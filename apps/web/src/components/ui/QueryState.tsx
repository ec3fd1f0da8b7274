import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Loading, failed or the content; failures offer a retry. */
export function QueryState({
  isLoading,
  error,
  onRetry,
  children,
}: {
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  if (isLoading)
    return <div className="cs-loading" role="status" aria-busy="true" aria-label={t('loading')} />;
  if (error)
    return (
      <div className="cs-failed" role="alert">
        <p>{t('queryState.loadFailed')}</p>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onRetry}>
          {t('queryState.retry')}
        </button>
      </div>
    );
  return <>{children}</>;
}
