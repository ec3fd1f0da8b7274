import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyMessage,
  type BookState,
  emptyBook,
  Feed,
  type FeedMessage,
  PRODUCERS,
} from '../../../../reference-feed/src/index.ts';
import { seededRandom } from '../../../../reference-feed/src/random.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/harness.ts';
import type { Db } from '../../platform/database/database.ts';
import { FeedIngestor, type RecoverRequest } from './sportsbook.consumer.ts';
import { readCursors } from './sportsbook.ingest.ts';
import { expectBookEquals, expectFactsAreChanges, readComparableBook } from './sportsbook.test-helpers.ts';

/**
 * The ingest on a real database (PGlite, or PostgreSQL with DATABASE_URL): the reference feed's
 * engine on a driven clock, its messages delivered to the ingestor reordered, duplicated and with
 * some lost, recovery requests answered late (after more of the stream went by); the database's
 * book must equal reference-feed's model (book-state.ts) of a consumer that saw every message once,
 * in order, and the settlement facts must be changes only (nothing a replay could pay twice).
 */
const START = Date.UTC(2026, 10, 27, 12);
const MINUTE = 100; // speed 600: a simulated minute is 100 ms of feed time

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
});
afterAll(async () => database?.close());

/** A link whose recovery requests are answered by the feed engine when the test says so. */
function harness(feed: Feed, ingestor: FeedIngestor) {
  const asked: RecoverRequest[] = [];
  const answer = () => {
    for (const r of asked.splice(0))
      for (const m of feed.snapshot(r.producer, r.after, r.requestId)) ingestor.receive(m);
  };
  const alive = () => {
    for (const producer of PRODUCERS)
      ingestor.receive({
        type: 'alive',
        producer,
        ts: feed.clock,
        lastSeq: feed.lastSeq(producer),
        subscribed: true,
      });
  };
  /** Until nothing is asked: answers, lets the ingestor work, and ends with an alive so a lost tail is seen. */
  const settle = async () => {
    for (let round = 0; round < 20; round++) {
      await ingestor.idle();
      if (asked.length === 0) {
        alive();
        await ingestor.idle();
        if (asked.length === 0) return;
      }
      answer();
    }
    throw new Error('the ingestor kept asking for recovery');
  };
  return { asked, answer, settle };
}

describe('feed ingest', () => {
  let feed: Feed;
  let reference: BookState;
  const all: FeedMessage[] = [];

  it('reordered, duplicated and lost messages leave the book of a consumer that saw each once, in order', async () => {
    feed = new Feed({
      seed: 31,
      startAt: START,
      speed: 600,
      leadMinutes: [0, 20],
      aliveMs: 5_000,
      sports: ['football', 'tennis', 'cs2'],
      fixturesPerSport: 1,
    });
    reference = emptyBook();
    const fresh: FeedMessage[] = [];
    feed.subscribe((m) => {
      applyMessage(reference, m);
      all.push(m);
      fresh.push(m);
    });
    const ingestor = new FeedIngestor(db);
    const link = harness(feed, ingestor);
    ingestor.connected((r) => link.asked.push(r));
    feed.open();
    const random = seededRandom(77);
    let settledOnce = false;
    let cancelled = false;
    for (let t = START; t < START + 150 * MINUTE; t += MINUTE) {
      feed.advanceTo(t);
      const batch = fresh.splice(0);
      // Perturb: swap neighbours, repeat an earlier message, lose one now and then.
      for (let i = 0; i + 1 < batch.length; i++)
        if (random.next() < 0.08) [batch[i], batch[i + 1]] = [batch[i + 1]!, batch[i]!];
      for (const m of batch) {
        const roll = random.next();
        if (roll < 0.03) continue;
        ingestor.receive(m);
        if (roll > 0.92 && all.length > 0) ingestor.receive(all[random.int(all.length)]!);
      }
      // Recovery answers come late: after the next steps' stream.
      if (random.next() < 0.3) link.answer();
      await ingestor.idle();
      // A trader's actions: a windowed cancel and its rollback, a rollback and a resettlement with a dead heat.
      const settled = [...reference.settlements.keys()][0];
      if (settled && !settledOnce) {
        settledOnce = true;
        const fixtureId = settled.split('|')[0]!;
        feed.rollbackSettlement(fixtureId);
        feed.resettle(fixtureId, [
          {
            key: '1x2',
            specifiers: '',
            outcomes: [
              { id: 'home', result: 'win', deadHeatFactor: { num: 1, den: 2 } },
              { id: 'draw', result: 'win', deadHeatFactor: { num: 1, den: 2 } },
              { id: 'away', result: 'lose' },
            ],
          },
        ]);
      }
      const open = feed.fixtures().find((f) => f.status === 'live');
      if (open && !cancelled && t > START + 30 * MINUTE) {
        cancelled = true;
        feed.cancelBets(open.id, { startTime: START, endTime: t, reason: 'palpable error' });
        feed.cancelBets(open.id, { startTime: START + 1, endTime: t, reason: 'another window' });
        feed.rollbackCancel(open.id, { startTime: START + 1, endTime: t });
      }
    }
    await link.settle();
    expect(settledOnce && cancelled).toBe(true);
    expect(ingestor.stats.recoveries).toBeGreaterThan(2);
    expect(ingestor.stats.applied).toBeGreaterThan(100);
    const book = await expectBookEquals(db, reference);
    expect(Object.keys(book.settlements).length).toBeGreaterThan(10);
    expect(book.cancels.length).toBeGreaterThan(0);
    expect(Object.values(book.settlements).some((o) => o.some((x) => x.deadHeatFactor))).toBe(true);
    const cursors = await readCursors(db);
    for (const p of PRODUCERS) expect(cursors[p].lastSeq).toBe(feed.lastSeq(p));
    await expectFactsAreChanges(db);
  });

  it('the whole stream replayed twice, and recoveries from the start, change nothing', async () => {
    const facts = await expectFactsAreChanges(db);
    const before = await readComparableBook(db);
    const versions = await db
      .selectFrom('sb_outcomes')
      .select(({ fn }) => fn.sum<string>('version').as('v'))
      .executeTakeFirst();
    const ingestor = new FeedIngestor(db);
    const link = harness(feed, ingestor);
    ingestor.connected((r) => link.asked.push(r));
    await link.settle();
    for (const m of [...all, ...all]) ingestor.receive(m);
    await link.settle();
    // A link that recovers from the very start (a cursor lost): the snapshot nets to no change either.
    const again = new FeedIngestor(db);
    const link2 = harness(feed, again);
    again.connected((r) => link2.asked.push({ ...r, after: 0 }));
    await link2.settle();
    expect(await readComparableBook(db)).toEqual(before);
    expect(await expectFactsAreChanges(db)).toBe(facts);
    const after = await db
      .selectFrom('sb_outcomes')
      .select(({ fn }) => fn.sum<string>('version').as('v'))
      .executeTakeFirst();
    expect(after).toEqual(versions);
    await expectBookEquals(db, reference);
  });
});
