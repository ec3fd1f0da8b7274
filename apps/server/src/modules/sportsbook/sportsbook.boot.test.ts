import type { SportsEvent } from '@sorte/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, freePort, type TestApp } from '../../../test/harness.ts';
import { ConfigError, loadConfig } from '../../platform/config/config.ts';
import { startReferenceFeedBeside } from './index.ts';

/**
 * The attachment of docs/sportsbook-feed.md §10 as the server does it: the configuration (on
 * outside production, refused in production), the reference feed started beside the server on its
 * port (a port in use only warns), and the module's consumer, started with the app, filling the
 * events API from it.
 */
describe('configuration', () => {
  it('starts the reference feed outside production, and refuses it in production', () => {
    const dev = loadConfig({ NODE_ENV: 'development' });
    expect(dev.referenceFeed).toBe(true);
    expect(dev.feedUrl).toBe('http://127.0.0.1:3002');
    const prod = loadConfig({ NODE_ENV: 'production' });
    expect(prod.referenceFeed).toBe(false);
    expect(prod.feedUrl).toBeNull();
    expect(() => loadConfig({ NODE_ENV: 'production', REFERENCE_FEED: 'true' })).toThrow(ConfigError);
    const provider = loadConfig({ NODE_ENV: 'production', FEED_URL: 'https://feed.example/' });
    expect(provider.feedUrl).toBe('https://feed.example');
    expect(loadConfig({ NODE_ENV: 'development', REFERENCE_FEED_PORT: '0' }).feedUrl).toBeNull();
    expect(() => loadConfig({ REFERENCE_FEED_SPEED: '-1' })).toThrow(ConfigError);
    expect(loadConfig({ REFERENCE_FEED_SPORTS: 'basketball, tennis' }).REFERENCE_FEED_SPORTS).toEqual([
      'basketball',
      'tennis',
    ]);
    expect(loadConfig({}).REFERENCE_FEED_SPORTS).toBeUndefined();
    expect(() => loadConfig({ REFERENCE_FEED_SPORTS: 'basketball,curling' })).toThrow(ConfigError);
    expect(loadConfig({ REFERENCE_FEED_FIXTURES: '6' }).REFERENCE_FEED_FIXTURES).toBe(6);
    expect(() => loadConfig({ REFERENCE_FEED_FIXTURES: '0' })).toThrow(ConfigError);
  });
});

describe('the reference feed beside the server', () => {
  let t: TestApp;
  let close: (() => Promise<void>) | null = null;
  beforeAll(async () => {
    t = await createTestApp({
      SPORTSBOOK_FEED: 'true',
      REFERENCE_FEED_PORT: String(await freePort()),
      REFERENCE_FEED_SPEED: '600',
      REFERENCE_FEED_SEED: '3',
    });
  });
  afterAll(async () => {
    await t?.close();
    await close?.();
  });

  it('is started where background work runs, and the module’s consumer fills the events from it', async () => {
    close = await startReferenceFeedBeside(t.ctx);
    expect(close).not.toBeNull();
    // A second start finds the port taken: a warning, not a failure.
    expect(await startReferenceFeedBeside(t.ctx)).toBeNull();
    const until = Date.now() + 20_000;
    let events: SportsEvent[] = [];
    const recovered = async () =>
      (await t.ctx.db.selectFrom('sb_feed_cursors').select('last_seq').where('last_seq', '>', 0n).execute())
        .length === 2;
    // Both producers recovered (the live one's fixtures are announced by the pre-match producer).
    while (Date.now() < until && !(await recovered()))
      await new Promise((resolve) => setTimeout(resolve, 100));
    while (Date.now() < until) {
      events = (await t.app.inject({ method: 'GET', url: '/wps/sports/events' })).json().value;
      if (events.length >= 28 && events.filter((e) => e.markets.length > 0).length > 20) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Four fixtures of each of the seven sports, with the main market only (none while a live one
    // is between its start and its first prices).
    expect(events.length).toBe(28);
    expect(new Set(events.map((e) => e.sport)).size).toBe(7);
    expect(events.every((e) => e.markets.length <= 1)).toBe(true);
    expect(events.filter((e) => e.markets.length === 1).length).toBeGreaterThan(20);
    expect(events.some((e) => e.status === 'live' && e.score !== null)).toBe(true);
  });

  it('is not started on an API-only instance, nor in tests unless asked', async () => {
    const api = {
      ...t.ctx,
      config: loadConfig({ NODE_ENV: 'development', ROLE: 'api', REFERENCE_FEED_PORT: '42032' }),
    };
    expect(await startReferenceFeedBeside(api)).toBeNull();
    const test = { ...t.ctx, config: loadConfig({ NODE_ENV: 'test', REFERENCE_FEED_PORT: '42032' }) };
    expect(await startReferenceFeedBeside(test)).toBeNull();
  });
});
