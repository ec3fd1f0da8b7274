import { WebSocket } from 'ws';
import { type FixtureOdds, type MarketOdds, offeredOdds } from '../sportsbook/index.ts';
import { startHeartbeat } from './realtime.connection.ts';

/**
 * Live odds for visitors over GET /wps/ws/sports (no auth: anyone browsing odds). A socket says
 * which fixtures it watches ({"type":"sports.watch","fixtureIds":[…]}, replacing the set); the
 * sportsbook publishes committed changes on the bus; each instance merges the changes of a fixture
 * over a short window (a burst is one message) and sends them to the sockets it holds that watch it,
 * as {"type":"sports.odds","fixtureId",status?,score?,markets} — only what changed.
 *
 * A socket that does not read fast enough is not buffered for: while its send buffer is above the
 * limit its changes are skipped (only the ids are remembered), and once it drained it gets the whole
 * current state of what it missed, read from the database, in the same message shape.
 */

/** A fixture-watching socket, as the hub needs it (a real ws WebSocket, or a test's stand-in). */
export interface LiveSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: Buffer, options: { binary: false }): void;
  close(code?: number, reason?: string): void;
}

export interface SportsLimits {
  /** Sockets of one address on this instance; one more is refused. */
  maxSportsSocketsPerIp: number;
  /** A burst of changes of one fixture within this window is one message. */
  sportsCoalesceMs: number;
  /** A socket with more than this queued for sending is skipped until it drained. */
  sportsMaxBufferedBytes: number;
  /** How often a skipped socket is looked at again. */
  sportsCatchUpMs: number;
  /** A socket watching nothing for this long is closed. */
  sportsIdleMs: number;
}

/** Timers as the hub uses them (tests pass a manual one): schedule `fn` in `ms`; answers a cancel. */
export type Schedule = (fn: () => void, ms: number) => () => void;

export const realTimers: Schedule = (fn, ms) => {
  const timer = setTimeout(fn, ms);
  return () => clearTimeout(timer);
};

/** Sockets sent to per turn of the event loop. */
const FANOUT_CHUNK = 1_000;

/** The most fixtures one socket may watch (the contract's limit). */
export const MAX_WATCHED = 200;
const FIXTURE_ID = /^[A-Za-z0-9_.:-]{1,64}$/;

/**
 * Frames are encoded once per view and sent as bytes, but as TEXT frames: a browser hands a binary
 * frame to the page as a Blob, which the client would not read as JSON.
 */
const TEXT = { binary: false } as const;

/** Close codes: 4408 watched nothing for too long; 4429 too many sockets from one address. */
export const CLOSE_IDLE = 4408;
export const CLOSE_TOO_MANY = 4429;

interface Watcher {
  socket: LiveSocket;
  merchantId: string;
  ip: string;
  watching: Set<string>;
  /** Fixtures whose changes were skipped while the socket was behind. */
  missed: Set<string>;
  /** Set while it is behind: every change is skipped (and remembered) until its catch-up is sent. */
  behind: boolean;
  cancelCatchUp: (() => void) | null;
  /** A catch-up's read is in flight (it looks at `missed` again when done). */
  reading: boolean;
  /** When it last missed a change (performance.now()): its catch-up reads no older state. */
  missedAt: number;
  cancelIdle: (() => void) | null;
  closed: boolean;
}

export class SportsWatchHub {
  private readonly byFixture = new Map<string, Set<Watcher>>();
  private readonly perIp = new Map<string, number>();
  private readonly pending = new Map<string, { change: FixtureOdds; cancel: () => void }>();
  private readonly watchers = new Set<Watcher>();
  /** Catch-up reads in flight, per fixture (statesOf). */
  private readonly reads = new Map<string, { startedAt: number; state: Promise<FixtureOdds | undefined> }>();
  /** Fixtures whose message is still going out, chunk by chunk. */
  private readonly sending = new Set<string>();

