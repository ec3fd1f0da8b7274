import type { MemberRaffles, MemberReward, RaffleSpin, MemberRaffle, RewardCentre } from '@sorte/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api';
import { useSession } from '../../lib/session';

const mine = (token: string | null) => ['rewards', token] as const;

/** The member's rewards (also says whether the merchant offers any: `enabled`). */
export function useRewardCentre() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [...mine(token), 'centre'],
    queryFn: () => apiGet<RewardCentre>('/wps/member/rewards'),
    enabled: Boolean(token),
  });
}

/** The raffles running now, with this member's spins left and next seed commitment. */
export function useRaffles() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [...mine(token), 'raffles'],
    queryFn: () => apiGet<MemberRaffles>('/wps/member/raffles'),
    enabled: Boolean(token),
  });
}

/** Claims one reward; afterwards the centre and the wallet are read again. */
export function useClaimReward() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: number; idempotencyKey: string }) =>
      apiPost<{ reward: MemberReward }>(`/wps/member/rewards/${id}/claim`, { idempotencyKey }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['rewards'] });
      void client.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}

export function useSpinRaffle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      idempotencyKey,
      clientSeed,
    }: {
      id: number;
      idempotencyKey: string;
      clientSeed: string;
    }) =>
      apiPost<{ spin: RaffleSpin; raffle: MemberRaffle }>(`/wps/member/raffles/${id}/spin`, {
        idempotencyKey,
        clientSeed,
      }),
    onSettled: () => void client.invalidateQueries({ queryKey: ['rewards'] }),
  });
}
