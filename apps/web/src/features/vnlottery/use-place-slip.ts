import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { walletKeys } from '../../lib/balance';
import { newIdempotencyKey } from '../../lib/intent-key';
import { isUncertain, sendWithRetry } from '../../lib/send-with-retry';
import { postVnBet, vnKeys } from './api';
import { betRequestOf, groupByDraw, groupSignature, type SlipEntry } from './slip';

export interface PlaceOutcome {
  /** Entries the server took. */
  placed: SlipEntry[];
  ticketCount: number;
  /** Refusals or lost answers by draw key (province:day). */
  errors: Record<string, unknown>;
}

/**
 * Sends the slip, one request per draw. Each draw's request keeps its idempotency key while its
 * content is unchanged and its answer uncertain, so a retry after a dropped answer places it once;
 * a refusal or a success ends that key.
 */
export function usePlaceSlip() {
  const queryClient = useQueryClient();
  const keys = useRef(new Map<string, string>());
  const [pending, setPending] = useState(false);

  const place = useCallback(
    async (entries: readonly SlipEntry[]): Promise<PlaceOutcome> => {
      setPending(true);
      const outcome: PlaceOutcome = { placed: [], ticketCount: 0, errors: {} };
      try {
        for (const group of groupByDraw(entries)) {
          const signature = groupSignature(group);
          const key = keys.current.get(signature) ?? newIdempotencyKey();
          keys.current.set(signature, key);
          try {
            const answer = await sendWithRetry(() => postVnBet(betRequestOf(group, key)));
            keys.current.delete(signature);
            outcome.placed.push(...group.entries);
            outcome.ticketCount += answer.tickets.length;
          } catch (error) {
            if (!isUncertain(error)) keys.current.delete(signature);
            outcome.errors[group.key] = error;
          }
        }
      } finally {
        setPending(false);
        if (outcome.placed.length) {
          void queryClient.invalidateQueries({ queryKey: walletKeys.balances });
          void queryClient.invalidateQueries({ queryKey: [...vnKeys.all, 'tickets'] });
        }
      }
      return outcome;
    },
    [queryClient],
  );

  return { place, pending };
}
