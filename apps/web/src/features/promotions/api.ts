import type { PromotionCard, PromotionDetail } from '@sorte/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import { useSession } from '../../lib/session';

export interface PromotionList {
  list: PromotionCard[];
  /** The server's clock when it answered: countdowns run on it. */
  serverTime: string;
}

/**
 * The promotions the server shows this visitor or member (the audience is decided there, so the
 * session is part of the key); `register`: the register page's new-player ones.
 */
export function usePromotions(placement: 'list' | 'register' = 'list') {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: ['promotions', token, placement],
    queryFn: () => apiGet<PromotionList>('/wps/promotions', { query: { placement } }),
    staleTime: 60_000,
  });
}

/** One promotion by its id; a 404 (hidden, ended, another site's) is an error the page shows as "not found". */
export function usePromotion(id: number | null) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: ['promotions', token, 'detail', id],
    queryFn: () => apiGet<PromotionDetail>(`/wps/promotions/${id}`),
    enabled: id !== null,
    retry: false,
  });
}

/** The words in the reader's language, else the merchant's default, else any. */
export function contentIn<T>(content: Record<string, T>, language: string, fallback: string): T | undefined {
  return content[language] ?? content[fallback] ?? Object.values(content)[0];
}
