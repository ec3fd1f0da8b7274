import type { OddsChange } from '../../../../reference-feed/src/index.ts';
import { applyOddsMargin } from '@sorte/money';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '../../app.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  announceFixtures,
  applySnapshot,
  applyStreamMessage,
  FeedIngestor,
  type FixtureOdds,
  type MarketOdds,
  publishOddsChanges,
  readFixtureOdds,
  readCursors,
  SPORTS_ODDS_CHANNEL,
} from '../sportsbook/index.ts';
import { boCall, operatorToken } from '../backoffice/backoffice.test-helpers.ts';
import { listen } from './realtime.test-helpers.ts';
import {
  connectOdds,
  homeOnly,
  ingestSmallBook,
  manualTimers,
  nextOddsChange,
  type OddsClient,
  watch,
} from './realtime.sports.test-helpers.ts';
import { CLOSE_IDLE, CLOSE_TOO_MANY, createRealtimeModule, realtimeModule } from './index.ts';
import { type LiveSocket, mergeOdds, SportsWatchHub } from './realtime.sports.ts';

/**
 * Live odds over GET /wps/ws/sports on a real database (PGlite, or PostgreSQL with DATABASE_URL):
 * changes applied by the feed ingest reach, after their commit, the sockets watching their fixture
 * and no other; a rolled-back message publishes nothing; a burst is one message; a recovery snapshot
 * publishes too; bad watches are answered and the socket lives on; per-address and idle limits.
 * The coalescing window's timers are the test's (`timers.run(100)` closes every open window).
 */
const COALESCE = 100;
const IDLE = 60_000;
const timers = manualTimers();
let t: TestApp;
let url: string;
let fixtures: string[];
let last: Map<string, OddsChange>;
let hub: SportsWatchHub;

/** Until the server's side has caught up with what the clients did (turns of the event loop, no timer). */
async function until(condition: () => boolean) {
  for (let turn = 0; turn < 10_000 && !condition(); turn++) await new Promise(setImmediate);
  expect(condition()).toBe(true);
}
const slot = MODULES.indexOf(realtimeModule);
const publish = (changes: FixtureOdds[]) => publishOddsChanges(t.ctx, changes);

beforeAll(async () => {
  MODULES[slot] = createRealtimeModule(
    { sportsCoalesceMs: COALESCE, sportsIdleMs: IDLE, maxSportsSocketsPerIp: 6 },
    {
      schedule: timers.schedule,
      onSportsHub: (h) => {
        hub = h;
      },
    },
  );
  t = await createTestApp();
  url = `${await listen(t)}/sports`;
  ({ fixtures, last } = await ingestSmallBook(t.ctx.db));
});
afterAll(async () => {
  MODULES[slot] = realtimeModule;
  await t?.close();
});

const odds = (m: Record<string, unknown>) => m.type === 'sports.odds';
const oddsOf = (fixtureId: string) => (m: Record<string, unknown>) => odds(m) && m.fixtureId === fixtureId;

/** Applies a change of fixture `i`'s home odds through the ingest, publishing after commit. */
async function change(i: number, homeOdds: number) {
  const message = await nextOddsChange(t.ctx.db, last.get(fixtures[i]!)!, homeOdds);
  expect(await applyStreamMessage(t.ctx.db, message, publish)).toBe('applied');
}

