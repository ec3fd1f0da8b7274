import type { OperatorPermission, OperatorProfile } from '@sorte/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from './api';
import { formatMoney } from './format';
import { can } from './menu';
import { getToken, subscribeSession } from './session';

export function useToken(): string | null {
  return useSyncExternalStore(subscribeSession, getToken);
}

export const ME_KEY = ['bo', 'me'] as const;

/** The signed-in operator (role, permissions, TOTP state); idle without a token. */
export function useMe() {
  const token = useToken();
  return useQuery({
    queryKey: [...ME_KEY, token],
    queryFn: () => api.get<OperatorProfile>('/bo/session/me'),
    enabled: token !== null,
    staleTime: 60_000,
  });
}

export function useCan(permission: OperatorPermission): boolean {
  return can(useMe().data?.permissions, permission);
}

/** Money formatter in the interface language. */
export function useMoney() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useCallback(
    (minor: number | null | undefined, currency: string) => formatMoney(minor, currency, locale),
    [locale],
  );
}
