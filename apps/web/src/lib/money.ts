import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from './format';
import { useWhitelabel } from './whitelabel';

/** Formats minor units with the merchant's currency and symbol in the current language. */
export function useMoney() {
  const { i18n } = useTranslation();
  const { currency, currencySymbol } = useWhitelabel();
  const format = useCallback(
    (minor: bigint | number | null | undefined, withSymbol = true) =>
      formatMoney(minor ?? 0, { currency, symbol: currencySymbol, locale: i18n.language, withSymbol }),
    [currency, currencySymbol, i18n.language],
  );
  return { format, currency, symbol: currencySymbol, locale: i18n.language };
}