  constructor(
    private readonly limits: SportsLimits,
    /** The whole current state of fixtures (a socket's catch-up). */
    private readonly readState: (fixtureIds: string[]) => Promise<FixtureOdds[]>,
    private readonly schedule: Schedule = realTimers,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /** A new socket, or null when its address holds the most it may. */
  open(socket: LiveSocket, merchantId: string, ip: string): Watcher | null {
    const count = this.perIp.get(ip) ?? 0;
    if (count >= this.limits.maxSportsSocketsPerIp) return null;
    this.perIp.set(ip, count + 1);
    const watcher: Watcher = {
      socket,
      merchantId,
      ip,
      watching: new Set(),
      missed: new Set(),
      behind: false,
      cancelCatchUp: null,
      reading: false,
      missedAt: 0,
      cancelIdle: null,
      closed: false,
    };
    this.watchers.add(watcher);
    this.idleFrom(watcher);
    return watcher;
  }

  /** The socket closed. */
  remove(watcher: Watcher): void {
    if (watcher.closed) return;
    watcher.closed = true;
    this.watchers.delete(watcher);
    for (const id of watcher.watching) this.unwatch(watcher, id);
    watcher.cancelCatchUp?.();
    watcher.cancelIdle?.();
    const count = (this.perIp.get(watcher.ip) ?? 1) - 1;
    if (count > 0) this.perIp.set(watcher.ip, count);
    else this.perIp.delete(watcher.ip);
  }

  /** Replaces what the socket watches. */
  watch(watcher: Watcher, fixtureIds: readonly string[]): void {
    const next = new Set(fixtureIds);
    for (const id of watcher.watching) if (!next.has(id)) this.unwatch(watcher, id);
    for (const id of next) {
      if (watcher.watching.has(id)) continue;
      watcher.watching.add(id);
      const set = this.byFixture.get(id) ?? new Set<Watcher>();
      set.add(watcher);
      this.byFixture.set(id, set);
    }
    watcher.cancelIdle?.();
    watcher.cancelIdle = null;
    if (next.size === 0) this.idleFrom(watcher);
  }

  /** Committed changes from the bus: merged per fixture watched here, sent at the window's end. */
  receive(changes: readonly FixtureOdds[]): void {
    for (const change of changes) {
      if (!this.byFixture.has(change.fixtureId)) continue;
      const waiting = this.pending.get(change.fixtureId);
      if (waiting) {
        waiting.change = mergeOdds(waiting.change, change);
        continue;
      }
      const cancel = this.schedule(() => this.flush(change.fixtureId), this.limits.sportsCoalesceMs);
      this.pending.set(change.fixtureId, { change, cancel });
    }
  }

  /** Sockets held (all addresses). */
  get size(): number {
    return this.watchers.size;
  }

  /** Fixtures with a change waiting for its window. */
  get waiting(): number {
    return this.pending.size;
  }

  close(): void {
    for (const { cancel } of this.pending.values()) cancel();
    this.pending.clear();
    for (const watcher of [...this.watchers]) this.remove(watcher);
  }

  private unwatch(watcher: Watcher, id: string) {
    watcher.watching.delete(id);
    watcher.missed.delete(id);
    const set = this.byFixture.get(id);
    if (!set) return;
    set.delete(watcher);
    if (set.size === 0) this.byFixture.delete(id);
  }

  private idleFrom(watcher: Watcher) {
    watcher.cancelIdle = this.schedule(() => {
      watcher.cancelIdle = null;
      if (!watcher.closed && watcher.watching.size === 0) watcher.socket.close(CLOSE_IDLE, 'idle');
    }, this.limits.sportsIdleMs);
  }

  /**
   * Sends a fixture's merged change to its watchers, FANOUT_CHUNK sockets per turn of the event loop
   * (10,000 sends in one go would hold this instance's requests for a few hundred milliseconds). While
   * one message of a fixture is still going out, the next waits another window, so no socket gets
   * a newer message before an older one.
   */
  private flush(fixtureId: string) {
    const entry = this.pending.get(fixtureId);
    if (!entry) return;
    if (this.sending.has(fixtureId)) {
      entry.cancel = this.schedule(() => this.flush(fixtureId), this.limits.sportsCoalesceMs);
      return;
    }
    this.pending.delete(fixtureId);
    const watchers = [...(this.byFixture.get(fixtureId) ?? [])];
    // One frame per merchant view, encoded once and shared by every socket of that view.
    const frames = new Map<string, Buffer>();
    const sendFrom = (start: number) => {
      const end = Math.min(watchers.length, start + FANOUT_CHUNK);
      for (let i = start; i < end; i++) {
        const watcher = watchers[i]!;
        if (watcher.closed || watcher.socket.readyState !== WebSocket.OPEN) continue;
        if (watcher.behind || watcher.socket.bufferedAmount > this.limits.sportsMaxBufferedBytes) {
          this.fallBehind(watcher, fixtureId);
          continue;
        }
        watcher.socket.send(frameFor(entry.change, watcher.merchantId, frames), TEXT);
      }
      if (end < watchers.length) {
        this.sending.add(fixtureId);
        setImmediate(() => sendFrom(end));
      } else this.sending.delete(fixtureId);
    };
    sendFrom(0);
  }

  private fallBehind(watcher: Watcher, fixtureId: string) {
    watcher.missed.add(fixtureId);
    watcher.missedAt = performance.now();
    watcher.behind = true;
    if (!watcher.cancelCatchUp && !watcher.reading) this.catchUpLater(watcher);
  }

  private catchUpLater(watcher: Watcher) {
    watcher.cancelCatchUp = this.schedule(() => {
      watcher.cancelCatchUp = null;
      void this.catchUp(watcher);
    }, this.limits.sportsCatchUpMs);
  }

  /**
   * Once the socket drained: the current state of what it missed. It stays `behind` while the state
   * is read, so a change arriving meanwhile is remembered and read again rather than sent before an
   * older state.
   */
  private async catchUp(watcher: Watcher) {
    if (watcher.closed || watcher.socket.readyState !== WebSocket.OPEN) return;
    if (watcher.socket.bufferedAmount > this.limits.sportsMaxBufferedBytes / 4)
      return this.catchUpLater(watcher);
    const ids = [...watcher.missed];
    watcher.missed.clear();
    let states: FixtureOdds[];
    watcher.reading = true;
    try {
      states = await this.statesOf(ids, watcher.missedAt);
    } catch (error) {
      this.onError(error);
      for (const id of ids) if (watcher.watching.has(id)) watcher.missed.add(id);
      return this.catchUpLater(watcher);
    } finally {
      watcher.reading = false;
    }
    if (watcher.closed || watcher.socket.readyState !== WebSocket.OPEN) return;
    const frames = new Map<string, Buffer>();
    for (const state of states)
      if (watcher.watching.has(state.fixtureId))
        watcher.socket.send(frameFor(state, watcher.merchantId, frames, state.fixtureId), TEXT);
    if (watcher.missed.size > 0) return this.catchUpLater(watcher);
    watcher.behind = false;
  }

  /**
   * The current state of fixtures, read at or after `notBefore` (when the socket last missed a
   * change, so the read sees it). Sockets catching up at once share a read in flight — when the
   * instance itself fell behind, thousands of sockets may miss the same fixture, and one read serves them.
   */
  private statesOf(ids: string[], notBefore: number): Promise<FixtureOdds[]> {
    const stale = ids.filter((id) => {
      const read = this.reads.get(id);
      return !read || read.startedAt < notBefore;
    });
    if (stale.length) {
      const startedAt = performance.now();
      const batch = this.readState(stale);
      for (const id of stale) {
        const state = batch.then((list) => list.find((s) => s.fixtureId === id));
        const forget = () => {
          if (this.reads.get(id)?.state === state) this.reads.delete(id);
        };
        state.then(forget, forget);
        this.reads.set(id, { startedAt, state });
      }
    }
    return Promise.all(ids.map((id) => this.reads.get(id)!.state)).then((list) =>
      list.filter((s): s is FixtureOdds => s !== undefined),
    );
  }
}

/**
 * The change as one merchant's sockets see it: at its prices (the feed's odds less its margin for
 * the fixture's sport, `offeredOdds`), and a market its operators suspended (or the whole event)
 * shown `suspended` while the book has it active. Cached per view in `frames`: merchants with no
 * margin and no suspension of their own share one frame.
 */
function frameFor(
  change: FixtureOdds,
  merchantId: string,
  frames: Map<string, Buffer>,
  cacheKey = '',
): Buffer {
  // Looked up per socket, so the common case (a merchant seen already) costs one map read.
  const seen = frames.get(`${cacheKey}|${merchantId}`);
  if (seen) return seen;
  const own = change.suspended
    .filter((s) => s.startsWith(`${merchantId}|`))
    .map((s) => s.slice(merchantId.length + 1));
  const margin = change.margins?.[merchantId] ?? 0;
  const shared = own.length === 0 && margin === 0;
  let frame = shared ? frames.get(cacheKey) : undefined;
  if (!frame) {
    const whole = own.includes('|');
    const markets: MarketOdds[] = shared
      ? change.markets
      : change.markets.map((m) => ({
          ...m,
          status:
            m.status === 'active' && (whole || own.includes(`${m.key}|${m.specifiers}`))
              ? 'suspended'
              : m.status,
          outcomes: margin
            ? m.outcomes.map((o) => ({ ...o, odds: offeredOdds(o.odds, margin) }))
            : m.outcomes,
        }));
    frame = Buffer.from(
      JSON.stringify({
        type: 'sports.odds',
        fixtureId: change.fixtureId,
        ...(change.status === undefined ? {} : { status: change.status }),
        ...(change.score === undefined ? {} : { score: change.score }),
        markets,
      }),
    );
    if (shared) frames.set(cacheKey, frame);
  }
  frames.set(`${cacheKey}|${merchantId}`, frame);
  return frame;
}

/** Two changes of one fixture as one: the later status, score and odds win, outcome by outcome. */
export function mergeOdds(earlier: FixtureOdds, later: FixtureOdds): FixtureOdds {
  const markets = new Map<string, MarketOdds>();
  for (const m of earlier.markets) markets.set(`${m.key}|${m.specifiers}`, m);
  for (const m of later.markets) {
    const id = `${m.key}|${m.specifiers}`;
    const before = markets.get(id);
    if (!before) {
      markets.set(id, m);
      continue;
    }
    const outcomes = new Map(before.outcomes.map((o) => [o.id, o]));
    for (const o of m.outcomes) outcomes.set(o.id, o);
    markets.set(id, { ...m, outcomes: [...outcomes.values()] });
  }
  const status = later.status ?? earlier.status;
  return {
    fixtureId: later.fixtureId,
    ...(status === undefined ? {} : { status }),
    ...('score' in later ? { score: later.score } : 'score' in earlier ? { score: earlier.score } : {}),
    sport: later.sport,
    markets: [...markets.values()],
    suspended: later.suspended,
    margins: later.margins,
  };
}

/** A client's message: the fixtures to watch, or why it is refused. */
export function parseWatch(data: unknown): { fixtureIds: string[] } | { error: string } {
  let message: unknown;
  try {
    message = JSON.parse(String(data));
  } catch {
    return { error: 'not JSON' };
  }
  if (!message || typeof message !== 'object' || (message as { type?: unknown }).type !== 'sports.watch')
    return { error: 'unknown message type' };
  const ids = (message as { fixtureIds?: unknown }).fixtureIds;
  if (!Array.isArray(ids)) return { error: 'fixtureIds must be an array' };
  if (ids.length > MAX_WATCHED) return { error: `at most ${MAX_WATCHED} fixtures` };
  if (!ids.every((id) => typeof id === 'string' && FIXTURE_ID.test(id))) return { error: 'bad fixture id' };
  return { fixtureIds: [...new Set(ids as string[])] };
}

/**
 * One visitor's socket: refused (4429) when its address holds the most it may; then every message
 * must be a watch — anything else is answered {"type":"error","code":"VALIDATION_FAILED","reason"}
 * and changes nothing; each watch is answered {"type":"sports.watching","count"}. Pinged like the
 * member sockets; closed (4408) after watching nothing for the idle time.
 */
export function serveSportsSocket(
  socket: WebSocket,
  hub: SportsWatchHub,
  who: { merchantId: string; ip: string },
  heartbeatMs: number,
): void {
  const watcher = hub.open(socket, who.merchantId, who.ip);
  if (!watcher) {
    socket.send(JSON.stringify({ type: 'error', code: 'RATE_LIMITED' }));
    socket.close(CLOSE_TOO_MANY, 'too many connections');
    return;
  }
  const heartbeat = startHeartbeat(socket, heartbeatMs);
  socket.on('message', (data) => {
    const watch = parseWatch(data);
    if ('error' in watch) {
      socket.send(JSON.stringify({ type: 'error', code: 'VALIDATION_FAILED', reason: watch.error }));
      return;
    }
    hub.watch(watcher, watch.fixtureIds);
    socket.send(JSON.stringify({ type: 'sports.watching', count: watch.fixtureIds.length }));
  });
  socket.once('close', () => {
    clearInterval(heartbeat);
    hub.remove(watcher);
  });
}
