import type { BonusDetails } from '@sorte/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import { useSession } from '../../lib/session';

/** The member's active bonus with its progress and past bonuses; `enabled` false: the merchant has bonuses off. */
export function useBonusDetails() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: ['bonuses', token],
    queryFn: () => apiGet<BonusDetails>('/wps/member/bonuses'),
    enabled: Boolean(token),
  });
}
