import type { SportsEvent, SportsMarket } from '@sorte/contracts';
import { useEffect, useRef, useState } from 'react';
import { create } from 'zustand';
import { queryClient } from '../../lib/query-client';
import { backoffMs } from '../../lib/realtime';
import { sportsKeys } from './query-keys';

/**
 * Live odds. The server pushes what changed over a public WebSocket (`GET /wps/ws/sports`): the
 * client names the fixtures on screen (`sports.watch`, the whole set each time, ≤ 200 ids) and
 * patches the cached events with each `sports.odds`. When the socket is not there (not deployed, a
 * proxy without WebSockets, a drop) the queries poll instead (`refetchMs`), so the screens are
 * live either way; while the socket is open they still refetch now and then, for markets the
 * patches cannot add (a new line).
 */
export interface OddsMessage {
  type: 'sports.odds';
  fixtureId: string;
  status?: string;
  score?: SportsEvent['score'] & Record<string, unknown>;
  markets?: {
    key: string;
    specifiers: string;
    status: string;
    outcomes: { id: string; odds: number | null; active: boolean }[];
  }[];
}

const MAX_WATCHED = 200;
const POLL_MS = 4_000;
const POLL_WITH_SOCKET_MS = 30_000;

/** The feed's fixture statuses onto the three the player API shows. */
function eventStatus(status: string | undefined, was: SportsEvent['status']): SportsEvent['status'] {
  if (status === 'not_started' || status === 'live') return status;
  if (status === 'ended' || status === 'closed' || status === 'cancelled') return 'ended';
  return was;
}

/** The event after one pushed change: odds, `open`, market status and score; a deactivated market leaves. */
export function applyOddsMessage(event: SportsEvent, message: OddsMessage): SportsEvent {
  if (message.fixtureId !== event.id) return event;
  let markets = event.markets;
  for (const change of message.markets ?? []) {
    const at = markets.findIndex((m) => m.key === change.key && m.specifiers === change.specifiers);
    if (at < 0) continue;
    if (change.status !== 'active' && change.status !== 'suspended') {
      markets = markets.filter((_, i) => i !== at);
      continue;
    }
    const market = markets[at]!;
    const status = change.status;
    const outcomes = market.outcomes.map((o) => {
      const next = change.outcomes.find((c) => c.id === o.id);
      const odds = next ? next.odds : o.odds;
      const active = next ? next.active : o.open || market.status !== 'active';
      const changed = next !== undefined && (next.odds !== o.odds || next.active !== o.open);
      return {
        ...o,
        odds,
        open: status === 'active' && active && odds !== null,
        version: changed ? o.version + 1 : o.version,
      };
    });
    const updated: SportsMarket = { ...market, status, outcomes };
    markets = markets.map((m, i) => (i === at ? updated : m));
  }
  const score = message.score
    ? {
        home: message.score.home,
        away: message.score.away,
        period: message.score.period,
        ...(message.score.minute === undefined ? {} : { minute: message.score.minute }),
      }
    : event.score;
  return { ...event, status: eventStatus(message.status, event.status), score, markets };
}

interface SocketState {
  open: boolean;
  setOpen: (open: boolean) => void;
}
const useSocketState = create<SocketState>((set) => ({ open: false, setOpen: (open) => set({ open }) }));

/** How often the sportsbook's queries refetch: often without the socket, seldom with it. */
export function useRefetchMs(): number {
  return useSocketState((s) => (s.open ? POLL_WITH_SOCKET_MS : POLL_MS));
}

/** Patches every cached copy of the fixture (lobby lists, the event page, the slip's events). */
function patchCaches(message: OddsMessage): void {
  const patch = (event: SportsEvent | undefined) => (event ? applyOddsMessage(event, message) : event);
  queryClient.setQueriesData<SportsEvent[]>({ queryKey: sportsKeys.allEvents }, (list) =>
    list?.map((e) => (e.id === message.fixtureId ? applyOddsMessage(e, message) : e)),
  );
  queryClient.setQueryData<SportsEvent>(sportsKeys.event(message.fixtureId), patch);
}

const watchers = new Map<number, readonly string[]>();
let nextWatcher = 1;
let socket: WebSocket | null = null;
let attempt = 0;
let retry: ReturnType<typeof setTimeout> | null = null;

function watchedIds(): string[] {
  const ids = new Set<string>();
  for (const list of watchers.values()) for (const id of list) ids.add(id);
  return [...ids].slice(0, MAX_WATCHED);
}

function sendWatch(): void {
  if (socket?.readyState === WebSocket.OPEN)
    socket.send(JSON.stringify({ type: 'sports.watch', fixtureIds: watchedIds() }));
}

function connect(): void {
  if (socket || typeof WebSocket === 'undefined') return;
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const ws = new WebSocket(`${scheme}://${location.host}/wps/ws/sports`);
  socket = ws;
  // The server may send its JSON as binary frames: read them as bytes, not as a Blob.
  ws.binaryType = 'arraybuffer';
  ws.onopen = () => {
    attempt = 0;
    useSocketState.getState().setOpen(true);
    sendWatch();
  };
  ws.onmessage = (event) => {
    try {
      const text = typeof event.data === 'string' ? event.data : new TextDecoder().decode(event.data);
      const message = JSON.parse(text) as OddsMessage;
      if (message.type === 'sports.odds' && typeof message.fixtureId === 'string') patchCaches(message);
    } catch {
      // Not ours to read: ignored.
    }
  };
  ws.onclose = () => {
    socket = null;
    useSocketState.getState().setOpen(false);
    // Polling covers the gap; the socket is tried again with a growing pause while anyone watches.
    if (watchers.size > 0) retry = setTimeout(connect, backoffMs(attempt++));
  };
}

function disconnect(): void {
  if (retry) clearTimeout(retry);
  retry = null;
  socket?.close();
  socket = null;
  useSocketState.getState().setOpen(false);
}

/** Keeps these fixtures' odds coming while the component is on screen. */
export function useWatchFixtures(ids: readonly string[]): void {
  const key = ids.join(',');
  useEffect(() => {
    const id = nextWatcher++;
    watchers.set(id, key ? key.split(',') : []);
    if (socket) sendWatch();
    else if (!retry) connect();
    return () => {
      watchers.delete(id);
      if (watchers.size === 0) disconnect();
      else sendWatch();
    };
  }, [key]);
}

export type Flash = 'up' | 'down' | null;

/** 'up' or 'down' for about a second after the odds moved (green / red), then null. */
export function useOddsFlash(odds: number | null): Flash {
  const previous = useRef(odds);
  const [flash, setFlash] = useState<Flash>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = odds;
    if (before === null || odds === null || before === odds) return;
    setFlash(odds > before ? 'up' : 'down');
    const timer = setTimeout(() => setFlash(null), 1_000);
    return () => clearTimeout(timer);
  }, [odds]);
  return flash;
}
