import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import {
  type BetSettlement,
  type FeedMessage,
  type MarketRef,
  type OutcomeResult,
  PRODUCERS,
  type Producer,
  type SettledOutcome,
} from './contract.ts';
import { Feed, type FeedOptions, RECOVERY_WINDOW_MS } from './feed.ts';

/**
 * The reference feed as a process: the engine of feed.ts on the wall clock, its messages on a
 * WebSocket (/v1/stream) and its HTTP API (fixtures, recovery snapshots, and the operator actions a
 * real provider's traders would take: cancel, roll back, resettle). docs/sportsbook-feed.md.
 */
export interface ReferenceFeedOptions extends FeedOptions {
  port: number;
  host?: string;
  /** When set, every call must carry it (HTTP `authorization: Bearer …`, WebSocket `?token=…`). */
  token?: string;
}

export interface ReferenceFeed {
  url: string;
  feed: Feed;
  close(): Promise<void>;
}

const MAX_BODY = 16_384;
const MAX_BUFFERED = 16 * 1024 * 1024;

export async function startReferenceFeed(options: ReferenceFeedOptions): Promise<ReferenceFeed> {
  const feed = new Feed({ ...options, startAt: options.startAt ?? Date.now() });
  const sockets = new Set<WebSocket>();
  feed.subscribe((message) => {
    const text = JSON.stringify(message);
    for (const socket of sockets) {
      if (socket.readyState !== WebSocket.OPEN) continue;
      // A consumer that stopped reading is cut off rather than buffered without end; it recovers.
      if (socket.bufferedAmount > MAX_BUFFERED) socket.terminate();
      else socket.send(text);
    }
  });
  feed.open();

  const authorized = (request: IncomingMessage, url: URL) =>
    !options.token ||
    request.headers.authorization === `Bearer ${options.token}` ||
    url.searchParams.get('token') === options.token;

  /** Answers the snapshot, or an error code when the request is not valid. */
  function recover(producer: unknown, after: unknown, requestId: unknown): FeedMessage[] | string {
    if (!PRODUCERS.includes(producer as Producer)) return 'BAD_PRODUCER';
    const since = Number(after ?? 0);
    if (!Number.isSafeInteger(since) || since < 0) return 'BAD_AFTER';
    if (since !== 0 && feed.clock - since > RECOVERY_WINDOW_MS) return 'RECOVERY_TOO_OLD';
    const id = String(requestId ?? '');
    if (!/^[\w.:-]{1,64}$/.test(id)) return 'BAD_REQUEST_ID';
    return feed.snapshot(producer as Producer, since, id);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => send(response, 500, { code: 'FEED_ERROR' }));
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://feed');
    if (request.method === 'GET' && url.pathname === '/healthz') return send(response, 200, { ok: true });
    if (!authorized(request, url)) return send(response, 401, { code: 'UNAUTHORIZED' });
    feed.advanceTo(Date.now());
    if (request.method === 'GET' && url.pathname === '/v1/fixtures')
      return send(response, 200, { fixtures: feed.fixtures() });
    const one = /^\/v1\/fixtures\/([\w-]{1,64})$/.exec(url.pathname);
    if (request.method === 'GET' && one) {
      const found = feed.fixture(one[1]!);
      return found ? send(response, 200, found) : send(response, 404, { code: 'FIXTURE_UNKNOWN' });
    }
    if (request.method === 'GET' && url.pathname === '/v1/snapshot') {
      const q = url.searchParams;
      const answer = recover(q.get('producer'), q.get('after'), q.get('requestId'));
      return typeof answer === 'string'
        ? send(response, 400, { code: answer })
        : send(response, 200, { messages: answer });
    }
    const admin =
      /^\/v1\/admin\/fixtures\/([\w-]{1,64})\/(cancel|rollback-cancel|rollback-settlement|resettle)$/.exec(
        url.pathname,
      );
    if (request.method === 'POST' && admin) {
      const body = await readJson(request);
      if (!body) return send(response, 400, { code: 'MALFORMED_JSON' });
      const markets = parseMarkets(body.markets);
      const window = parseWindow(body);
      const settled = admin[2] === 'resettle' ? parseSettled(body.markets) : undefined;
      if (markets === null || window === null || settled === null)
        return send(response, 400, { code: 'BAD_INPUT' });
      const id = admin[1]!;
      const done =
        admin[2] === 'cancel'
          ? feed.cancelBets(id, {
              markets,
              ...window,
              reason: typeof body.reason === 'string' ? body.reason.slice(0, 64) : undefined,
            })
          : admin[2] === 'rollback-cancel'
            ? feed.rollbackCancel(id, { markets, ...window })
            : admin[2] === 'rollback-settlement'
              ? feed.rollbackSettlement(id, markets)
              : feed.resettle(id, settled);
      return done ? send(response, 200, { ok: true }) : send(response, 404, { code: 'FIXTURE_UNKNOWN' });
    }
    return send(response, 404, { code: 'NOT_FOUND' });
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: 4_096 });
  server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://feed');
    if (url.pathname !== '/v1/stream' || !authorized(request, url)) {
      socket.end('HTTP/1.1 401 Unauthorized\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      sockets.add(ws);
      ws.on('close', () => sockets.delete(ws));
      ws.on('message', (data) => {
        // The one client message: {"type":"recover","producer":"live","after":…,"requestId":"…"};
        // the snapshot goes to this socket only, before any later message of the stream.
        let request: Record<string, unknown>;
        try {
          request = JSON.parse(String(data));
        } catch {
          return ws.send(JSON.stringify({ type: 'error', code: 'MALFORMED_JSON' }));
        }
        if (request?.type !== 'recover')
          return ws.send(JSON.stringify({ type: 'error', code: 'UNKNOWN_REQUEST' }));
        feed.advanceTo(Date.now());
        const answer = recover(request.producer, request.after, request.requestId);
        if (typeof answer === 'string')
          return ws.send(JSON.stringify({ type: 'error', code: answer, requestId: request.requestId }));
        for (const message of answer) ws.send(JSON.stringify(message));
      });
    });
  });

  const minuteMs = 60_000 / (options.speed ?? 1);
  const timer = setInterval(() => feed.advanceTo(Date.now()), Math.max(20, Math.min(1_000, minuteMs / 4)));
  timer.unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    feed,
    close: () =>
      new Promise((resolve) => {
        clearInterval(timer);
        for (const socket of sockets) socket.terminate();
        wss.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function parseMarkets(value: unknown): MarketRef[] | undefined | null {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length > 500) return null;
  const out: MarketRef[] = [];
  for (const m of value) {
    if (typeof m?.key !== 'string' || typeof (m.specifiers ?? '') !== 'string') return null;
    out.push({ key: m.key, specifiers: m.specifiers ?? '' });
  }
  return out;
}

const RESULTS: readonly OutcomeResult[] = ['win', 'lose', 'void', 'half_win', 'half_lose'];

/** A trader's results: every outcome with a known result; a dead-heat factor only on a win, 0 < num ≤ den. */
function parseSettled(value: unknown): BetSettlement['markets'] | undefined | null {
  const refs = parseMarkets(value);
  if (!refs) return refs;
  const out: BetSettlement['markets'] = [];
  for (const [i, ref] of refs.entries()) {
    const outcomes = (value as Array<{ outcomes?: unknown }>)[i]!.outcomes;
    if (!Array.isArray(outcomes) || outcomes.length === 0 || outcomes.length > 100) return null;
    const settled: SettledOutcome[] = [];
    for (const o of outcomes) {
      if (typeof o?.id !== 'string' || !RESULTS.includes(o.result)) return null;
      const f = o.deadHeatFactor;
      if (f === undefined) settled.push({ id: o.id, result: o.result });
      else if (
        o.result === 'win' &&
        Number.isSafeInteger(f?.num) &&
        Number.isSafeInteger(f?.den) &&
        f.num > 0 &&
        f.num <= f.den
      )
        settled.push({ id: o.id, result: 'win', deadHeatFactor: { num: f.num, den: f.den } });
      else return null;
    }
    out.push({ ...ref, outcomes: settled });
  }
  return out;
}

function parseWindow(body: Record<string, unknown>): { startTime?: number; endTime?: number } | null {
  const out: { startTime?: number; endTime?: number } = {};
  for (const name of ['startTime', 'endTime'] as const) {
    const value = body[name];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value)) return null;
    out[name] = value as number;
  }
  return out;
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown> | null> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return {};
  try {
    const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return parsed && typeof parsed === 'object' ? parsed : null;
  } catch {
    return null;
  }
}
