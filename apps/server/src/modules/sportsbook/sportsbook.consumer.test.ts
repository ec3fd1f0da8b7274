import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyMessage,
  type BookState,
  emptyBook,
  PRODUCERS,
  type ReferenceFeed,
  startReferenceFeed,
} from '../../../../reference-feed/src/index.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/harness.ts';
import { stalledChild } from '../../../test/stalled-child.ts';
import type { Db } from '../../platform/database/database.ts';
import { FeedConsumer } from './sportsbook.consumer.ts';
import { readCursors } from './sportsbook.ingest.ts';
import { expectBookEquals, expectFactsAreChanges } from './sportsbook.test-helpers.ts';

/**
 * The consumer over the reference feed's WebSocket (a real server on a port of its own): the feed's
 * clock is driven by the test (speed 600: a simulated minute per 100 ms of feed time), the
 * connection is cut with messages queued and not yet applied, trader actions happen while it is
 * down, a second consumer takes over from a stopped one — and after each, once caught up, the
 * database's book equals the model fed by every message in order. On PostgreSQL a consumer process
 * is also killed with SIGKILL mid-stream and another recovers after it.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const MINUTE = 100;
const quiet = { warn: () => {}, info: () => {} };

let database: TestDatabase;
let db: Db;
let ref: ReferenceFeed;
let book: BookState;
let drive: (time: number) => void;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  ref = await startReferenceFeed({
    port: 0,
    host: '127.0.0.1',
    speed: 600,
    seed: 12,
    sports: ['football', 'cs2'],
    fixturesPerSport: 1,
    leadMinutes: [0, 10],
    aliveMs: 2_000,
  });
  // The test drives the feed's clock: the server's own timer and requests no longer move it.
  const feed = ref.feed;
  drive = feed.advanceTo.bind(feed);
  feed.advanceTo = () => {};
  book = emptyBook();
  for (const producer of PRODUCERS)
    for (const m of feed.snapshot(producer, 0, 'model')) applyMessage(book, m);
  feed.subscribe((m) => applyMessage(book, m));
});
afterAll(async () => {
  await ref?.close();
  await database?.close();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Advances the feed `minutes` simulated minutes, a minute at a time, letting the socket breathe. */
async function play(minutes: number) {
  const end = ref.feed.clock + minutes * MINUTE;
  for (let t = ref.feed.clock + MINUTE; t <= end; t += MINUTE) {
    drive(t);
    await pause(1);
  }
}

/**
 * Until the database's cursors hold the feed's last sequence numbers. When the consumer is idle
 * and short of them (a tail lost with the connection), the feed is moved on to its next alive.
 */
async function caughtUp(consumer: FeedConsumer, timeoutMs = 45_000) {
  const until = Date.now() + timeoutMs;
  let idleRounds = 0;
  for (;;) {
    const cursors = await readCursors(db);
    if (PRODUCERS.every((p) => cursors[p].lastSeq === ref.feed.lastSeq(p))) return;
    if (Date.now() > until) throw new Error(`not caught up: ${JSON.stringify(cursors)}`);
    const idle = consumer.connected && consumer.ingestor.queued === 0;
    idleRounds = idle ? idleRounds + 1 : 0;
    if (idleRounds >= 5) {
      drive(ref.feed.clock + 2_000); // an alive (every 2 s of feed time)
      idleRounds = 0;
    }
    await pause(40);
  }
}

async function post(path: string, body: unknown = {}) {
  const response = await fetch(`${ref.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

describe('the feed consumer', () => {
  it('cut off mid-batch, it recovers from a snapshot and misses nothing; a successor takes over', async () => {
    const consumer = new FeedConsumer(db, quiet as never, { url: ref.url, leaseMs: 1_500, retryMs: 50 });
    await consumer.start();
    await play(20);
    await caughtUp(consumer);
    await expectBookEquals(db, book);

    // A burst (an hour of play at once), the connection cut when five of its messages are applied
    // and more are queued (PGlite runs in this process: the cut is made from inside the ingest).
    const seqBefore = ref.feed.lastSeq('live');
    const appliedBefore = consumer.ingestor.stats.applied;
    let queued = 0;
    let cut = false;
    consumer.ingestor.afterApply = () => {
      if (consumer.ingestor.stats.applied < appliedBefore + 5) return;
      queued = consumer.ingestor.queued;
      cut = true;
      consumer.ingestor.afterApply = null;
      consumer.abortConnection();
    };
    drive(ref.feed.clock + 60 * MINUTE);
    expect(ref.feed.lastSeq('live') - seqBefore).toBeGreaterThan(20);
    const until = Date.now() + 5_000;
    while (!cut && Date.now() < until) await pause(5);
    expect(queued).toBeGreaterThan(0);
    // While it is away: more play, and a trader's cancel of bets on a live fixture.
    const live = ref.feed.fixtures().find((f) => f.status === 'live')!;
    await post(`/v1/admin/fixtures/${live.id}/cancel`, {
      startTime: 0,
      endTime: ref.feed.clock,
      reason: 'test',
    });
    await play(60);
    await caughtUp(consumer);
    await expectBookEquals(db, book);
    expect(consumer.ingestor.stats.snapshots).toBeGreaterThanOrEqual(4);

    // A settlement rolled back and resettled while the consumer is stopped; another one takes over.
    await consumer.stop();
    for (let i = 0; i < 40 && !ref.feed.fixtures().some((f) => f.status === 'ended'); i++) await play(5);
    const fixtureId = ref.feed.fixtures().find((f) => f.status === 'ended')!.id;
    await post(`/v1/admin/fixtures/${fixtureId}/rollback-settlement`);
    await play(1);
    await post(`/v1/admin/fixtures/${fixtureId}/resettle`);
    await play(1);
    const successor = new FeedConsumer(db, quiet as never, { url: ref.url, leaseMs: 1_500, retryMs: 50 });
    await successor.start();
    await caughtUp(successor);
    await expectBookEquals(db, book);
    await successor.stop();
    // The consumer saw none of it: the settlement, its rollback and the resettlement came in one
    // snapshot, netted to one 'settle' fact per outcome (nothing a bet settler could apply twice).
    const facts = await db
      .selectFrom('sb_feed_facts')
      .selectAll()
      .where('fixture_id', '=', fixtureId)
      .execute();
    const standing = await db
      .selectFrom('sb_feed_settlements')
      .selectAll()
      .where('fixture_id', '=', fixtureId)
      .where('standing', '=', true)
      .execute();
    expect(standing.length).toBeGreaterThan(5);
    expect(facts.map((f) => `${f.kind} ${f.version}`)).toEqual(standing.map(() => 'settle 1'));
    await expectFactsAreChanges(db);
  });

  it.runIf(onPostgres)(
    'a consumer process killed with SIGKILL mid-stream: its successor recovers and misses nothing',
    async () => {
      let driving = true;
      const driver = (async () => {
        while (driving) {
          drive(ref.feed.clock + MINUTE);
          await pause(40);
        }
      })();
      try {
        const child = await stalledChild(
          'apps/server/src/modules/sportsbook/sportsbook.feed.kill.child.ts',
          [ref.url, '1000'],
          database.url,
        );
        expect(await child.kill9()).toBe('SIGKILL');
      } finally {
        driving = false;
        await driver;
      }
      await play(10);
      const successor = new FeedConsumer(db, quiet as never, { url: ref.url, leaseMs: 1_500, retryMs: 50 });
      await successor.start();
      await caughtUp(successor);
      await expectBookEquals(db, book);
      await successor.stop();
      await expectFactsAreChanges(db);
    },
    150_000,
  );
});
