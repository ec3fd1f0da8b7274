import { describe, expect, it } from 'vitest';
import {
  backoffMs,
  connectRealtime,
  emitMemberMessage,
  MAX_BACKOFF_MS,
  onMemberMessage,
  RECONNECTED,
  type RealtimeEvent,
  realtimeUrl,
} from './realtime';

/** Just enough of a browser WebSocket for the client: what it sent, and hooks to play the server. */
class FakeSocket {
  sent: string[] = [];
  closed: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  close(code: number) {
    this.closed = code;
  }
  serverSays(type: string) {
    this.onmessage?.({ data: JSON.stringify({ type }) });
  }
}

function harness() {
  const sockets: FakeSocket[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const events: [RealtimeEvent, boolean][] = [];
  const stop = connectRealtime({
    token: 'tok',
    url: 'ws://test/wps/ws',
    onEvent: (event, reconnected) => events.push([event, reconnected]),
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    setTimer: (run, ms) => timers.push({ run, ms }),
    clearTimer: () => {},
  });
  return { sockets, timers, events, stop };
}

describe('realtime client', () => {
  it('authenticates in the first message and reports balance changes', () => {
    const { sockets, events } = harness();
    sockets[0]!.onopen?.();
    expect(sockets[0]!.sent).toEqual([JSON.stringify({ type: 'auth', token: 'tok' })]);
    sockets[0]!.serverSays('ready');
    sockets[0]!.serverSays('balance-changed');
    expect(events).toEqual([
      ['ready', false],
      ['balance-changed', false],
    ]);
  });

  it('reconnects with growing delays and says so once connected again', () => {
    const { sockets, timers, events } = harness();
    sockets[0]!.onclose?.({ code: 1006 });
    timers[0]!.run();
    sockets[1]!.onclose?.({ code: 1006 });
    expect(timers.map((t) => t.ms)).toEqual([1_000, 2_000]);
    timers[1]!.run();
    sockets[2]!.serverSays('ready');
    expect(events).toEqual([['ready', false]]);
  });

  it('does not retry a refused session, and stop() closes the socket', () => {
    const refused = harness();
    refused.sockets[0]!.onclose?.({ code: 4401 });
    expect(refused.timers).toEqual([]);
    const open = harness();
    open.stop();
    expect(open.sockets[0]!.closed).toBe(1000);
    open.sockets[0]!.onclose?.({ code: 1000 });
    expect(open.timers).toEqual([]);
  });

  it('caps the backoff and picks ws or wss from the page', () => {
    expect(backoffMs(20)).toBe(MAX_BACKOFF_MS);
    expect(realtimeUrl({ protocol: 'https:', host: 'a.example' })).toBe('wss://a.example/wps/ws');
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/wps/ws');
  });
});

describe('realtime client: other messages', () => {
  it('hands merchant-wide pushes (the crash round) to onMessage, parsed', () => {
    const messages: unknown[] = [];
    const socket = new FakeSocket();
    connectRealtime({
      token: 'tok',
      url: 'ws://test/wps/ws',
      onEvent: () => {},
      onMessage: (message) => messages.push(message),
      createSocket: () => socket as unknown as WebSocket,
      setTimer: () => 0,
      clearTimer: () => {},
    });
    socket.onmessage?.({ data: JSON.stringify({ type: 'crash.round', round: { id: '7' } }) });
    socket.serverSays('balance-changed');
    expect(messages).toEqual([{ type: 'crash.round', round: { id: '7' } }]);
  });
});

describe('member messages', () => {
  it('hands every message to the listeners until they unsubscribe', () => {
    const heard: string[] = [];
    const stop = onMemberMessage((message) => heard.push(message.type));
    emitMemberMessage({ type: 'cashier.order', kind: 'withdrawal', id: 'w1', status: 'approved' });
    emitMemberMessage(RECONNECTED);
    stop();
    emitMemberMessage({ type: 'cashier.order' });
    expect(heard).toEqual(['cashier.order', 'realtime.reconnected']);
  });
});
