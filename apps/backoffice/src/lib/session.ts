/**
 * The operator's session token (sent as `bo-token`) and merchant code, kept in localStorage so a
 * second tab shares the sign-in. Components subscribe through useSyncExternalStore.
 */
const TOKEN_KEY = 'bo-token';
const MERCHANT_KEY = 'bo-merchant';

const listeners = new Set<() => void>();

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage unavailable (private mode): the session lasts as long as the page
  }
}

let token = read(TOKEN_KEY);

export function getToken(): string | null {
  return token;
}

export function getMerchantCode(): string | null {
  return read(MERCHANT_KEY);
}

export function setSession(next: string | null, merchant?: string): void {
  token = next;
  write(TOKEN_KEY, next);
  if (merchant) write(MERCHANT_KEY, merchant);
  for (const listener of listeners) listener();
}

let notice: 'expired' | null = null;

/** Why the operator is back at sign-in (the server dropped the session); cleared by the next sign-in. */
export function getSessionNotice(): 'expired' | null {
  return notice;
}

export function setSessionNotice(next: 'expired' | null): void {
  notice = next;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
