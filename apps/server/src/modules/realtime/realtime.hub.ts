import type { WebSocket } from 'ws';

/** What a member's socket is told; the web refetches GET /wps/v2/wallets/balance on it. */
export const BALANCE_CHANGED = JSON.stringify({ type: 'balance-changed' });

/** Close codes the web tells apart: 4401 → log in again; 4409 → a newer tab took the slot (no retry storm). */
export const CLOSE_UNAUTHENTICATED = 4401;
export const CLOSE_SUPERSEDED = 4409;

/**
 * This instance's authenticated sockets by member. Bounded per member (the oldest is closed), and
 * pushes for one member are coalesced: a burst of bets becomes one refetch, not one per bet.
 */
export class SocketHub {
  private readonly byMember = new Map<string, Set<WebSocket>>();
  private readonly pending = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly maxPerMember: number,
    private readonly coalesceMs: number,
  ) {}

  add(key: string, socket: WebSocket): void {
    const sockets = this.byMember.get(key) ?? new Set<WebSocket>();
    sockets.add(socket);
    this.byMember.set(key, sockets);
    // A Set iterates in insertion order, so the first one is the oldest.
    for (const old of sockets) {
      if (sockets.size <= this.maxPerMember) break;
      sockets.delete(old);
      old.close(CLOSE_SUPERSEDED, 'too many connections');
    }
  }

  remove(key: string, socket: WebSocket): void {
    const sockets = this.byMember.get(key);
    if (!sockets?.delete(socket) || sockets.size) return;
    this.byMember.delete(key);
  }

  /** Schedules one push for the member if this instance holds a socket of theirs. */
  notify(key: string): void {
    if (!this.byMember.has(key) || this.pending.has(key)) return;
    this.pending.add(key);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.pending.delete(key);
      for (const socket of this.byMember.get(key) ?? []) {
        if (socket.readyState === socket.OPEN) socket.send(BALANCE_CHANGED);
      }
    }, this.coalesceMs);
    this.timers.add(timer);
  }

  /** Sends a message to every socket of one member on this instance (not coalesced: each one says something). */
  send(key: string, message: string): void {
    for (const socket of this.byMember.get(key) ?? []) {
      if (socket.readyState === socket.OPEN) socket.send(message);
    }
  }

  /** Sends a merchant-wide message (a shared game's round) to every socket of the merchant on this instance. */
  broadcast(merchantId: string, message: string): void {
    const prefix = `${merchantId}:`;
    for (const [key, sockets] of this.byMember) {
      if (!key.startsWith(prefix)) continue;
      for (const socket of sockets) if (socket.readyState === socket.OPEN) socket.send(message);
    }
  }

  get size(): number {
    return this.byMember.size;
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.pending.clear();
    this.byMember.clear();
  }
}

export function memberKey(merchantId: string, memberId: string): string {
  return `${merchantId}:${memberId}`;
}
