import type { PlayMoneyTopUpResponse, SessionResponse } from '@sorte/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiPost } from './api';
import { walletKeys } from './balance';
import { useErrorMessage } from './errors';
import { newIdempotencyKey } from './intent-key';
import { useMemberInfo } from './member';
import { useSession } from './session';
import { toast } from './toast';

/** Member type of a free-play (trial) account (spec §6 type 4). */
export const TRIAL_TYPE = 4;

/**
 * Whether the signed-in account is a free-play (trial) one: its balance is play money ("Dinheiro de
 * teste"), kept by the server in a currency of its own, never deposited or withdrawn.
 */
export function useIsTrial(): boolean {
  const isLogin = useSession((s) => s.isLogin);
  const member = useMemberInfo();
  return isLogin && member.data?.type === TRIAL_TYPE;
}

/** "Demo grátis": a trial account with play money, signed in at once (header; the drawer on phones). */
export function useStartFreePlay() {
  const setToken = useSession((s) => s.setToken);
  const { t } = useTranslation('common');
  const errorMessage = useErrorMessage();
  return useMutation({
    mutationFn: () =>
      apiPost<SessionResponse>(
        '/wps/session/login/freeplay',
        { os: 'web', platform: 'W' },
        { headers: { 'X-Gateway-Version': '3' } },
      ),
    onSuccess: (session) => {
      setToken(session.token);
      toast(t('toast.demoStarted'), 'success');
    },
    onError: (error) => toast(errorMessage(error), 'error'),
  });
}

/** "Top up play money": back to the starting play balance; one idempotency key per click. */
export function useTopUpPlayMoney() {
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  return useMutation({
    mutationFn: () =>
      apiPost<PlayMoneyTopUpResponse>('/wps/v2/wallets/play-money/top-up', {
        idempotencyKey: newIdempotencyKey(),
      }),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: walletKeys.balances });
      toast(t(answer.toppedUpMinor > 0 ? 'playMoney.toppedUp' : 'playMoney.alreadyFull'), 'success');
    },
    onError: (error) => toast(errorMessage(error), 'error'),
  });
}
