import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useMe } from '../../lib/operator';

/**
 * The merchant's currency, which every lottery amount is in (stakes, limits, VN prices): read from
 * the merchant's configuration, cached with the site settings' query of the same key.
 */
export function useMerchantCurrency(): string | null {
  const code = useMe().data?.merchant ?? '';
  const config = useQuery({
    queryKey: ['bo', 'merchant-config', code],
    queryFn: () =>
      api.get<{ brand: { currency?: string } }>(`/bo/merchants/${encodeURIComponent(code)}/config`),
    enabled: code !== '',
    staleTime: 60_000,
  });
  if (!config.data) return config.isError ? 'BRL' : null;
  return config.data.brand.currency ?? 'BRL';
}
