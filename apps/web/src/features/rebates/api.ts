import type { RebateClaim, RebateSummary } from '@sorte/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api';
import { useSession } from '../../lib/session';

export interface RebateHistoryPage {
  list: RebateClaim[];
  pageNo: number;
  pageSize: number;
  totalPages: number;
  total: number;
}

export const REBATE_HISTORY_PAGE_SIZE = 10;

const mine = (token: string | null) => ['rebates', token] as const;

/** The member's rates, claimable amounts and last claims (also says whether the merchant offers rebates). */
export function useRebateSummary(enabled = true) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [...mine(token), 'summary'],
    queryFn: () => apiGet<RebateSummary>('/wps/member/rebate'),
    enabled: Boolean(token) && enabled,
  });
}

export function useRebateHistory(pageNo: number) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [...mine(token), 'history', pageNo],
    queryFn: () =>
      apiGet<RebateHistoryPage>('/wps/member/rebate/history', {
        query: { pageNo, pageSize: REBATE_HISTORY_PAGE_SIZE },
      }),
    enabled: Boolean(token),
  });
}

/** Claims everything claimable; afterwards the summary, the history and the wallet are read again. */
export function useClaimRebate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (idempotencyKey: string) =>
      apiPost<{ claim: RebateClaim; summary: RebateSummary }>('/wps/member/rebate/claim', { idempotencyKey }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['rebates'] });
      void client.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}
