import { create } from 'zustand';
import { CHANNEL_NAME, type ChannelLike, createSessionShare } from './session-share';

/** Keys kept in sessionStorage. The merchant code survives sign-out; everything else is cleared. */
const MERCHANT_KEY = 'merchant';

function storage(kind: 'sessionStorage' | 'localStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null;
  }
}

function readStorage(key: string): string | null {
  try {
    return storage('sessionStorage')?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function openChannel(): ChannelLike | null {
  try {
    // Only onmessage(event.data) and postMessage are used, which a BroadcastChannel has.
    return typeof BroadcastChannel === 'undefined'
      ? null
      : (new BroadcastChannel(CHANNEL_NAME) as unknown as ChannelLike);
  } catch {
    return null;
  }
}

export interface SessionState {
  token: string | null;
  isLogin: boolean;
  /** Set right after a successful login so first-login actions can run once. */
  afterLogin: boolean;
  /** `remember`: keep the session across browser restarts ("Lembrar de mim"). */
  setToken: (token: string, options?: { remember?: boolean }) => void;
  clear: () => void;
  setAfterLogin: (value: boolean) => void;
}

/** Clears this tab's stored session, keeping the merchant code. */
function clearTabStorage(): void {
  const merchant = readStorage(MERCHANT_KEY);
  try {
    sessionStorage.clear();
    if (merchant) sessionStorage.setItem(MERCHANT_KEY, merchant);
  } catch {
    // ignore storage failures
  }
}

const share = createSessionShare({
  tab: storage('sessionStorage'),
  device: storage('localStorage'),
  channel: openChannel(),
  current: () => useSession.getState().token,
  onToken: (token) => useSession.setState({ token, isLogin: true }),
  onLogout: () => {
    clearTabStorage();
    useSession.setState({ token: null, isLogin: false, afterLogin: false });
  },
});

/**
 * Small client-side session state. Member info and balances are server state and live in
 * TanStack Query (keyed by the token), never here. The token follows the player across tabs
 * (session-share.ts).
 */
export const useSession = create<SessionState>((set) => {
  const initial = share.initialToken();
  return {
    token: initial,
    isLogin: Boolean(initial),
    afterLogin: false,
    setToken: (token, options) => {
      share.saved(token, options?.remember === true);
      set({ token, isLogin: true, afterLogin: true });
    },
    clear: () => {
      share.cleared(useSession.getState().token);
      clearTabStorage();
      set({ token: null, isLogin: false, afterLogin: false });
    },
    setAfterLogin: (value) => set({ afterLogin: value }),
  };
});

/**
 * Before the first render of a new tab without a token: the session another open tab holds, if
 * any answers within `timeoutMs` (a tab opened from a link must not show the player logged out).
 */
export async function restoreSession(timeoutMs = 300): Promise<void> {
  if (useSession.getState().token) return;
  const token = await share.restore(timeoutMs);
  if (token && !useSession.getState().token) useSession.setState({ token, isLogin: true });
}

export function getToken(): string | null {
  return useSession.getState().token;
}

export function getMerchant(): string | null {
  return readStorage(MERCHANT_KEY);
}

/** sessionStorage flag (spec §3 'cpw') set while a forced password change is pending. */
export const FORCED_CHANGE_KEY = 'cpw';

export function isForcedChangePending(): boolean {
  try {
    return sessionStorage.getItem(FORCED_CHANGE_KEY) === '1';
  } catch {
    return false;
  }
}
