import { describe, expect, it } from 'vitest';
import { applyMessage, emptyBook } from './book-state.ts';
import {
  type BetSettlement,
  type FeedMessage,
  MAX_ODDS,
  MIN_ODDS,
  type OddsChange,
  type Producer,
} from './contract.ts';
import { Feed, type FeedOptions } from './feed.ts';
import { lineResult } from './lines.ts';

const START = Date.UTC(2026, 10, 27, 12);
/** 600 simulated minutes per real minute: a football match minute every 100 ms of feed time. */
const FAST: FeedOptions = { startAt: START, speed: 600, leadMinutes: [5, 30], aliveMs: 2_000 };
const MINUTE = 100;

function record(feed: Feed) {
  const messages: FeedMessage[] = [];
  feed.subscribe((m) => messages.push(m));
  return messages;
}

function runUntil(feed: Feed, messages: FeedMessage[], done: () => boolean, limit = 400 * MINUTE) {
  for (let t = feed.clock; !done() && t < START + limit; t += MINUTE) feed.advanceTo(t);
  return messages;
}

const settlementsOf = (messages: FeedMessage[]) =>
  messages.filter((m): m is BetSettlement => m.type === 'bet_settlement');

describe('the feed stream', () => {
  it('numbers each producer’s messages 1, 2, 3… and sends odds only on the integer grid', () => {
    const feed = new Feed({ ...FAST, seed: 11, fixturesPerSport: 1 });
    const messages = record(feed);
    feed.open();
    runUntil(feed, messages, () => false, 100 * MINUTE);
    // Checked in plain code and asserted once: an expect per message would dominate the test's time.
    const last: Record<Producer, number> = { prematch: 0, live: 0 };
    const faults: string[] = [];
    for (const m of messages) {
      if (m.type === 'alive') {
        if (m.lastSeq !== last[m.producer]) faults.push(`alive ${m.producer} ${m.lastSeq}`);
        continue;
      }
      if (m.seq !== last[m.producer] + 1) faults.push(`${m.producer} ${m.seq} after ${last[m.producer]}`);
      last[m.producer] = m.seq!;
      if (m.type === 'odds_change')
        for (const market of m.markets)
          for (const o of market.outcomes)
            if (
              o.odds !== null &&
              !(Number.isSafeInteger(o.odds) && o.odds >= MIN_ODDS && o.odds <= MAX_ODDS)
            )
              faults.push(`${m.fixtureId} ${market.key} ${o.id} ${o.odds}`);
    }
    expect(faults).toEqual([]);
    expect(last.prematch).toBeGreaterThan(10);
    expect(last.live).toBeGreaterThan(100);
    expect(messages.some((m) => m.type === 'bet_stop')).toBe(true);
  });

  it('replays the same matches from the same seed', () => {
    const run = () => {
      const feed = new Feed({ ...FAST, seed: 5, sports: ['football', 'cs2'], fixturesPerSport: 1 });
      const messages = record(feed);
      feed.open();
      return JSON.stringify(runUntil(feed, messages, () => false, 60 * MINUTE));
    };
    expect(run()).toBe(run());
  });

  it('a consumer that misses messages and recovers from a snapshot holds the same state as one that saw them all', () => {
    const feed = new Feed({
      ...FAST,
      seed: 21,
      sports: ['football', 'tennis', 'valorant'],
      fixturesPerSport: 2,
    });
    const whole = emptyBook();
    const gapped = emptyBook();
    let connected = true;
    let lastSeen = START;
    feed.subscribe((m) => {
      applyMessage(whole, m);
      if (connected) {
        applyMessage(gapped, m);
        lastSeen = m.ts;
      }
    });
    feed.open();
    const run = (minutes: number) => {
      const end = feed.clock + minutes * MINUTE;
      for (let t = feed.clock; t <= end; t += MINUTE / 2) feed.advanceTo(t);
    };
    run(40);
    connected = false; // the connection drops: settlements, bet stops and new fixtures go by unseen
    feed.cancelBets(feed.fixtures()[0]!.id, { startTime: START, endTime: feed.clock, reason: 'test' });
    run(140);
    expect(settlementsOf([]).length).toBe(0);
    const seqsBefore = { ...gapped.seqs };
    expect(feed.lastSeq('live')).toBeGreaterThan(seqsBefore.live);
    // Recovery: a snapshot of each producer since the last message seen, then the stream again.
    for (const producer of ['prematch', 'live'] as const) {
      const snapshot = feed.snapshot(producer, lastSeen, `r-${producer}`);
      const complete = snapshot.at(-1)!;
      expect(complete).toMatchObject({
        type: 'snapshot_complete',
        requestId: `r-${producer}`,
        lastSeq: feed.lastSeq(producer),
      });
      for (const m of snapshot) {
        expect(m.seq).toBeUndefined();
        applyMessage(gapped, m);
      }
      gapped.seqs[producer] = (complete as { lastSeq: number }).lastSeq;
    }
    connected = true;
    expect(gapped).toEqual(whole);
    run(60);
    expect(gapped).toEqual(whole);
    expect(whole.settlements.size).toBeGreaterThan(0);
    expect(whole.cancels.size).toBeGreaterThan(0);
  });
});

