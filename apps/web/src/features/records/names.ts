import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * How a round's game, vendor and category read. In-house games and the in-house vendor have names
 * in the `records` strings; a vendor game shows its code until the catalog names it.
 */
export function useRecordNames() {
  const { t } = useTranslation('records');
  return {
    game: useCallback((code: string) => t(`games.${code}`, { defaultValue: code }), [t]),
    vendor: useCallback((code: string) => t(`vendors.${code}`, { defaultValue: code }), [t]),
    category: useCallback((code: string) => t(`categories.${code}`, { defaultValue: code }), [t]),
  };
}