describe('live odds socket', () => {
  let a: OddsClient;
  let b: OddsClient;

  it('a watcher gets the committed change of a fixture it watches, and nothing of the others', async () => {
    expect(fixtures).toHaveLength(2);
    a = await connectOdds(url);
    b = await connectOdds(url);
    await watch(a, [fixtures[0]!]);
    await watch(b, [fixtures[1]!]);
    // At publication the change is committed: another connection reads it.
    const seen: number[] = [];
    const message = await nextOddsChange(t.ctx.db, last.get(fixtures[0]!)!, 4_321);
    let published: Promise<void> | undefined;
    await applyStreamMessage(t.ctx.db, message, (changes) => {
      published = (async () => {
        const row = await t.ctx.db
          .selectFrom('sb_outcomes')
          .select('odds')
          .where('fixture_id', '=', fixtures[0]!)
          .where('market_key', '=', '1x2')
          .where('outcome_id', '=', 'home')
          .executeTakeFirstOrThrow();
        seen.push(row.odds!);
        publish(changes);
      })();
    });
    expect(published).toBeDefined();
    await published;
    expect(timers.run(COALESCE)).toBe(1);
    const got = await a.next(odds);
    expect(seen).toEqual([4_321]);
    expect(got).toEqual({
      type: 'sports.odds',
      fixtureId: fixtures[0],
      markets: homeOnly(4_321),
    });
    // b hears its own fixture's change next, and nothing before it (a socket's messages keep their order).
    await change(1, 5_432);
    timers.run(COALESCE);
    await b.next(oddsOf(fixtures[1]!));
    expect(b.messages.filter(odds).map((m) => m.fixtureId)).toEqual([fixtures[1]]);
    expect(a.messages.filter(odds).map((m) => m.fixtureId)).toEqual([fixtures[0]]);
  });

  it('a message whose transaction rolls back publishes nothing', async () => {
    const published: string[] = [];
    const original = t.ctx.bus.publish;
    t.ctx.bus.publish = async (channel, message) => {
      if (channel === SPORTS_ODDS_CHANNEL) published.push(message);
      return original.call(t.ctx.bus, channel, message);
    };
    try {
      // The market is written suspended, then its outcomes fail the odds check: all of it is undone.
      const bad = await nextOddsChange(t.ctx.db, last.get(fixtures[0]!)!, 5, 'suspended');
      await expect(applyStreamMessage(t.ctx.db, bad, publish)).rejects.toThrow();
      expect(published).toEqual([]);
      await change(0, 4_400);
      expect(published).toHaveLength(1);
    } finally {
      t.ctx.bus.publish = original;
    }
    timers.run(COALESCE);
    const got = await a.next(odds);
    expect(got.markets).toEqual(homeOnly(4_400));
  });

  it('a burst of changes of one fixture is one message with the last odds', async () => {
    const before = a.messages.filter(odds).length;
    await change(0, 3_000);
    await change(0, 3_100);
    const stop = await nextOddsChange(t.ctx.db, last.get(fixtures[0]!)!, 3_200, 'suspended');
    await applyStreamMessage(t.ctx.db, stop, publish);
    expect(timers.run(COALESCE)).toBe(1);
    const got = await a.next(odds);
    expect(got.markets).toEqual(homeOnly(3_200, 'suspended'));
    // Its socket is told by then of nothing more: the next message is the next change.
    await change(0, 3_300);
    timers.run(COALESCE);
    await a.next(odds);
    expect(a.messages.filter(odds).length).toBe(before + 2);
  });

  it('a recovery snapshot publishes what it changed', async () => {
    const base = last.get(fixtures[0]!)!;
    const cursor = (await readCursors(t.ctx.db))[base.producer];
    const replay = await nextOddsChange(t.ctx.db, base, 2_900);
    const { seq: _seq, ...snapshotMessage } = replay;
    const applied = await applySnapshot(
      t.ctx.db,
      base.producer,
      [{ ...snapshotMessage, requestId: 'r-1' }],
      { lastSeq: cursor.lastSeq, ts: cursor.lastTs },
      cursor.lastSeq,
      publish,
    );
    expect(applied).toBe(true);
    timers.run(COALESCE);
    const got = await a.next(odds);
    expect(got.markets).toEqual(homeOnly(2_900));
  });

  it("an operator's suspension shows on that merchant's sockets (announceFixtures, the trading hook)", async () => {
    const merchant = await t.ctx.db
      .selectFrom('merchants')
      .select('id')
      .where('code', '=', 'demo')
      .executeTakeFirstOrThrow();
    await sql`insert into sb_suspensions (merchant_id, fixture_id, market_key, specifiers, operator_id)
      values (${merchant.id}, ${fixtures[0]}, '', '', ${merchant.id})`.execute(t.ctx.db);
    await announceFixtures(t.ctx, [fixtures[0]!]);
    timers.run(COALESCE);
    const whole = (await a.next(odds)) as {
      status: string;
      markets: { status: string; outcomes: unknown[] }[];
    };
    expect(whole.status).toBeDefined();
    expect(whole.markets.length).toBeGreaterThan(1);
    expect(new Set(whole.markets.map((m) => m.status))).toEqual(new Set(['suspended']));
    expect(whole.markets.every((m) => m.outcomes.length > 0)).toBe(true);
    // The feed's next change keeps it suspended for this merchant.
    await change(0, 2_800);
    timers.run(COALESCE);
    expect(((await a.next(odds)) as typeof whole).markets.map((m) => m.status)).toEqual(['suspended']);
    await sql`delete from sb_suspensions`.execute(t.ctx.db);
  });

  it('an operator suspending and resuming a market through the back office moves it on the sockets', async () => {
    const token = await operatorToken(t, 'admin');
    const suspend = await boCall(t, token, 'POST', `/bo/sportsbook/events/${fixtures[0]}/suspend`, {
      market: '1x2',
      reason: 'trader check',
    });
    expect(suspend.status).toBe(200);
    timers.run(COALESCE);
    const statusOf1x2 = (m: Record<string, unknown>) =>
      (m.markets as { key: string; status: string }[]).find((x) => x.key === '1x2')?.status;
    expect(statusOf1x2(await a.next(odds))).toBe('suspended');
    expect(
      (await boCall(t, token, 'POST', `/bo/sportsbook/events/${fixtures[0]}/resume`, { market: '1x2' }))
        .status,
    ).toBe(200);
    timers.run(COALESCE);
    expect(statusOf1x2(await a.next(odds))).toBe('active');
  });

  it("a margin set in the back office goes out at once at that merchant's prices; the feed's next changes are margined too", async () => {
    const token = await operatorToken(t, 'admin');
    const set = await boCall(t, token, 'PUT', '/bo/sportsbook/limits', {
      margins: [{ sport: 'football', marginBps: 500 }],
    });
    expect(set.status).toBe(200);
    timers.run(COALESCE);
    const whole = (await a.next(odds)) as { markets: MarketOdds[] };
    const [feed] = await readFixtureOdds(t.ctx.db, [fixtures[0]!]);
    const margined = (list: MarketOdds[]) =>
      list.map((m) => ({
        ...m,
        outcomes: m.outcomes.map((o) => ({
          ...o,
          odds: o.odds === null ? null : Number(applyOddsMargin(o.odds, 500)),
        })),
      }));
    const demo = await t.ctx.db
      .selectFrom('merchants')
      .select('id')
      .where('code', '=', 'demo')
      .executeTakeFirstOrThrow();
    expect([feed!.sport, feed!.margins]).toEqual(['football', { [demo.id]: 500 }]);
    expect(whole.markets).toEqual(margined(feed!.markets));
    // The events API shows the same prices.
    const detail = (await t.app.inject({ method: 'GET', url: `/wps/sports/events/${fixtures[0]}` })).json()
      .value;
    const apiOdds = (detail.markets as Array<{ outcomes: Array<{ odds: number | null }> }>).flatMap((m) =>
      m.outcomes.map((o) => o.odds),
    );
    const socketOdds = whole.markets.flatMap((m) => m.outcomes.map((o) => o.odds));
    expect(apiOdds).toEqual(socketOdds);
    // 2.10 from the feed is 2.000 at 5 %.
    await change(0, 2_100);
    timers.run(COALESCE);
    expect(((await a.next(odds)) as { markets: unknown }).markets).toEqual(homeOnly(2_000));
    await sql`delete from sb_margins`.execute(t.ctx.db);
  });

  it("the feed consumer's ingestor publishes what it applies (the module's wiring)", async () => {
    const ingestor = new FeedIngestor(t.ctx.db);
    ingestor.onOddsChanges = publish;
    const cursors = await readCursors(t.ctx.db);
    // Connected: it asks each producer for a recovery, answered here with nothing new.
    ingestor.connected((request) =>
      ingestor.receive({
        type: 'snapshot_complete',
        producer: request.producer,
        requestId: request.requestId,
        lastSeq: cursors[request.producer].lastSeq,
        ts: cursors[request.producer].lastTs,
      }),
    );
    await ingestor.idle();
    ingestor.receive(await nextOddsChange(t.ctx.db, last.get(fixtures[0]!)!, 2_750));
    await ingestor.idle();
    expect(ingestor.stats.applied).toBe(1);
    timers.run(COALESCE);
    const got = (await a.next(odds)) as { markets: { outcomes: unknown[] }[] };
    expect(got.markets[0]!.outcomes).toEqual([{ id: 'home', odds: 2_750, active: true }]);
  });

  it('a bad watch is answered with an error and changes nothing; the socket lives on', async () => {
    const bad = [
      'not json',
      JSON.stringify({ type: 'sports.unknown' }),
      JSON.stringify({ type: 'sports.watch', fixtureIds: 'fx-1' }),
      JSON.stringify({ type: 'sports.watch', fixtureIds: [1, 2] }),
      JSON.stringify({ type: 'sports.watch', fixtureIds: ['x'.repeat(65)] }),
      JSON.stringify({ type: 'sports.watch', fixtureIds: Array.from({ length: 201 }, (_, i) => `fx-${i}`) }),
      JSON.stringify(null),
    ];
    for (const frame of bad) {
      a.socket.send(frame);
      const answer = await a.next((m) => m.type === 'error' || m.type === 'sports.watching');
      expect(answer).toMatchObject({ type: 'error', code: 'VALIDATION_FAILED' });
    }
    // Still watching what it watched: the next change reaches it.
    await change(0, 2_700);
    timers.run(COALESCE);
    await a.next(oddsOf(fixtures[0]!));
    // 200 ids is the most, and fine.
    await watch(a, [fixtures[0]!, ...Array.from({ length: 199 }, (_, i) => `fx-none-${i}`)]);
    // A frame above the server's limit is refused by the WebSocket server (1009), not by a crash.
    const big = await connectOdds(url);
    big.socket.send('x'.repeat(20_000));
    expect(await big.closed).toBe(1009);
  });

  it('refuses a socket beyond the per-address limit (4429), and takes one again once a slot is free', async () => {
    await until(() => hub.size === 2); // a and b
    const more: OddsClient[] = [];
    for (let i = 0; i < 4; i++) {
      more.push(await connectOdds(url));
      await watch(more[i]!, []);
    }
    const refused = await connectOdds(url);
    expect(await refused.closed).toBe(CLOSE_TOO_MANY);
    expect(refused.messages).toEqual([{ type: 'error', code: 'RATE_LIMITED' }]);
    more[0]!.socket.close();
    await until(() => hub.size === 5);
    const again = await connectOdds(url);
    await watch(again, []);
    for (const c of [...more.slice(1), again]) c.socket.close();
  });

  it('closes a socket that watches nothing for the idle time (4408)', async () => {
    b.socket.send(JSON.stringify({ type: 'sports.watch', fixtureIds: [] }));
    await b.next((m) => m.type === 'sports.watching');
    timers.run(IDLE);
    expect(await b.closed).toBe(CLOSE_IDLE);
    expect(a.socket.readyState).toBe(a.socket.OPEN);
    a.socket.close();
  });
});