/** A feed of football only, started and recorded. */
function footballFeed(seed: number, fixturesPerSport: number, leadMinutes: [number, number]) {
  const feed = new Feed({ ...FAST, seed, sports: ['football'], fixturesPerSport, leadMinutes });
  const messages = record(feed);
  feed.open();
  return { feed, messages };
}

describe('a sped-up match', () => {
  it('plays a football match from announcement to settlement, settling every line by the final score', () => {
    const { feed, messages } = footballFeed(3, 1, [0, 0]);
    runUntil(feed, messages, () => settlementsOf(messages).length > 0);
    const [settlement] = settlementsOf(messages);
    expect(settlement).toBeDefined();
    const finalOdds = messages
      .filter((m): m is OddsChange => m.type === 'odds_change' && m.fixtureId === settlement!.fixtureId)
      .at(-1)!;
    expect(finalOdds.fixtureStatus).toBe('ended');
    expect(finalOdds.markets.every((m) => m.status === 'deactivated')).toBe(true);
    const { home, away } = finalOdds.score!;
    const result = (key: string, spec: string, id: string) =>
      settlement!.markets
        .find((m) => m.key === key && m.specifiers === spec)!
        .outcomes.find((o) => o.id === id)!.result;
    expect(result('1x2', '', home > away ? 'home' : home < away ? 'away' : 'draw')).toBe('win');
    for (const m of settlement!.markets.filter((m) => m.key === 'asian_handicap')) {
      const hcp = Number(m.specifiers.split('=')[1]);
      expect(result('asian_handicap', m.specifiers, 'home')).toBe(lineResult(home - away + hcp));
    }
    expect(
      result('correct_score', '', home <= 4 && away <= 4 ? `${home}:${away}` : 'other_home'),
    ).toBeDefined();
    // Every market offered was settled, and a live bet stop came before the settlement.
    const offered = new Set(
      messages.flatMap((m) =>
        m.type === 'odds_change' && m.fixtureId === settlement!.fixtureId
          ? m.markets.map((x) => `${x.key}|${x.specifiers}`)
          : [],
      ),
    );
    expect(new Set(settlement!.markets.map((m) => `${m.key}|${m.specifiers}`))).toEqual(offered);
    expect(messages.some((m) => m.type === 'bet_stop' && m.fixtureId === settlement!.fixtureId)).toBe(true);
    // Continuous: another fixture was announced in its place.
    expect(messages.filter((m) => m.type === 'fixture_change' && m.change === 'new')).toHaveLength(2);
  });

  it('settles quarter lines half won or half lost and whole lines void on a push, across matches', () => {
    const { feed, messages } = footballFeed(9, 4, [0, 1]);
    runUntil(feed, messages, () => settlementsOf(messages).length >= 8, 2000 * MINUTE);
    const results = new Set(
      settlementsOf(messages).flatMap((s) =>
        s.markets
          .filter((m) => m.key === 'asian_handicap' || m.key === 'total')
          .flatMap((m) => m.outcomes.map((o) => o.result)),
      ),
    );
    expect([...results].sort()).toEqual(['half_lose', 'half_win', 'lose', 'void', 'win']);
  });

  it('plays every sport to its settlement', () => {
    const feed = new Feed({ ...FAST, seed: 4, fixturesPerSport: 1, leadMinutes: [0, 0] });
    const messages = record(feed);
    feed.open();
    runUntil(
      feed,
      messages,
      () => new Set(settlementsOf(messages).map((s) => s.fixtureId.split('-')[1])).size === 7,
      2000 * MINUTE,
    );
    const settled = new Set(settlementsOf(messages).map((s) => s.fixtureId.split('-')[1]));
    expect([...settled].sort()).toEqual([
      'basketball',
      'cs2',
      'dota2',
      'football',
      'lol',
      'tennis',
      'valorant',
    ]);
    const esports = settlementsOf(messages).find((s) => s.fixtureId.includes('-cs2-'))!;
    expect(esports.markets.map((m) => m.key)).toEqual(
      expect.arrayContaining(['winner', 'map_winner', 'map_handicap', 'total_maps', 'correct_map_score']),
    );
  });

  it('rolls back a settlement and resettles it', () => {
    const { feed, messages } = footballFeed(3, 1, [0, 0]);
    const book = emptyBook();
    feed.subscribe((m) => applyMessage(book, m));
    runUntil(feed, messages, () => settlementsOf(messages).length > 0);
    const id = settlementsOf(messages)[0]!.fixtureId;
    const settled = book.settlements.size;
    expect(feed.rollbackSettlement(id)).toBe(true);
    expect(book.settlements.size).toBe(0);
    expect(feed.resettle(id)).toBe(true);
    expect(book.settlements.size).toBe(settled);
  });
});
