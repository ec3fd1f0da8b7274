import type {
  PointsBalance,
  PointsConfig,
  PointsConvertRequest,
  PointsItem,
  PointsRedeemRequest,
  PointsRedemption,
} from '@sorte/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api';
import { useSession } from '../../lib/session';

export interface RedemptionPage {
  list: PointsRedemption[];
  pageNo: number;
  pageSize: number;
  totalPages: number;
  total: number;
}

interface RedeemAnswer {
  redemption: PointsRedemption;
  balance: PointsBalance;
}

export const HISTORY_PAGE_SIZE = 10;

/** The rules and the items are public; the balance and the history are scoped by the session token. */
const keys = {
  config: ['points', 'config'] as const,
  items: ['points', 'items'] as const,
  mine: (token: string | null) => ['points', 'member', token] as const,
};

export function usePointsConfig() {
  return useQuery({ queryKey: keys.config, queryFn: () => apiGet<PointsConfig>('/wps/points/config') });
}

export function usePointsItems() {
  return useQuery({
    queryKey: keys.items,
    queryFn: async () => (await apiGet<{ list: PointsItem[] }>('/wps/points/reward')).list,
  });
}

export function usePointsBalance() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [...keys.mine(token), 'balance'],
    queryFn: () => apiGet<PointsBalance>('/wps/member/points/balance'),
    enabled: Boolean(token),
  });
}

export function useRedemptions(pageNo: number) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [...keys.mine(token), 'history', pageNo],
    queryFn: () =>
      apiGet<RedemptionPage>('/wps/member/points/redeem/list', {
        query: { pageNo, pageSize: HISTORY_PAGE_SIZE },
      }),
    enabled: Boolean(token),
  });
}

/** After a redemption: the balance, the history, the stock and (for cash) the wallet change. */
function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ['points'] });
    void client.invalidateQueries({ queryKey: ['wallet'] });
  };
}

export function useRedeem() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: PointsRedeemRequest) => apiPost<RedeemAnswer>('/wps/member/points/redeem', body),
    onSettled: refresh,
  });
}

export function useConvert() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: PointsConvertRequest) => apiPost<RedeemAnswer>('/wps/member/points/convert', body),
    onSettled: refresh,
  });
}
