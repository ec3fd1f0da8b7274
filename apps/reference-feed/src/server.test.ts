import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { FeedMessage } from './contract.ts';
import { type ReferenceFeed, startReferenceFeed } from './server.ts';

const TOKEN = 'test-token';
let feed: ReferenceFeed;

beforeAll(async () => {
  feed = await startReferenceFeed({
    port: 0,
    host: '127.0.0.1',
    seed: 1,
    speed: 600,
    sports: ['football', 'cs2'],
    fixturesPerSport: 1,
    token: TOKEN,
  });
});
afterAll(() => feed.close());

const auth = { authorization: `Bearer ${TOKEN}` };

/** Opens the stream and collects its messages; `until` resolves with the first message matching. */
function stream() {
  const socket = new WebSocket(`${feed.url.replace('http', 'ws')}/v1/stream?token=${TOKEN}`);
  const messages: FeedMessage[] = [];
  const waiting: Array<{ test: (m: FeedMessage) => boolean; resolve: (m: FeedMessage) => void }> = [];
  socket.on('message', (data) => {
    const m = JSON.parse(String(data)) as FeedMessage;
    messages.push(m);
    for (const w of waiting.splice(0))
      if (w.test(m)) w.resolve(m);
      else waiting.push(w);
  });
  return {
    socket,
    messages,
    opened: new Promise((resolve) => socket.once('open', resolve)),
    until: (test: (m: FeedMessage) => boolean) =>
      new Promise<FeedMessage>((resolve) => {
        const found = messages.find(test);
        if (found) resolve(found);
        else waiting.push({ test, resolve });
      }),
  };
}

describe('the reference feed process', () => {
  it('refuses calls without the token', async () => {
    expect((await fetch(`${feed.url}/v1/fixtures`)).status).toBe(401);
    expect((await fetch(`${feed.url}/healthz`)).status).toBe(200);
  });

  it('lists fixtures and answers one with its current odds', async () => {
    const { fixtures } = (await (await fetch(`${feed.url}/v1/fixtures`, { headers: auth })).json()) as {
      fixtures: Array<{ id: string; sport: string }>;
    };
    expect(fixtures.map((f) => f.sport).sort()).toEqual(['cs2', 'football']);
    const one = (await (
      await fetch(`${feed.url}/v1/fixtures/${fixtures[0]!.id}`, { headers: auth })
    ).json()) as {
      odds: { markets: unknown[] };
    };
    expect(one.odds.markets.length).toBeGreaterThan(0);
    expect((await fetch(`${feed.url}/v1/fixtures/nope`, { headers: auth })).status).toBe(404);
  });

  it('streams messages and answers a recovery on the socket, ending with the marker', async () => {
    const s = stream();
    await s.opened;
    await s.until((m) => m.type === 'odds_change' && m.seq !== undefined);
    s.socket.send(JSON.stringify({ type: 'recover', producer: 'live', after: 0, requestId: 'r1' }));
    const complete = await s.until((m) => m.type === 'snapshot_complete');
    expect(complete).toMatchObject({ requestId: 'r1', producer: 'live' });
    s.socket.send('{"type":"recover","producer":"nope","requestId":"r2"}');
    await s.until((m) => (m as { code?: string }).code === 'BAD_PRODUCER');
    s.socket.close();
  });

  it('answers a snapshot over HTTP and refuses a bad one with a code', async () => {
    const ok = await fetch(`${feed.url}/v1/snapshot?producer=prematch&after=0&requestId=h1`, {
      headers: auth,
    });
    const { messages } = (await ok.json()) as { messages: FeedMessage[] };
    expect(messages.at(-1)).toMatchObject({ type: 'snapshot_complete', requestId: 'h1' });
    const bad = await fetch(`${feed.url}/v1/snapshot?producer=live&after=-5&requestId=h2`, { headers: auth });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ code: 'BAD_AFTER' });
  });

  it('sends a bet cancel an operator asks for', async () => {
    const s = stream();
    await s.opened;
    const [fixture] = feed.feed.fixtures();
    const answer = await fetch(`${feed.url}/v1/admin/fixtures/${fixture!.id}/cancel`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ startTime: 0, endTime: Date.now(), reason: 'test', markets: [{ key: '1x2' }] }),
    });
    expect(answer.status).toBe(200);
    const cancel = await s.until((m) => m.type === 'bet_cancel');
    expect(cancel).toMatchObject({
      fixtureId: fixture!.id,
      startTime: 0,
      markets: [{ key: '1x2', specifiers: '' }],
    });
    const bad = await fetch(`${feed.url}/v1/admin/fixtures/${fixture!.id}/cancel`, {
      method: 'POST',
      headers: auth,
      body: '{"startTime":"soon"}',
    });
    expect(bad.status).toBe(400);
    s.socket.close();
  });

  it('sends a trader’s corrected settlement with a dead-heat factor, and refuses a malformed one', async () => {
    const s = stream();
    await s.opened;
    // Play the football fixture (it started at once) to its end on the feed's own clock, watching
    // the engine itself: the socket's messages arrive only once this synchronous loop yields.
    const id = feed.feed.fixtures().find((f) => f.sport === 'football')!.id;
    let settled = false;
    const stop = feed.feed.subscribe((m) => {
      if (m.type === 'bet_settlement' && m.fixtureId === id) settled = true;
    });
    for (let t = feed.feed.clock; !settled && t < feed.feed.clock + 3_600_000; t += 1_000)
      feed.feed.advanceTo(t);
    stop();
    expect(settled).toBe(true);
    const post = (body: unknown) =>
      fetch(`${feed.url}/v1/admin/fixtures/${id}/resettle`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const dh = {
      key: 'btts',
      specifiers: '',
      outcomes: [
        { id: 'yes', result: 'win', deadHeatFactor: { num: 1, den: 2 } },
        { id: 'no', result: 'lose' },
      ],
    };
    expect((await post({ markets: [dh] })).status).toBe(200);
    const resettled = await s.until((m) => m.type === 'bet_settlement' && m.markets.length === 1);
    expect(resettled).toMatchObject({ fixtureId: id, markets: [dh] });
    const bad = { ...dh, outcomes: [{ id: 'yes', result: 'lose', deadHeatFactor: { num: 1, den: 2 } }] };
    expect((await post({ markets: [bad] })).status).toBe(400);
    expect((await post({ markets: [{ ...dh, outcomes: [{ id: 'yes', result: 'won' }] }] })).status).toBe(400);
    s.socket.close();
  });
});
