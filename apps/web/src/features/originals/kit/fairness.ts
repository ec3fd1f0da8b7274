import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../lib/session';
import { type FairnessState, fetchFairness, originalsKeys, rotateSeeds } from './api';
import { useRevealedSeeds } from './revealed';

/** The player's active seed pair (hashed server seed, client seed, next nonce); only when logged in. */
export function useFairness() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: originalsKeys.fairness(token),
    queryFn: ({ signal }) => fetchFairness(signal),
    enabled: Boolean(token),
    staleTime: 60_000,
  });
}

/**
 * Rotates the pair: the server reveals the old server seed (kept in this session's list so the
 * player can verify the rounds played with it) and answers the new pair, which replaces the cache.
 */
export function useRotateSeeds() {
  const token = useSession((s) => s.token);
  const queryClient = useQueryClient();
  const remember = useRevealedSeeds((s) => s.add);
  return useMutation({
    mutationFn: (clientSeed?: string) => rotateSeeds(clientSeed),
    onSuccess: ({ revealed, next }) => {
      remember(revealed);
      queryClient.setQueryData<FairnessState>(originalsKeys.fairness(token), next);
    },
  });
}
