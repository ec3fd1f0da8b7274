import type { WebSocket } from 'ws';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type MemberAuth, resolveMemberToken } from '../auth/index.ts';
import type { MerchantContext } from '../system/index.ts';
import { CLOSE_UNAUTHENTICATED, memberKey, type SocketHub } from './realtime.hub.ts';
import type { SportsLimits } from './realtime.sports.ts';

export interface RealtimeLimits extends SportsLimits {
  /** How long a new socket may stay silent before its auth message. */
  authTimeoutMs: number;
  /** Ping interval; a socket that missed the previous pong is dropped. */
  heartbeatMs: number;
  /** Every this many heartbeats the session is checked again (logout, expiry, disabled member). */
  recheckEvery: number;
  maxSocketsPerMember: number;
  /**
   * Frames above this are refused by the WebSocket server itself (close 1009). One server serves
   * both doors, so it fits the largest legal message: a watch of 200 fixture ids of 64 characters.
   */
  maxMessageBytes: number;
  /** A burst of changes for one member within this window is one push. */
  coalesceMs: number;
}

export const DEFAULT_LIMITS: RealtimeLimits = {
  authTimeoutMs: 5_000,
  heartbeatMs: 30_000,
  recheckEvery: 10,
  maxSocketsPerMember: 5,
  maxMessageBytes: 16_384,
  coalesceMs: 100,
  // Generous per address: mobile carriers put many players behind one address (CGNAT).
  maxSportsSocketsPerIp: 50,
  sportsCoalesceMs: 100,
  sportsMaxBufferedBytes: 256 * 1024,
  sportsCatchUpMs: 250,
  sportsIdleMs: 10 * 60_000,
};

interface Deps {
  ctx: AppContext;
  hub: SocketHub;
  limits: RealtimeLimits;
}

/**
 * One socket's life: the first message must be {"type":"auth","token":"..."} within the timeout
 * (browsers cannot set headers on a WebSocket, and a token in the URL would end up in access logs);
 * then it is registered for the member's pushes, pinged, and re-checked until it closes.
 */
export function serveSocket(socket: WebSocket, merchant: MerchantContext, deps: Deps): void {
  const timeout = setTimeout(
    () => socket.close(CLOSE_UNAUTHENTICATED, 'auth timeout'),
    deps.limits.authTimeoutMs,
  );
  socket.once('close', () => clearTimeout(timeout));
  socket.once('message', (data) => {
    clearTimeout(timeout);
    const token = tokenFrom(data);
    void authenticate(socket, merchant, token, deps.ctx, true).then((auth) => {
      if (auth && socket.readyState === socket.OPEN)
        attach(socket, auth, deps, () => {
          void authenticate(socket, merchant, token, deps.ctx, false);
        });
    });
  });
}

function tokenFrom(data: unknown): string {
  try {
    const message = JSON.parse(String(data)) as { type?: unknown; token?: unknown };
    return message.type === 'auth' && typeof message.token === 'string' ? message.token : '';
  } catch {
    return '';
  }
}

/** The session behind the token, or null after telling the socket so and closing it. */
async function authenticate(
  socket: WebSocket,
  merchant: MerchantContext,
  token: string,
  ctx: AppContext,
  touch: boolean,
): Promise<MemberAuth | null> {
  try {
    return await resolveMemberToken(ctx, merchant, token, { touch });
  } catch (error) {
    // Expired, revoked and unknown look alike here: the web's answer to all of them is to log in again.
    if (!(error instanceof AppError)) ctx.log.warn({ err: String(error) }, 'websocket auth failed');
    refuse(socket);
    return null;
  }
}

function refuse(socket: WebSocket): void {
  if (socket.readyState !== socket.OPEN) return;
  socket.send(JSON.stringify({ type: 'error', code: 'UNAUTHENTICATED' }));
  socket.close(CLOSE_UNAUTHENTICATED, 'unauthenticated');
}

function attach(socket: WebSocket, auth: MemberAuth, deps: Deps, recheck: () => void): void {
  const key = memberKey(auth.merchantId, auth.memberId);
  deps.hub.add(key, socket);
  const heartbeat = startHeartbeat(socket, deps.limits.heartbeatMs, {
    every: deps.limits.recheckEvery,
    recheck,
  });
  socket.once('close', () => {
    clearInterval(heartbeat);
    deps.hub.remove(key, socket);
  });
  socket.send(JSON.stringify({ type: 'ready' }));
}

/**
 * Pings every interval and terminates a socket that did not answer the previous ping (a dead peer
 * would otherwise hold its slot forever). Every `recheck.every` beats a member's session is checked
 * again without extending it, so a logged-out or expired session loses its socket within minutes.
 */
export function startHeartbeat(
  socket: WebSocket,
  everyMs: number,
  recheck?: { every: number; recheck: () => void },
): NodeJS.Timeout {
  let alive = true;
  let beats = 0;
  socket.on('pong', () => {
    alive = true;
  });
  return setInterval(() => {
    if (!alive) return void socket.terminate();
    alive = false;
    socket.ping();
    beats += 1;
    if (recheck && beats % recheck.every === 0) recheck.recheck();
  }, everyMs);
}
