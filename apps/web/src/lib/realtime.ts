/**
 * The player's live channel (GET /wps/ws). The token goes in the first message, never in the URL,
 * where it would land in access logs. The server only says "your balance changed"; the caller then
 * refetches the balance through the ordinary API, so the pushed message never has to be trusted for
 * an amount and an out-of-order push can never show a stale figure.
 */
export type RealtimeEvent = 'ready' | 'balance-changed';

export interface RealtimeOptions {
  token: string;
  /** 'ready' comes on every (re)connection: the caller refreshes what it may have missed meanwhile. */
  onEvent: (event: RealtimeEvent, reconnected: boolean) => void;
  /** Any other message (merchant-wide game pushes such as the crash round), parsed. */
  onMessage?: (message: { type: string } & Record<string, unknown>) => void;
  url?: string;
  /** For tests: the WebSocket constructor and the timer. */
  createSocket?: (url: string) => WebSocket;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export type MemberMessage = { type: string } & Record<string, unknown>;

/** Sent to member-message listeners after a reconnection: pushes may have been missed meanwhile. */
export const RECONNECTED: MemberMessage = { type: 'realtime.reconnected' };

const memberListeners = new Set<(message: MemberMessage) => void>();

/**
 * Messages for the signed-in member (e.g. cashier.order), heard on the one socket the shell keeps
 * open (useBalancePush) and handed to the features that care, so no feature opens a socket of its own.
 */
export function onMemberMessage(listener: (message: MemberMessage) => void): () => void {
  memberListeners.add(listener);
  return () => {
    memberListeners.delete(listener);
  };
}

export function emitMemberMessage(message: MemberMessage): void {
  for (const listener of memberListeners) listener(message);
}

/** Reconnect delays double from 1 s up to this cap while the player stays logged in. */
export const MAX_BACKOFF_MS = 30_000;
const FIRST_BACKOFF_MS = 1_000;
/** The server refused the session (4401) or a newer tab took the slot (4409): retrying cannot help. */
const FINAL_CLOSE_CODES = new Set([4401, 4409]);

export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/wps/ws`;
}

export function backoffMs(attempt: number): number {
  return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** attempt);
}

/** Opens the channel and keeps it open until the returned stop() (logout, token change). */
export function connectRealtime(options: RealtimeOptions): () => void {
  const create = options.createSocket ?? ((url: string) => new WebSocket(url));
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as number));
  const url = options.url ?? realtimeUrl(window.location);
  let socket: WebSocket | null = null;
  let timer: unknown = null;
  let attempt = 0;
  let connections = 0;
  let stopped = false;

  const open = () => {
    timer = null;
    socket = create(url);
    socket.onopen = () => socket?.send(JSON.stringify({ type: 'auth', token: options.token }));
    socket.onmessage = (message) => {
      const type = parseType(message.data);
      if (type === 'ready') {
        attempt = 0;
        connections += 1;
        options.onEvent('ready', connections > 1);
      } else if (type === 'balance-changed') options.onEvent('balance-changed', false);
      else if (type && options.onMessage) options.onMessage(JSON.parse(String(message.data)));
    };
    socket.onclose = (event) => {
      socket = null;
      if (stopped || FINAL_CLOSE_CODES.has(event.code)) return;
      timer = setTimer(open, backoffMs(attempt));
      attempt += 1;
    };
  };
  open();
  return () => {
    stopped = true;
    if (timer !== null) clearTimer(timer);
    socket?.close(1000, 'logout');
  };
}

function parseType(data: unknown): string | null {
  try {
    const message = JSON.parse(String(data)) as { type?: unknown };
    return typeof message.type === 'string' ? message.type : null;
  } catch {
    return null;
  }
}
