import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import type { FeedMessage, Producer } from '../../../../reference-feed/src/contract.ts';
import { Ticker } from '../../platform/jobs.ts';
import type { Db } from '../../platform/database/database.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import {
  applySnapshot,
  applyStreamMessage,
  type Cursor,
  type OddsChangesListener,
  readCursors,
} from './sportsbook.ingest.ts';

/**
 * The feed consumer (docs/sportsbook-feed.md §8, "Recovery after a disconnect"). `FeedIngestor` is
 * the protocol without a transport: messages go in one at a time, in arrival order; per producer it
 * keeps the cursor (last seq, its ts) as the database holds it, applies the next stream message,
 * drops older ones, and on a gap, on an `alive` ahead of it, at a (re)connection or when the
 * producer comes back, asks for recovery with the cursor's ts, buffering that producer's stream
 * until `snapshot_complete`, then applies the snapshot whole and continues after its `lastSeq`.
 * `FeedConsumer` runs it over the feed's WebSocket, under a lease (one consumer per deployment).
 */
export interface RecoverRequest {
  type: 'recover';
  producer: Producer;
  after: number;
  requestId: string;
}

interface Recovery {
  requestId: string;
  expectedSeq: number;
  messages: FeedMessage[];
}

interface ProducerState {
  cursor: Cursor;
  recovering: Recovery | null;
  buffer: Array<FeedMessage & { seq: number }>;
  down: boolean;
}

const PRODUCERS: readonly Producer[] = ['prematch', 'live'];
/** More buffered than this while a recovery runs: drop the buffer and recover again afterwards. */
const MAX_BUFFER = 50_000;

export interface IngestStats {
  applied: number;
  duplicates: number;
  recoveries: number;
  snapshots: number;
}

export class FeedIngestor {
  private states: Record<Producer, ProducerState> | null = null;
  private send: ((request: RecoverRequest) => void) | null = null;
  private chain: Promise<void> = Promise.resolve();
  private generation = 0;
  private pending = 0;
  private counter = 0;
  readonly stats: IngestStats = { applied: 0, duplicates: 0, recoveries: 0, snapshots: 0 };
  /** Called after each stream message is applied (observers, and tests that cut the link mid-batch). */
  afterApply: ((message: FeedMessage & { seq: number }) => void) | null = null;
  /** Told what each applied message or snapshot changed of the odds, after its commit (the live sockets). */
  onOddsChanges: OddsChangesListener | undefined = undefined;

  constructor(
    private readonly db: Db,
    private readonly log?: Pick<Logger, 'warn' | 'info'>,
    /** Called when a message could not be applied (the database failed): the transport reconnects. */
    private readonly onFailure?: (error: unknown) => void,
  ) {}

  /** A (new) link to the feed: read the cursors and recover each producer from its cursor. */
  connected(send: (request: RecoverRequest) => void): void {
    const generation = ++this.generation;
    this.send = send;
    this.enqueue(generation, async () => {
      const cursors = await readCursors(this.db);
      this.states = {
        prematch: { cursor: cursors.prematch, recovering: null, buffer: [], down: false },
        live: { cursor: cursors.live, recovering: null, buffer: [], down: false },
      };
      for (const producer of PRODUCERS) this.recover(producer);
    });
  }

  /** The link is gone: whatever is queued and not yet applied is dropped (the next link recovers it). */
  disconnected(): void {
    this.generation++;
    this.send = null;
    this.states = null;
  }

  /** One message from the link, in arrival order. */
  receive(message: FeedMessage | { type: 'error'; code: string; requestId?: string }): void {
    const generation = this.generation;
    this.enqueue(generation, () => this.handle(message as FeedMessage | FeedError));
  }

  /** Resolves once every message received so far has been handled. */
  idle(): Promise<void> {
    return this.chain;
  }

  get queued(): number {
    return this.pending;
  }

  cursor(producer: Producer): Cursor | undefined {
    return this.states?.[producer].cursor;
  }

  recovering(producer: Producer): boolean {
    return Boolean(this.states?.[producer].recovering);
  }

  private enqueue(generation: number, work: () => Promise<void>) {
    this.pending++;
    this.chain = this.chain.then(async () => {
      this.pending--;
      if (generation !== this.generation) return;
      try {
        await work();
      } catch (error) {
        if (generation !== this.generation) return;
        this.log?.warn({ err: String(error) }, 'sportsbook feed: a message could not be applied');
        this.disconnected();
        this.onFailure?.(error);
      }
    });
  }

