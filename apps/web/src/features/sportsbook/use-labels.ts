import { formatOdds } from '@sorte/money';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Label } from './markets';
import { useSlip } from './slip-store';

/** Translates a Label of markets.ts in the sportsbook namespace (nested labels first). */
export function useLabel() {
  const { t } = useTranslation('sportsbook');
  const label = useCallback(
    (value: Label): string => {
      const values: Record<string, string | number> = {};
      for (const [name, v] of Object.entries(value.values ?? {}))
        values[name] = typeof v === 'object' ? label(v) : v;
      return t(value.key, values);
    },
    [t],
  );
  return label;
}

/** Odds in the player's chosen format (decimal by default; fractional and American are options). */
export function useOddsText() {
  const format = useSlip((s) => s.oddsFormat);
  return useCallback((odds: number) => formatOdds(odds, format), [format]);
}