/** A socket stand-in whose send buffer the test sets. */
function fakeSocket() {
  const sent: Array<Record<string, unknown>> = [];
  const socket: LiveSocket & { bufferedAmount: number; sent: typeof sent } = {
    readyState: 1,
    bufferedAmount: 0,
    sent,
    send: (data, options) =>
      sent.push(options.binary === false ? JSON.parse(String(data)) : { binary: true }),
    close: () => {},
  };
  return socket;
}

const LIMITS = {
  maxSportsSocketsPerIp: 10,
  sportsCoalesceMs: COALESCE,
  sportsMaxBufferedBytes: 1_000,
  sportsCatchUpMs: 250,
  sportsIdleMs: IDLE,
};
const market = (key: string, outcomes: [string, number][], status = 'active') => ({
  key,
  specifiers: '',
  status,
  outcomes: outcomes.map(([id, o]) => ({ id, odds: o, active: true })),
});
/** A change of fx-1's 1x2 home odds alone, as the bus carries it (football, no suspension, no margin). */
const fx1Home = (homeOdds: number): FixtureOdds => ({
  fixtureId: 'fx-1',
  markets: [market('1x2', [['home', homeOdds]])],
  suspended: [],
  sport: 'football',
  margins: {},
});

describe('SportsWatchHub', () => {
  it('skips a socket that does not read, then sends it the current state of what it missed', async () => {
    const local = manualTimers();
    let release: (states: FixtureOdds[]) => void = () => {};
    const reads: string[][] = [];
    const hub = new SportsWatchHub(
      LIMITS,
      (ids) => {
        reads.push(ids);
        return new Promise((resolve) => {
          release = resolve;
        });
      },
      local.schedule,
    );
    const slow = fakeSocket();
    const quick = fakeSocket();
    hub.watch(hub.open(slow, 'm', 'ip1')!, ['fx-1']);
    hub.watch(hub.open(quick, 'm', 'ip2')!, ['fx-1']);
    slow.bufferedAmount = 5_000;
    hub.receive([fx1Home(2_000)]);
    local.run(COALESCE);
    expect(quick.sent).toHaveLength(1);
    expect(slow.sent).toHaveLength(0);
    // Still full: nothing read yet; a later change is skipped too (remembered, not buffered).
    local.run(250);
    expect(reads).toEqual([]);
    hub.receive([fx1Home(2_100)]);
    local.run(COALESCE);
    expect(slow.sent).toHaveLength(0);
    // Drained: its state is read; a change arriving during the read is held back, then read again.
    slow.bufferedAmount = 0;
    local.run(250);
    expect(reads).toEqual([['fx-1']]);
    hub.receive([fx1Home(2_200)]);
    local.run(COALESCE);
    expect(slow.sent).toHaveLength(0);
    release([
      {
        fixtureId: 'fx-1',
        status: 'live',
        markets: [
          market('1x2', [
            ['home', 2_100],
            ['away', 1_500],
          ]),
        ],
        suspended: [],
        sport: 'football',
        margins: {},
      },
    ]);
    await new Promise(setImmediate);
    expect(slow.sent).toEqual([
      {
        type: 'sports.odds',
        fixtureId: 'fx-1',
        status: 'live',
        markets: [
          market('1x2', [
            ['home', 2_100],
            ['away', 1_500],
          ]),
        ],
      },
    ]);
    local.run(250);
    expect(reads).toEqual([['fx-1'], ['fx-1']]);
    release([
      {
        fixtureId: 'fx-1',
        status: 'live',
        markets: [
          market('1x2', [
            ['home', 2_200],
            ['away', 1_500],
          ]),
        ],
        suspended: [],
        sport: 'football',
        margins: {},
      },
    ]);
    await new Promise(setImmediate);
    expect(slow.sent).toHaveLength(2);
    // Caught up: the next change goes out as usual.
    hub.receive([fx1Home(2_300)]);
    local.run(COALESCE);
    expect(slow.sent).toHaveLength(3);
    expect(quick.sent).toHaveLength(4);
    hub.close();
  });

  it('sockets catching up at once share one read, but not a read older than their miss', async () => {
    const local = manualTimers();
    const reads: string[][] = [];
    const releases: Array<() => void> = [];
    const state = {
      fixtureId: 'fx-1',
      status: 'live',
      markets: [market('1x2', [['home', 2_000]])],
      suspended: [],
      sport: 'football',
      margins: {},
    };
    const hub = new SportsWatchHub(
      LIMITS,
      (ids) => {
        reads.push(ids);
        return new Promise((resolve) => releases.push(() => resolve([state])));
      },
      local.schedule,
    );
    const sockets = [fakeSocket(), fakeSocket(), fakeSocket()];
    for (const x of sockets) hub.watch(hub.open(x, 'm', 'ip')!, ['fx-1']);
    sockets[0]!.bufferedAmount = 5_000;
    sockets[1]!.bufferedAmount = 5_000;
    hub.receive([fx1Home(1_900)]);
    local.run(COALESCE);
    sockets[0]!.bufferedAmount = 0;
    sockets[1]!.bufferedAmount = 0;
    local.run(250);
    expect(reads).toEqual([['fx-1']]);
    // The third misses a change after that read began: it reads again.
    sockets[2]!.bufferedAmount = 5_000;
    hub.receive([fx1Home(2_000)]);
    local.run(COALESCE);
    sockets[2]!.bufferedAmount = 0;
    local.run(250);
    expect(reads).toEqual([['fx-1'], ['fx-1']]);
    for (const release of releases) release();
    await new Promise(setImmediate);
    for (const x of sockets) expect(x.sent.at(-1)).toMatchObject({ status: 'live', fixtureId: 'fx-1' });
    hub.close();
  });

  it("shows a merchant's suspensions to that merchant's sockets only", () => {
    const local = manualTimers();
    const hub = new SportsWatchHub(LIMITS, async () => [], local.schedule);
    const [m1, m2, m3] = [fakeSocket(), fakeSocket(), fakeSocket()];
    hub.watch(hub.open(m1, 'm1', 'ip')!, ['fx-1']);
    hub.watch(hub.open(m2, 'm2', 'ip')!, ['fx-1']);
    hub.watch(hub.open(m3, 'm3', 'ip')!, ['fx-1']);
    hub.receive([
      {
        fixtureId: 'fx-1',
        markets: [
          market('1x2', [['home', 2_000]]),
          market('btts', [['yes', 1_900]]),
          market('total', [], 'settled'),
        ],
        suspended: ['m1||', 'm2|btts|'],
        sport: 'football',
        margins: {},
      },
    ]);
    local.run(COALESCE);
    const statuses = (s: ReturnType<typeof fakeSocket>) =>
      (s.sent[0]!.markets as { status: string }[]).map((m) => m.status);
    expect(statuses(m1)).toEqual(['suspended', 'suspended', 'settled']);
    expect(statuses(m2)).toEqual(['active', 'suspended', 'settled']);
    expect(statuses(m3)).toEqual(['active', 'active', 'settled']);
    hub.close();
  });

  it("prices each merchant's sockets at its own margin for the fixture's sport, and no one else's", () => {
    const local = manualTimers();
    const hub = new SportsWatchHub(LIMITS, async () => [], local.schedule);
    const [m1, m2, m3, m1b] = [fakeSocket(), fakeSocket(), fakeSocket(), fakeSocket()];
    hub.watch(hub.open(m1, 'm1', 'ip')!, ['fx-1']);
    hub.watch(hub.open(m2, 'm2', 'ip')!, ['fx-1']);
    hub.watch(hub.open(m3, 'm3', 'ip')!, ['fx-1']);
    hub.watch(hub.open(m1b, 'm1', 'ip')!, ['fx-1']);
    hub.receive([
      {
        fixtureId: 'fx-1',
        sport: 'football',
        markets: [
          market('1x2', [
            ['home', 2_100],
            ['away', 1_001],
          ]),
          market('btts', [['yes', 1_900]]),
        ],
        suspended: ['m3|btts|'],
        margins: { m1: 500, m3: 1_000 },
      },
    ]);
    local.run(COALESCE);
    const prices = (s: ReturnType<typeof fakeSocket>) =>
      (s.sent[0]!.markets as { status: string; outcomes: { odds: number }[] }[]).map((m) => [
        m.status,
        ...m.outcomes.map((o) => o.odds),
      ]);
    // 2.10 / 1.001 / 1.90: at 5 % 2.000 / 1.001 (the floor) / 1.809; at 10 % 1.909 / 1.001 / 1.727.
    expect(prices(m1)).toEqual([
      ['active', 2_000, 1_001],
      ['active', 1_809],
    ]);
    expect(prices(m1b)).toEqual(prices(m1));
    expect(prices(m2)).toEqual([
      ['active', 2_100, 1_001],
      ['active', 1_900],
    ]);
    expect(prices(m3)).toEqual([
      ['active', 1_909, 1_001],
      ['suspended', 1_727],
    ]);
    hub.close();
  });

  it('sends to many sockets a chunk per turn, and a newer message waits for the older to be out', async () => {
    const local = manualTimers();
    const hub = new SportsWatchHub(
      { ...LIMITS, maxSportsSocketsPerIp: 3_000 },
      async () => [],
      local.schedule,
    );
    const sockets = Array.from({ length: 2_500 }, () => fakeSocket());
    for (const socket of sockets) hub.watch(hub.open(socket, 'm', 'ip')!, ['fx-1']);
    const sentCount = () => sockets.filter((x) => x.sent.length > 0).length;
    hub.receive([fx1Home(2_000)]);
    local.run(COALESCE);
    expect(sentCount()).toBe(1_000);
    // The next change's window ends while the first is still going out: it waits another window.
    hub.receive([fx1Home(2_100)]);
    local.run(COALESCE);
    expect(sockets.every((x) => x.sent.length <= 1)).toBe(true);
    await new Promise(setImmediate);
    await new Promise(setImmediate);
    expect(sentCount()).toBe(2_500);
    local.run(COALESCE);
    await new Promise(setImmediate);
    await new Promise(setImmediate);
    const homes = (x: ReturnType<typeof fakeSocket>) =>
      x.sent.map((m) => (m.markets as { outcomes: { odds: number }[] }[])[0]!.outcomes[0]!.odds);
    expect(sockets.every((x) => JSON.stringify(homes(x)) === '[2000,2100]')).toBe(true);
    hub.close();
  });

  it('merges a burst outcome by outcome, the later winning', () => {
    const merged = mergeOdds(
      {
        fixtureId: 'f',
        status: 'live',
        markets: [
          market('1x2', [
            ['home', 2_000],
            ['away', 3_000],
          ]),
        ],
        suspended: ['x'],
        sport: 'football',
        margins: {},
      },
      {
        fixtureId: 'f',
        score: { home: 1, away: 0 },
        markets: [market('1x2', [['home', 2_500]], 'suspended'), market('btts', [['yes', 1_800]])],
        suspended: [],
        sport: 'football',
        margins: {},
      },
    );
    expect(merged).toEqual({
      fixtureId: 'f',
      status: 'live',
      score: { home: 1, away: 0 },
      markets: [
        market(
          '1x2',
          [
            ['home', 2_500],
            ['away', 3_000],
          ],
          'suspended',
        ),
        market('btts', [['yes', 1_800]]),
      ],
      suspended: [],
      sport: 'football',
      margins: {},
    });
  });
});