  private recover(producer: Producer, fromStart = false) {
    const state = this.states![producer];
    const requestId = `r-${producer}-${++this.counter}-${randomUUID().slice(0, 8)}`;
    state.recovering = { requestId, expectedSeq: state.cursor.lastSeq, messages: [] };
    state.down = false;
    this.stats.recoveries++;
    this.send?.({ type: 'recover', producer, after: fromStart ? 0 : state.cursor.lastTs, requestId });
  }

  private async handle(message: FeedMessage | FeedError): Promise<void> {
    const states = this.states;
    if (!states) return;
    if (message.type === 'error') return this.handleError(message);
    const state = states[message.producer];
    if (!state) return;
    const recovery = state.recovering;
    if (message.requestId !== undefined) {
      // A recovery's answer: only the one asked last counts.
      if (!recovery || message.requestId !== recovery.requestId) return;
      if (message.type !== 'snapshot_complete') {
        recovery.messages.push(message);
        return;
      }
      const applied = await applySnapshot(
        this.db,
        message.producer,
        recovery.messages,
        { lastSeq: message.lastSeq, ts: message.ts },
        recovery.expectedSeq,
        this.onOddsChanges,
      );
      if (!applied) {
        // Another consumer moved the cursor meanwhile: start again from where it is now.
        state.cursor = (await readCursors(this.db))[message.producer];
        return this.recover(message.producer);
      }
      this.stats.snapshots++;
      state.cursor = { producer: message.producer, lastSeq: message.lastSeq, lastTs: message.ts };
      state.recovering = null;
      const buffered = state.buffer.sort((a, b) => a.seq - b.seq);
      state.buffer = [];
      for (const m of buffered) {
        if (state.recovering) state.buffer.push(m);
        else await this.stream(state, m);
      }
      return;
    }
    if (message.type === 'alive') {
      if (recovery) return;
      if (!message.subscribed) state.down = true;
      else if (state.down || message.lastSeq !== state.cursor.lastSeq) {
        // Back from down, a quiet gap (ahead of us), or a feed that restarted (behind us).
        this.recover(message.producer);
      }
      return;
    }
    if (message.seq === undefined) return;
    const sequenced = message as FeedMessage & { seq: number };
    if (recovery) {
      if (state.buffer.length < MAX_BUFFER) state.buffer.push(sequenced);
      return;
    }
    return this.stream(state, sequenced);
  }

  private async stream(state: ProducerState, message: FeedMessage & { seq: number }) {
    if (message.seq <= state.cursor.lastSeq) {
      this.stats.duplicates++;
      return;
    }
    if (message.seq !== state.cursor.lastSeq + 1) {
      state.buffer.push(message);
      return this.recover(message.producer);
    }
    const outcome = await applyStreamMessage(this.db, message, this.onOddsChanges);
    if (outcome === 'applied') {
      this.stats.applied++;
      state.cursor = { producer: message.producer, lastSeq: message.seq, lastTs: message.ts };
      this.afterApply?.(message);
      return;
    }
    // The database's cursor is not ours (another consumer ran): take it and recover from there.
    state.cursor = (await readCursors(this.db))[message.producer];
    if (outcome === 'duplicate' && message.seq <= state.cursor.lastSeq) {
      this.stats.duplicates++;
      return;
    }
    state.buffer.push(message);
    this.recover(message.producer);
  }

  private handleError(error: FeedError) {
    const states = this.states!;
    for (const producer of PRODUCERS) {
      const recovery = states[producer].recovering;
      if (!recovery || recovery.requestId !== error.requestId) continue;
      this.log?.warn({ code: error.code, producer }, 'sportsbook feed: recovery refused');
      // Too old for the feed's log: recover from its start (what it still holds) and reconcile.
      this.recover(producer, error.code === 'RECOVERY_TOO_OLD');
    }
  }
}

interface FeedError {
  type: 'error';
  code: string;
  requestId?: string;
  producer?: undefined;
}

export interface FeedConsumerOptions {
  /** The feed's base address (http…); the stream is its /v1/stream. */
  url: string;
  token?: string;
  /** How long the lease lasts without renewal; renewed every third of it. */
  leaseMs?: number;
  /** The first reconnection delay (doubles up to 5 s). */
  retryMs?: number;
  /** Told what each applied message changed of the odds, after its commit. */
  onOddsChanges?: OddsChangesListener;
}

