import type { BetRecord } from '@sorte/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * How a round's game, vendor and category read. A record's game reads as the catalog names it
 * (`gameName`, in the page's language); a game the catalog does not list falls back to the `records`
 * strings (the in-house games), else its code. The in-house vendor is named there too.
 */
export function useRecordNames() {
  const { t } = useTranslation('records');
  return {
    game: useCallback(
      (record: Pick<BetRecord, 'gameCode' | 'gameName'>) =>
        record.gameName ?? t(`games.${record.gameCode}`, { defaultValue: record.gameCode }),
      [t],
    ),
    vendor: useCallback((code: string) => t(`vendors.${code}`, { defaultValue: code }), [t]),
    category: useCallback((code: string) => t(`categories.${code}`, { defaultValue: code }), [t]),
  };
}
