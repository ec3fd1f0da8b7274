import { useCallback } from 'react';
import { useSession } from './session';
import { useModal } from './modal-url';

/** Playing needs a logged-in player: `requireLogin()` opens the login popup and answers false otherwise. */
export function useLoginGate() {
  const isLogin = useSession((s) => s.isLogin);
  const { openModal } = useModal();
  const requireLogin = useCallback(() => {
    if (isLogin) return true;
    openModal('login');
    return false;
  }, [isLogin, openModal]);
  return { isLogin, requireLogin };
}
