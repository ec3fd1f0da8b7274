import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { walletKeys } from '../../../lib/balance';
import { useIntentKeys } from '../../../lib/intent-key';
import { isUncertain, sendWithRetry } from '../../../lib/send-with-retry';
import { useSession } from '../../../lib/session';
import { type FairnessState, type OriginalRound, originalsKeys, postBet } from './api';
import { useRecentStore } from './recent';

export interface PlaceBet<P> {
  /** Plays one round; resolves with the settled round, rejects with an ApiError. */
  place: (amountMinor: bigint, params: P) => Promise<OriginalRound>;
  /**
   * Shows a settled round's money: the header balance and the recent list. Done by `place` itself
   * unless the hook was made with `{ deferReveal: true }` — then the screen calls it when its animation
   * lands, so the balance does not give the result away (BetPanel does this after `onRound`).
   */
  reveal: (round: OriginalRound) => void;
  pending: boolean;
  error: unknown;
  clearError: () => void;
}

/**
 * Places a bet of one single-round game, idempotently. The key belongs to the player's intent: a
 * lost answer is retried with the same key, and a click that repeats an unfinished intent (same
 * amount and choices after a network failure) reuses it too, so the server plays it once and answers
 * the stored round. A settled or refused bet ends the intent. After a round the seed pair's nonce
 * advances and (see `reveal`) the header balance is set from the round's balance after, then refetched.
 */
export function usePlaceBet<P extends Record<string, unknown>>(
  game: string,
  options: { deferReveal?: boolean } = {},
): PlaceBet<P> {
  const deferReveal = options.deferReveal ?? false;
  const keys = useIntentKeys();
  const token = useSession((s) => s.token);
  const queryClient = useQueryClient();
  const push = useRecentStore((s) => s.push);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const inFlight = useRef(false);

  const reveal = useCallback(
    (round: OriginalRound) => {
      push(round);
      queryClient.setQueryData(walletKeys.balance(token), BigInt(round.balanceAfterMinor));
      void queryClient.invalidateQueries({ queryKey: walletKeys.balances });
    },
    [push, queryClient, token],
  );

  const place = useCallback(
    async (amountMinor: bigint, params: P): Promise<OriginalRound> => {
      if (inFlight.current) throw new ApiError('ORIGINALS_BUSY', '', 0);
      inFlight.current = true;
      setPending(true);
      setError(null);
      const key = keys.keyFor(`${game}|${amountMinor}|${JSON.stringify(params)}`);
      try {
        const round = await sendWithRetry(() =>
          postBet(game, { ...params, amountMinor: Number(amountMinor), idempotencyKey: key }),
        );
        keys.done();
        if (!deferReveal) reveal(round);
        queryClient.setQueryData<FairnessState>(originalsKeys.fairness(token), (state) =>
          state && state.serverSeedHash === round.serverSeedHash
            ? { ...state, nonce: round.nonce + 1 }
            : state,
        );
        return round;
      } catch (cause) {
        // A refusal ends the intent; an answer still lost after the retries keeps the key, so the
        // player's next click with the same stake and choices asks for the same round again.
        if (!isUncertain(cause)) keys.done();
        setError(cause);
        throw cause;
      } finally {
        inFlight.current = false;
        setPending(false);
      }
    },
    [game, keys, queryClient, token, deferReveal, reveal],
  );

  return { place, reveal, pending, error, clearError: useCallback(() => setError(null), []) };
}
