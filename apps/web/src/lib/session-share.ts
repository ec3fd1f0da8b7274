/**
 * How one login follows the player across the tabs of a browser (issue 13 #5):
 * - the tab's own copy of the token lives in sessionStorage;
 * - "remember me" also keeps it in localStorage, so it outlives a browser restart until the server
 *   expires it (only the session token, never the password);
 * - without "remember me", localStorage holds no token, only a hint that a session is open in some
 *   tab; a new tab then asks the open ones over a BroadcastChannel and takes the token they hand
 *   over. With every tab closed nobody answers, so the session ends with the browser, as it should;
 * - logging out (or an expired token) in one tab logs out every tab holding that token.
 */

/** The part of BroadcastChannel used here, so tests can pass a fake. */
export interface ChannelLike {
  postMessage(message: unknown): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  close(): void;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type ShareMessage =
  | { type: 'ask' }
  | { type: 'token'; token: string }
  | { type: 'logout'; token: string };

export const TAB_TOKEN_KEY = 'token';
/** localStorage: the remembered token. */
export const DEVICE_TOKEN_KEY = 'sorte.token';
/** localStorage: '1' while a not-remembered session is open in some tab. */
export const OPEN_SESSION_HINT = 'sorte.session-open';
export const CHANNEL_NAME = 'sorte.session';

export interface SessionShareOptions {
  tab: StorageLike | null;
  device: StorageLike | null;
  channel: ChannelLike | null;
  /** The token this tab holds right now. */
  current: () => string | null;
  /** Another tab logged in, or answered this tab's question. */
  onToken: (token: string) => void;
  /** Another tab logged out of the session this tab holds. */
  onLogout: () => void;
}

function read(storage: StorageLike | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage: StorageLike | null, key: string, value: string | null): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // Storage may be unavailable (private mode, quota): the token still lives in memory.
  }
}

export function createSessionShare(options: SessionShareOptions) {
  const { tab, device, channel } = options;
  let waiting: ((token: string | null) => void) | null = null;
  const post = (message: ShareMessage) => {
    try {
      channel?.postMessage(message);
    } catch {
      // A closed channel costs the other tabs this news, never this tab its session.
    }
  };

  if (channel) {
    channel.onmessage = ({ data }) => {
      const message = data as Partial<ShareMessage> | null;
      if (!message || typeof message.type !== 'string') return;
      const mine = options.current();
      if (message.type === 'ask') {
        if (mine) post({ type: 'token', token: mine });
      } else if (message.type === 'token' && typeof message.token === 'string') {
        if (waiting) {
          waiting(message.token);
          return;
        }
        if (message.token !== mine) {
          write(tab, TAB_TOKEN_KEY, message.token);
          options.onToken(message.token);
        }
      } else if (message.type === 'logout' && mine !== null && message.token === mine) {
        write(tab, TAB_TOKEN_KEY, null);
        options.onLogout();
      }
    };
  }

  return {
    /** The token this tab starts with: its own, else the remembered one. */
    initialToken(): string | null {
      const token = read(tab, TAB_TOKEN_KEY) ?? read(device, DEVICE_TOKEN_KEY);
      if (token) write(tab, TAB_TOKEN_KEY, token);
      return token;
    },

    /**
     * With no token but a session open in some tab, asks the other tabs for it and waits at most
     * `timeoutMs`; with nobody answering, the hint was stale (the browser was closed) and goes.
     */
    restore(timeoutMs: number): Promise<string | null> {
      const own = read(tab, TAB_TOKEN_KEY);
      if (own || !channel || read(device, OPEN_SESSION_HINT) !== '1') return Promise.resolve(own);
      return new Promise((resolve) => {
        const timer = setTimeout(() => finish(null), timeoutMs);
        function finish(token: string | null) {
          clearTimeout(timer);
          waiting = null;
          if (token) write(tab, TAB_TOKEN_KEY, token);
          else write(device, OPEN_SESSION_HINT, null);
          resolve(token);
        }
        waiting = finish;
        post({ type: 'ask' });
      });
    },

    /** After a login in this tab: keep the token as asked and tell the other tabs. */
    saved(token: string, remember: boolean): void {
      write(tab, TAB_TOKEN_KEY, token);
      write(device, DEVICE_TOKEN_KEY, remember ? token : null);
      write(device, OPEN_SESSION_HINT, remember ? null : '1');
      post({ type: 'token', token });
    },

    /** After a logout (or an expired token) in this tab: forget it everywhere. */
    cleared(token: string | null): void {
      write(tab, TAB_TOKEN_KEY, null);
      write(device, DEVICE_TOKEN_KEY, null);
      write(device, OPEN_SESSION_HINT, null);
      if (token) post({ type: 'logout', token });
    },
  };
}
