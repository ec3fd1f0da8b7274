import type { SportsEvent } from '@sorte/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Feed, type FeedMessage, type OddsChange } from '../../../../reference-feed/src/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { applyStreamMessage } from './sportsbook.ingest.ts';

/**
 * The players' read-only events API over a book ingested from the reference feed's engine (three
 * sports, some fixtures live, some not started): the list's filters and main market, one event's
 * every offered market, and the refusals (a bad filter, an unknown event, an unknown merchant).
 */
let t: TestApp;
const messages: FeedMessage[] = [];
let feed: Feed;

beforeAll(async () => {
  t = await createTestApp();
  feed = new Feed({
    seed: 8,
    startAt: Date.UTC(2026, 10, 27, 12),
    speed: 600,
    leadMinutes: [30, 60],
    sports: ['football', 'tennis', 'cs2'],
    fixturesPerSport: 2,
  });
  feed.subscribe((m) => messages.push(m));
  feed.open();
  feed.advanceTo(feed.clock + 10 * 100); // ten simulated minutes: the first of each sport is live
  for (const m of messages)
    if (m.seq !== undefined) await applyStreamMessage(t.ctx.db, m as FeedMessage & { seq: number });
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** The feed's last odds of a fixture's market, as the API should show them. */
function lastOdds(fixtureId: string, key: string) {
  const last = messages
    .filter((m): m is OddsChange => m.type === 'odds_change' && m.fixtureId === fixtureId)
    .at(-1)!;
  return last.markets.find((m) => m.key === key)!;
}

describe('GET /wps/sports/events', () => {
  it('lists live events first, then upcoming by start, each with its main market at the feed’s odds', async () => {
    const response = await get('/wps/sports/events');
    expect(response.statusCode).toBe(200);
    const events = response.json().value as SportsEvent[];
    expect(events).toHaveLength(6);
    expect(events.slice(0, 3).map((e) => e.status)).toEqual(['live', 'live', 'live']);
    expect(events.slice(3).map((e) => e.status)).toEqual(['not_started', 'not_started', 'not_started']);
    const upcoming = events.slice(3).map((e) => e.startTime);
    expect(upcoming).toEqual([...upcoming].sort());
    const football = events.find((e) => e.sport === 'football' && e.status === 'live')!;
    expect(football.markets.map((m: { key: string }) => m.key)).toEqual(['1x2']);
    const fed = lastOdds(football.id, '1x2');
    const main = football.markets[0]!;
    expect(main.outcomes.map((o) => [o.id, o.odds])).toEqual(fed.outcomes.map((o) => [o.id, o.odds]));
    expect(Number.isInteger(main.outcomes[0]!.odds)).toBe(true);
    expect(main.outcomes[0]).toMatchObject({
      version: expect.any(Number),
      open: expect.any(Boolean),
    });
    expect(football.score).toMatchObject({
      home: expect.any(Number),
      away: expect.any(Number),
      period: expect.any(String),
    });
    expect(football.home.name).toEqual(expect.any(String));
    const cs2 = events.find((e) => e.sport === 'cs2')!;
    expect(cs2.markets.map((m: { key: string }) => m.key)).toEqual(['winner']);
  });

  it('filters by sport, by the e-sports group and by live', async () => {
    const tennis = (await get('/wps/sports/events?sport=tennis')).json().value;
    expect(tennis.map((e: { sport: string }) => e.sport)).toEqual(['tennis', 'tennis']);
    const esports = (await get('/wps/sports/events?sport=esports&live=false')).json().value;
    expect(esports.map((e: { sport: string; status: string }) => `${e.sport} ${e.status}`)).toEqual([
      'cs2 not_started',
    ]);
    const live = (await get('/wps/sports/events?live=true')).json().value;
    expect(live).toHaveLength(3);
  });

  it('refuses a bad filter with a translated message, and an unknown merchant', async () => {
    const bad = await get('/wps/sports/events?sport=curling', { 'accept-language': 'pt-BR' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect((await get('/wps/sports/events?live=maybe')).statusCode).toBe(400);
    const merchant = await get('/wps/sports/events', { merchant: 'nobody-here' });
    expect(merchant.json()).toMatchObject({ success: false, code: 'MERCHANT_UNKNOWN' });
  });
});

describe('GET /wps/sports/events/:id', () => {
  it('answers every offered market of the event, and keeps a bet stop’s suspension visible', async () => {
    const live = (await get('/wps/sports/events?sport=football&live=true')).json().value[0];
    const detail = (await get(`/wps/sports/events/${live.id}`)).json().value;
    expect(detail.id).toBe(live.id);
    const keys = new Set(detail.markets.map((m: { key: string }) => m.key));
    for (const key of ['1x2', 'double_chance', 'asian_handicap', 'total', 'btts', 'correct_score'])
      expect(keys).toContain(key);
    const lines = detail.markets.filter((m: { key: string }) => m.key === 'asian_handicap');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines[0].specifiers).toMatch(/^hcp=-?\d/);
    // A bet stop: every market suspended, its outcomes no longer open.
    const stop = {
      type: 'bet_stop',
      producer: 'live',
      seq: feed.lastSeq('live') + 1,
      ts: feed.clock,
      fixtureId: live.id,
      reason: 'goal',
    } as const;
    expect(await applyStreamMessage(t.ctx.db, stop)).toBe('applied');
    const stopped = (await get(`/wps/sports/events/${live.id}`)).json().value;
    expect(stopped.markets.every((m: { status: string }) => m.status === 'suspended')).toBe(true);
    expect(
      stopped.markets
        .flatMap((m: { outcomes: Array<{ open: boolean }> }) => m.outcomes)
        .some((o: { open: boolean }) => o.open),
    ).toBe(false);
  });

  it('answers 404 with a translated message for an unknown event', async () => {
    const response = await get('/wps/sports/events/fx-nothing-1', { 'accept-language': 'pt-BR' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      code: 'SPORTS_EVENT_NOT_FOUND',
      message: 'Este evento não está disponível.',
    });
    expect((await get('/wps/sports/events/a%20b')).statusCode).toBe(400);
  });
});
