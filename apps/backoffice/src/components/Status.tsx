import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../lib/errors';

/** A status word as a coloured badge; unknown statuses show as they come. */
export function Badge({ tone, children }: { tone?: 'ok' | 'warn' | 'bad' | 'muted'; children: ReactNode }) {
  return <span className={`badge badge--${tone ?? 'muted'}`}>{children}</span>;
}

const TONES: Record<string, 'ok' | 'warn' | 'bad' | 'muted'> = {
  pending: 'warn',
  processing: 'warn',
  shipped: 'warn',
  delivered: 'ok',
  cancelled: 'muted',
  approved: 'ok',
  received: 'ok',
  active: 'ok',
  posted: 'ok',
  rejected: 'bad',
  failed: 'bad',
  not_received: 'bad',
  disabled: 'bad',
  voided: 'muted',
  expired: 'muted',
  applied: 'ok',
  open: 'warn',
  won: 'ok',
  lost: 'muted',
  void: 'muted',
  cashed_out: 'muted',
};

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Badge tone={TONES[status]}>{t(`status.${status}`, { defaultValue: status })}</Badge>;
}

export function ErrorBox({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const message = useErrorMessage();
  const { t } = useTranslation();
  return (
    <div className="alert alert--error" role="alert">
      <span>{message(error)}</span>
      {onRetry ? (
        <button type="button" className="button button--small" onClick={onRetry}>
          {t('action.retry')}
        </button>
      ) : null}
    </div>
  );
}

export function Loading() {
  const { t } = useTranslation();
  return (
    <div className="loading" role="status">
      {t('state.loading')}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="empty">{children}</p>;
}

/**
 * A message in a page or form: an error or a warning (announced at once) or a confirmation (announced politely).
 * Renders nothing when there is no message, so callers can pass their state as is.
 */
export function Alert({ tone, children }: { tone: 'error' | 'ok' | 'warn'; children: ReactNode }) {
  if (!children) return null;
  return (
    <div className={`alert alert--${tone}`} role={tone === 'ok' ? 'status' : 'alert'}>
      {children}
    </div>
  );
}

/** What a query-backed list shows before its rows: the error with a retry, loading, or the empty text. */
export function QueryState({
  query,
  isEmpty,
  empty,
}: {
  query: { error: unknown; isLoading: boolean; refetch: () => unknown };
  /** True once the data has arrived and holds no rows; leave out for a single record. */
  isEmpty?: boolean;
  empty?: ReactNode;
}) {
  return (
    <>
      {query.error ? <ErrorBox error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.isLoading ? <Loading /> : null}
      {isEmpty ? <Empty>{empty}</Empty> : null}
    </>
  );
}
