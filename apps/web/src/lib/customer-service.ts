import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
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
    const path = pickCustomerServicePath(customerService);
    if (path) window.open(path, '_blank', 'noopener,noreferrer');
    else toast(t('toast.noCustomerService'));
  }, [customerService, t]);
}