const LEASE = 'feed';

/**
 * The consumer over the feed's WebSocket, run by one instance at a time: it renews a row lease
 * (sb_feed_lease) on a ticker; while it holds it, it keeps a connection (reconnecting with backoff)
 * and feeds the ingestor; when it loses it, it disconnects. A pause of the socket keeps the queue
 * of messages not yet applied bounded.
 */
export class FeedConsumer {
  readonly holder = randomUUID();
  readonly ingestor: FeedIngestor;
  private socket: WebSocket | null = null;
  private readonly ticker: Ticker;
  private retryMs: number;
  private retryTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  private leading = false;

  constructor(
    private readonly db: Db,
    private readonly log: Pick<Logger, 'warn' | 'info'>,
    private readonly options: FeedConsumerOptions,
  ) {
    this.ingestor = new FeedIngestor(db, log, () => this.drop());
    this.ingestor.onOddsChanges = options.onOddsChanges;
    this.retryMs = options.retryMs ?? 200;
    this.ticker = new Ticker(() => this.tick(), Math.max(50, Math.floor((options.leaseMs ?? 15_000) / 3)));
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.tick();
    this.ticker.start();
  }

  /** Stops (the lease handed back for a quick takeover); what was queued and not applied is recovered by the next. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.ticker.stop();
    this.disconnect();
    await this.ingestor.idle();
    await this.db.deleteFrom('sb_feed_lease').where('holder', '=', this.holder).execute();
  }

  /** Cuts the connection now, as a network failure would (tests); the consumer reconnects and recovers. */
  abortConnection(): void {
    this.socket?.terminate();
  }

  get connected(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    try {
      this.leading = await this.lead();
    } catch (error) {
      this.log.warn({ err: String(error) }, 'sportsbook feed: lease not renewed');
      this.leading = false;
    }
    if (!this.leading) this.disconnect();
    else if (!this.socket && !this.retryTimer) this.connect();
  }

  private async lead(): Promise<boolean> {
    const now = new Date();
    const expires = new Date(now.getTime() + (this.options.leaseMs ?? 15_000));
    const row = await this.db
      .insertInto('sb_feed_lease')
      .values({ name: LEASE, holder: this.holder, expires_at: expires })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ holder: this.holder, expires_at: expires })
          .where((eb) =>
            eb.or([eb('sb_feed_lease.holder', '=', this.holder), eb('sb_feed_lease.expires_at', '<', now)]),
          ),
      )
      .returning('holder')
      .executeTakeFirst();
    return row?.holder === this.holder;
  }

  private connect() {
    const url = new URL('/v1/stream', this.options.url.replace(/^http/, 'ws'));
    if (this.options.token) url.searchParams.set('token', this.options.token);
    const socket = new WebSocket(url, { maxPayload: 64 * 1024 * 1024 });
    this.socket = socket;
    let paused = false;
    socket.on('open', () => {
      this.retryMs = this.options.retryMs ?? 200;
      this.ingestor.connected((request) => {
        if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(request));
      });
    });
    socket.on('message', (data) => {
      let message: FeedMessage;
      try {
        message = JSON.parse(String(data));
      } catch {
        return;
      }
      if (!message || typeof message !== 'object' || typeof message.type !== 'string') return;
      this.ingestor.receive(message);
      if (!paused && this.ingestor.queued > 2_000) {
        paused = true;
        socket.pause();
        void this.ingestor.idle().then(() => {
          paused = false;
          if (socket.readyState === WebSocket.OPEN) socket.resume();
        });
      }
    });
    socket.on('error', (err) => this.log.warn({ err: err.message }, 'sportsbook feed: connection error'));
    socket.on('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.ingestor.disconnected();
      this.scheduleReconnect();
    });
  }

  private drop() {
    const socket = this.socket;
    this.socket = null;
    socket?.terminate();
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    if (this.stopped || !this.leading || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.stopped && this.leading && !this.socket) this.connect();
    }, this.retryMs);
    this.retryMs = Math.min(5_000, this.retryMs * 2);
  }

  private disconnect() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      this.ingestor.disconnected();
      socket.terminate();
    }
  }
}
