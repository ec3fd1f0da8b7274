import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api';

/**
 * The entries a refusal names (the server's CONFIG_INVALID lists e.g. the IPs it could not read),
 * so the operator sees which line to fix; empty when the details name none.
 */
export function refusedEntries(details: unknown): string[] {
  const entries = (details as { entries?: unknown } | null | undefined)?.entries;
  return Array.isArray(entries) ? entries.filter((entry): entry is string => typeof entry === 'string') : [];
}

/**
 * Text for an error: the `errors:<CODE>` translation from the contracts package when there is one,
 * followed by the entries the refusal names, else the server's (already translated) message, else a generic line.
 */
export function useErrorMessage() {
  const { t, i18n } = useTranslation('common');
  return useCallback(
    (error: unknown): string => {
      if (error instanceof ApiError) {
        const key = `errors:${error.code}`;
        const entries = refusedEntries(error.details);
        if (i18n.exists(key)) return entries.length ? `${t(key)} (${entries.join(', ')})` : t(key);
        if (error.code === 'NETWORK_ERROR') return t('error.network');
        if (error.message && error.status !== 0) return error.message;
      }
      return t('error.generic');
    },
    [t, i18n],
  );
}
