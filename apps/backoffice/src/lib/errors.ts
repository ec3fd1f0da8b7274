import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api';

/**
 * Text for an error: the `errors:<CODE>` translation from the contracts package when there is one,
 * else the server's (already translated) message, else a generic line.
 */
export function useErrorMessage() {
  const { t, i18n } = useTranslation('common');
  return useCallback(
    (error: unknown): string => {
      if (error instanceof ApiError) {
        const key = `errors:${error.code}`;
        if (i18n.exists(key)) return t(key);
        if (error.code === 'NETWORK_ERROR') return t('error.network');
        if (error.message && error.status !== 0) return error.message;
      }
      return t('error.generic');
    },
    [t, i18n],
  );
}
