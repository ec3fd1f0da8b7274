import type { MemberInfo } from '@sorte/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, apiGet } from './api';
import { useSession } from './session';

export const memberKeys = {
  all: ['member'] as const,
  info: (token: string | null) => ['member', 'info', token] as const,
};

/** Agent types allowed into the agent centre (spec §6). */
export const AGENT_CENTRE_TYPES: readonly number[] = [1, 2, 41, 42];

/** Member info for the current token; an expired token signs the visitor out locally. */
export function useMemberInfo() {
  const token = useSession((s) => s.token);
  const clear = useSession((s) => s.clear);
  const query = useQuery({
    queryKey: memberKeys.info(token),
    queryFn: ({ signal }) => apiGet<MemberInfo>('/wps/member/info', { signal }),
    enabled: Boolean(token),
    staleTime: 60_000,
  });
  const expired = query.error instanceof ApiError && query.error.status === 401;
  useEffect(() => {
    if (expired) clear();
  }, [expired, clear]);
  return query;
}
