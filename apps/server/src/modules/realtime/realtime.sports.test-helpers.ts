import { Feed, type FeedMessage, type OddsChange } from '../../../../reference-feed/src/index.ts';
import WebSocket from 'ws';
import type { Db } from '../../platform/database/database.ts';
import { applyStreamMessage, readCursors } from '../sportsbook/index.ts';
import type { Schedule } from './realtime.sports.ts';

/** Helpers of the live odds tests (imported by *.test.ts only). */

/** Timers run by the test: `run(ms)` fires what waits with that delay (100: a coalescing window). */
export function manualTimers() {
  const waiting = new Set<{ fn: () => void; ms: number }>();
  const schedule: Schedule = (fn, ms) => {
    const entry = { fn, ms };
    waiting.add(entry);
    return () => waiting.delete(entry);
  };
  return {
    schedule,
    run(ms: number): number {
      const due = [...waiting].filter((e) => e.ms === ms);
      for (const e of due) {
        waiting.delete(e);
        e.fn();
      }
      return due.length;
    },
  };
}

export interface OddsClient {
  socket: WebSocket;
  messages: Array<Record<string, unknown> & { type: string }>;
  closed: Promise<number>;
  /** The next message (from now on, or already received and not yet taken) matching `match`. */
  next(
    match?: (m: Record<string, unknown> & { type: string }) => boolean,
    ms?: number,
  ): Promise<Record<string, unknown>>;
}

export async function connectOdds(url: string): Promise<OddsClient> {
  const socket = new WebSocket(url);
  const messages: OddsClient['messages'] = [];
  let taken = 0;
  const listeners = new Set<() => void>();
  socket.on('message', (data, isBinary) => {
    // A browser reads a binary frame as a Blob: every message must be text.
    messages.push(isBinary ? { type: 'BINARY FRAME' } : JSON.parse(String(data)));
    for (const l of listeners) l();
  });
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const next: OddsClient['next'] = (match = () => true, ms = 5_000) =>
    new Promise((resolve, reject) => {
      const look = () => {
        for (let i = taken; i < messages.length; i++) {
          taken = i + 1;
          if (match(messages[i]!)) {
            listeners.delete(look);
            clearTimeout(timer);
            resolve(messages[i]!);
            return;
          }
        }
      };
      const timer = setTimeout(() => {
        listeners.delete(look);
        reject(new Error(`no matching message within ${ms} ms: ${JSON.stringify(messages.slice(-5))}`));
      }, ms);
      listeners.add(look);
      look();
    });
  return { socket, messages, closed, next };
}

/** Watches these fixtures and waits for the server's answer. */
export async function watch(client: OddsClient, fixtureIds: string[]): Promise<void> {
  client.socket.send(JSON.stringify({ type: 'sports.watch', fixtureIds }));
  await client.next((m) => m.type === 'sports.watching');
}

/** A small book from the reference feed's engine: two football fixtures, their odds_change messages. */
export async function ingestSmallBook(
  db: Db,
): Promise<{ fixtures: string[]; last: Map<string, OddsChange> }> {
  const feed = new Feed({
    seed: 12,
    startAt: Date.UTC(2026, 10, 27, 12),
    speed: 600,
    leadMinutes: [30, 60],
    sports: ['football'],
    fixturesPerSport: 2,
  });
  const messages: FeedMessage[] = [];
  feed.subscribe((m) => messages.push(m));
  feed.open();
  feed.advanceTo(feed.clock + 5 * 100);
  const last = new Map<string, OddsChange>();
  for (const m of messages) {
    if (m.seq !== undefined) await applyStreamMessage(db, m as FeedMessage & { seq: number });
    if (m.type === 'odds_change') last.set(m.fixtureId, m);
  }
  return { fixtures: [...last.keys()].sort(), last };
}

/**
 * The next stream message of `base`'s producer: its 1x2 market with the home odds set to `homeOdds`
 * (and the status, when given), as the feed would send it.
 */
export async function nextOddsChange(
  db: Db,
  base: OddsChange,
  homeOdds: number,
  status: 'active' | 'suspended' = 'active',
): Promise<OddsChange & { seq: number }> {
  const cursor = (await readCursors(db))[base.producer];
  const market = base.markets.find((m) => m.key === '1x2')!;
  return {
    ...base,
    seq: cursor.lastSeq + 1,
    ts: cursor.lastTs + 1,
    markets: [
      {
        ...market,
        status,
        outcomes: market.outcomes.map((o) => (o.id === 'home' ? { ...o, odds: homeOdds } : o)),
      },
    ],
  };
}

/** The 1x2 market as a change of its home odds alone shows it on the socket. */
export const homeOnly = (homeOdds: number, status = 'active') => [
  { key: '1x2', specifiers: '', status, outcomes: [{ id: 'home', odds: homeOdds, active: true }] },
];
