import type { LotteryDraw } from '@sorte/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { walletKeys } from '../../lib/balance';
import { connectRealtime } from '../../lib/realtime';
import { useSession } from '../../lib/session';
import { lotteryKeys } from './api';

/**
 * Follows the merchant's `lottery.draw` pushes over the player's socket (the channel crash uses):
 * a drawn or settled draw refreshes the games (next open draw, last result), the results and trends,
 * the player's tickets and the header balance. `onDraw` lets the screen react (a result banner).
 * Logged out there is no socket; the queries' own polling keeps the screen moving.
 */
export function useLotteryPush(onDraw?: (draw: LotteryDraw) => void): void {
  const token = useSession((s) => s.token);
  const queryClient = useQueryClient();
  const onDrawRef = useRef(onDraw);
  onDrawRef.current = onDraw;
  useEffect(() => {
    if (!token || typeof WebSocket === 'undefined') return;
    return connectRealtime({
      token,
      onEvent: (event) => {
        if (event === 'ready') void queryClient.invalidateQueries({ queryKey: lotteryKeys.all });
      },
      onMessage: (message) => {
        if (message.type !== 'lottery.draw') return;
        const draw = message.draw as LotteryDraw;
        void queryClient.invalidateQueries({ queryKey: lotteryKeys.all });
        if (draw.status === 'settled') void queryClient.invalidateQueries({ queryKey: walletKeys.balances });
        onDrawRef.current?.(draw);
      },
    });
  }, [token, queryClient]);
}
