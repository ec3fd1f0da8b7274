import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { openSafe } from './safe-url';
import { toast } from './toast';
import { useWhitelabel } from './whitelabel';

/** Spec §7: open the type-3 customer-service entry (else the first one) in a new window. */
export function pickCustomerServicePath(entries: readonly { type: number; path: string }[]): string | null {
  const entry = entries.find((e) => e.type === 3) ?? entries[0];
  return entry?.path ?? null;
}

export function useOpenCustomerService() {
  const { customerService } = useWhitelabel();
  const { t } = useTranslation('common');
  return useCallback(() => {
    if (!openSafe(pickCustomerServicePath(customerService), true)) toast(t('toast.noCustomerService'));
  }, [customerService, t]);
}
