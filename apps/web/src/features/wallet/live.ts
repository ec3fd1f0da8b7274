import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { connectRealtime } from '../../lib/realtime';
import { useSession } from '../../lib/session';

/**
 * While logged in, keeps the live channel open and refetches the header balance whenever the server
 * says it changed — and after a reconnection, when a change may have been missed.
 */
export function useBalancePush(): void {
  const token = useSession((s) => s.token);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token || typeof WebSocket === 'undefined') return;
    return connectRealtime({
      token,
      onEvent: (event, reconnected) => {
        if (event === 'balance-changed' || reconnected)
          void queryClient.invalidateQueries({ queryKey: ['wallet', 'balance'] });
      },
    });
  }, [token, queryClient]);
}
