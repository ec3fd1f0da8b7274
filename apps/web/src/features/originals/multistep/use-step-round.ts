import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { walletKeys } from '../../../lib/balance';
import { useIntentKeys } from '../../../lib/intent-key';
import { isUncertain } from '../../../lib/send-with-retry';
import { useSession } from '../../../lib/session';
import { type FairnessState, fetchRound, originalsKeys, useRecentStore } from '../kit';
import { fetchActive, type MultistepRound, postStep, type StepGame, stepKeys } from './api';

const ATTEMPTS = 3;
const RETRY_DELAY_MS = 400;
const wait = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export interface StepRound {
  /** The round on screen: the open one (resumed after a reload) or the last finished one. */
  round: MultistepRound | null;
  /** Which call is under way: 'start', 'move' or 'cashout'. */
  pending: string | null;
  error: unknown;
  start: (amountMinor: bigint, params: Record<string, unknown>) => Promise<void>;
  /** A move on the open round (mines: reveal {tile}; hilo: guess {step, action}). */
  move: (verb: string, body: Record<string, unknown>) => Promise<void>;
  cashout: () => Promise<void>;
  clearError: () => void;
}

/**
 * One game's round played in steps. Every call is safe to repeat — a start and a cash-out carry an
 * idempotency key per intent, a reveal names its tile, a guess its step — so an answer lost to the
 * network is retried as is and the server applies it once. Money changes (start, end) refresh the
 * header balance; a finished round is fetched from the recall into the session's recent rounds.
 */
export function useStepRound(game: StepGame): StepRound {
  const token = useSession((s) => s.token);
  const queryClient = useQueryClient();
  const push = useRecentStore((s) => s.push);
  const keys = useIntentKeys();
  const [round, setRound] = useState<MultistepRound | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const busy = useRef(false);

  const active = useQuery({
    queryKey: stepKeys.active(game, token),
    queryFn: ({ signal }) => fetchActive(game, signal),
    enabled: Boolean(token),
    staleTime: Number.POSITIVE_INFINITY,
  });
  // Resume the open round after a reload (only when nothing newer is on screen).
  useEffect(() => {
    if (active.data) setRound((current) => current ?? active.data ?? null);
  }, [active.data]);
  useEffect(() => {
    if (!token) setRound(null);
  }, [token]);

  const run = useCallback(
    async (kind: string, call: () => Promise<MultistepRound>, onAnswer?: () => void) => {
      if (busy.current) return;
      busy.current = true;
      setPending(kind);
      setError(null);
      try {
        let lastError: unknown;
        for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
          if (attempt > 0) await wait(RETRY_DELAY_MS * attempt);
          try {
            const next = await call();
            onAnswer?.();
            setRound(next);
            queryClient.setQueryData(stepKeys.active(game, token), next.status === 'open' ? next : null);
            if (kind === 'start') {
              queryClient.setQueryData<FairnessState>(originalsKeys.fairness(token), (state) =>
                state && state.serverSeedHash === next.serverSeedHash
                  ? { ...state, nonce: next.nonce + 1 }
                  : state,
              );
            }
            if (kind === 'start' || next.status !== 'open')
              void queryClient.invalidateQueries({ queryKey: walletKeys.balance(token) });
            if (next.status !== 'open') void fetchRound(next.id).then(push, () => {});
            return;
          } catch (cause) {
            lastError = cause;
            if (!isUncertain(cause)) {
              onAnswer?.();
              break;
            }
          }
        }
        setError(lastError);
        // The round may have moved under us (another tab, a stale view): show it as the server has it.
        if (lastError instanceof ApiError && lastError.status === 409) void active.refetch();
      } finally {
        busy.current = false;
        setPending(null);
      }
    },
    [active, game, push, queryClient, token],
  );

  const start = useCallback(
    (amountMinor: bigint, params: Record<string, unknown>) => {
      const key = keys.keyFor(`${game}|start|${amountMinor}|${JSON.stringify(params)}`);
      return run(
        'start',
        () => postStep(game, 'start', { amountMinor: Number(amountMinor), idempotencyKey: key, ...params }),
        () => keys.done(),
      );
    },
    [game, keys, run],
  );
  const move = useCallback(
    (verb: string, body: Record<string, unknown>) => {
      if (!round) return Promise.resolve();
      return run('move', () => postStep(game, verb, { roundId: round.id, ...body }));
    },
    [game, round, run],
  );
  const cashout = useCallback(() => {
    if (!round) return Promise.resolve();
    const key = keys.keyFor(`${game}|cashout|${round.id}`);
    return run(
      'cashout',
      () => postStep(game, 'cashout', { roundId: round.id, idempotencyKey: key }),
      () => keys.done(),
    );
  }, [game, keys, round, run]);

  const clearError = useCallback(() => setError(null), []);
  return { round, pending, error, start, move, cashout, clearError };
}
