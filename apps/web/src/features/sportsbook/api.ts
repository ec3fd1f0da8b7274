import type { SportsBet, SportsBetRequest, SportsEvent } from '@sorte/contracts';
import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiGet, apiPost } from '../../lib/api';
import { walletKeys } from '../../lib/balance';
import { useSession } from '../../lib/session';
import { useRefetchMs } from './live-odds';
import { sportsKeys } from './query-keys';

export type { SportsBet, SportsEvent };

/** A bet as GET /wps/sports/bets lists it, with the cash-out offer when the server makes one. */
export type PlayerBet = SportsBet & {
  /** Present once the server prices cash-outs: what the bet is worth now, or null when not offered. */
  cashOut?: { availableMinor: number } | null;
  /** Paid by cash-outs so far (a partial one leaves the bet open on the stake left). */
  cashedOutMinor?: number;
};

export interface BetsPlaced {
  bets: PlayerBet[];
  refused: { index: number; code: string }[];
}

export { sportsKeys };

/** `sport` one sport, or 'esports' for the four e-sports. Live first, then by start (the server's order). */
export function useEvents(sport: string) {
  const refetchInterval = useRefetchMs();
  return useQuery({
    queryKey: sportsKeys.events(sport),
    queryFn: ({ signal }) => apiGet<SportsEvent[]>('/wps/sports/events', { query: { sport }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

export function useEvent(id: string) {
  const refetchInterval = useRefetchMs();
  return useQuery({
    queryKey: sportsKeys.event(id),
    queryFn: ({ signal }) => apiGet<SportsEvent>(`/wps/sports/events/${encodeURIComponent(id)}`, { signal }),
    refetchInterval,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

/** The slip's events, fresh: each selection's current odds and whether it can still be bet. */
export function useSlipEvents(ids: readonly string[]) {
  const refetchInterval = useRefetchMs();
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: sportsKeys.event(id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiGet<SportsEvent>(`/wps/sports/events/${encodeURIComponent(id)}`, { signal }),
      refetchInterval,
      retry: (count: number, error: unknown) =>
        !(error instanceof ApiError && error.status === 404) && count < 2,
    })),
  });
}

/**
 * Events read once for their names (My bets on a device that did not place the bet); an ended
 * event has left the player API and answers 404, which is not retried.
 */
export function useEventNames(ids: readonly string[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: sportsKeys.event(id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiGet<SportsEvent>(`/wps/sports/events/${encodeURIComponent(id)}`, { signal }),
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    })),
  });
}

export type BetsTab = 'open' | 'settled';

export function useMyBets(status: BetsTab) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: sportsKeys.bets(token, status),
    queryFn: ({ signal }) =>
      apiGet<PlayerBet[]>('/wps/sports/bets', { query: { status, limit: 50 }, signal }),
    enabled: Boolean(token),
    // Open bets' cash-out value follows the odds.
    refetchInterval: status === 'open' ? 10_000 : false,
  });
}

export function placeBets(request: SportsBetRequest): Promise<BetsPlaced> {
  return apiPost<BetsPlaced>('/wps/sports/bets', request);
}

export function cashOutBet(
  id: string,
  body: { amountMinor: number; expectedMinor: number; idempotencyKey: string },
): Promise<PlayerBet> {
  return apiPost<PlayerBet>(`/wps/sports/bets/${encodeURIComponent(id)}/cashout`, body);
}

/** After money moved: the header balance and every list of bets. */
export function useAfterBet() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: walletKeys.balances });
    void queryClient.invalidateQueries({ queryKey: sportsKeys.allBets });
  };
}
