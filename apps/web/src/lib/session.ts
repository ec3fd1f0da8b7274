import { create } from 'zustand';

/** Keys kept in sessionStorage. The merchant code survives sign-out; everything else is cleared. */
const TOKEN_KEY = 'token';
const MERCHANT_KEY = 'merchant';

function readStorage(key: string): string | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export interface SessionState {
  token: string | null;
  isLogin: boolean;
  /** Set right after a successful login so first-login actions can run once. */
  afterLogin: boolean;
  setToken: (token: string) => void;
  clear: () => void;
  setAfterLogin: (value: boolean) => void;
}

/**
 * Small client-side session state. Member info and balances are server state and live in
 * TanStack Query (keyed by the token), never here.
 */
export const useSession = create<SessionState>((set) => {
  const initial = readStorage(TOKEN_KEY);
  return {
    token: initial,
    isLogin: Boolean(initial),
    afterLogin: false,
    setToken: (token) => {
      try {
        sessionStorage.setItem(TOKEN_KEY, token);
      } catch {
        // Storage may be unavailable (private mode); the in-memory token still works for this tab.
      }
      set({ token, isLogin: true, afterLogin: true });
    },
    clear: () => {
      const merchant = readStorage(MERCHANT_KEY);
      try {
        sessionStorage.clear();
        if (merchant) sessionStorage.setItem(MERCHANT_KEY, merchant);
      } catch {
        // ignore storage failures
      }
      set({ token: null, isLogin: false, afterLogin: false });
    },
    setAfterLogin: (value) => set({ afterLogin: value }),
  };
});

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
