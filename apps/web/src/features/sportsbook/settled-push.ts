import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { walletKeys } from '../../lib/balance';
import { useMoney } from '../../lib/money';
import { onMemberMessage } from '../../lib/realtime';
import { toast } from '../../lib/toast';
import { sportsKeys } from './query-keys';

interface SettledBetsMessage {
  type: 'sports.bets';
  bets: Array<{ id: string; status: string; payoutMinor: number }>;
  more: number;
}

const isSettledBets = (message: { type: string }): message is SettledBetsMessage =>
  message.type === 'sports.bets' && Array.isArray((message as Partial<SettledBetsMessage>).bets);

/**
 * On every page while signed in: when settlement decides the player's bets (the server's
 * `sports.bets` push), every list of bets and the balance are read again, and the player is told of
 * what the bets won — one line for one bet, one total for several (a batch of more than the push names
 * only says they were settled). Losses are shown in My bets, not announced. Texts are in `common` (this runs outside the sportsbook's pages).
 */
export function useSettledBetsPush(): void {
  const queryClient = useQueryClient();
  const { t } = useTranslation('common');
  const { format } = useMoney();
  useEffect(
    () =>
      onMemberMessage((message) => {
        if (!isSettledBets(message)) return;
        void queryClient.invalidateQueries({ queryKey: sportsKeys.allBets });
        void queryClient.invalidateQueries({ queryKey: walletKeys.balances });
        // Past the bets the push names, their total is unknown here: My bets has them.
        if (message.more) return toast(t('toast.betsSettled'), 'info');
        const won = message.bets.filter((b) => b.status === 'won');
        if (!won.length) return;
        const amount = format(won.reduce((sum, b) => sum + b.payoutMinor, 0));
        toast(
          won.length === 1
            ? t('toast.betWon', { amount })
            : t('toast.betsWon', { count: won.length, amount }),
          'success',
        );
      }),
    [queryClient, t, format],
  );
}
