import type { FeedMessage, Fixture, OddsMarket, Producer, Score, SettledOutcome } from './contract.ts';

/**
 * A minimal consumer of the feed: the state a sportsbook would hold after applying the messages in
 * order (odds and statuses of the open fixtures, the standing settlements and cancellations). The
 * tests compare it between a consumer that saw the whole stream and one that recovered from a
 * snapshot; the sportsbook module's ingestion is meant to keep the same state, durably.
 */
export interface BookState {
  fixtures: Map<string, { fixture?: Fixture; score?: Score; markets: Map<string, OddsMarket> }>;
  /** fixtureId|key|specifiers → the outcomes' results, while not rolled back. */
  settlements: Map<string, SettledOutcome[]>;
  /** fixtureId|key|specifiers|start|end → true while not rolled back. */
  cancels: Set<string>;
  /** The last sequence number applied per producer. */
  seqs: Record<Producer, number>;
}

export function emptyBook(): BookState {
  return { fixtures: new Map(), settlements: new Map(), cancels: new Set(), seqs: { prematch: 0, live: 0 } };
}

function entry(state: BookState, fixtureId: string) {
  let found = state.fixtures.get(fixtureId);
  if (!found) {
    found = { markets: new Map() };
    state.fixtures.set(fixtureId, found);
  }
  return found;
}

const ref = (fixtureId: string, m: { key: string; specifiers: string }) =>
  `${fixtureId}|${m.key}|${m.specifiers}`;
const window = (m: { startTime?: number; endTime?: number }) => `${m.startTime ?? '-'}|${m.endTime ?? '-'}`;

export function applyMessage(state: BookState, message: FeedMessage): void {
  if (message.seq !== undefined) state.seqs[message.producer] = message.seq;
  switch (message.type) {
    case 'fixture_change': {
      if (message.change === 'closed' || message.change === 'cancelled') {
        state.fixtures.delete(message.fixture.id);
        return;
      }
      entry(state, message.fixture.id).fixture = { ...message.fixture };
      return;
    }
    case 'odds_change': {
      const e = entry(state, message.fixtureId);
      if (e.fixture) e.fixture = { ...e.fixture, status: message.fixtureStatus };
      if (message.score) e.score = message.score;
      for (const m of message.markets) e.markets.set(`${m.key}|${m.specifiers}`, m);
      return;
    }
    case 'bet_stop': {
      const e = state.fixtures.get(message.fixtureId);
      if (!e) return;
      for (const [id, m] of e.markets)
        if (m.status === 'active') e.markets.set(id, { ...m, status: 'suspended' });
      return;
    }
    case 'bet_settlement':
      for (const m of message.markets) state.settlements.set(ref(message.fixtureId, m), m.outcomes);
      return;
    case 'rollback_bet_settlement':
      for (const m of message.markets) state.settlements.delete(ref(message.fixtureId, m));
      return;
    case 'bet_cancel':
      for (const m of message.markets) state.cancels.add(`${ref(message.fixtureId, m)}|${window(message)}`);
      return;
    case 'rollback_bet_cancel':
      for (const m of message.markets)
        state.cancels.delete(`${ref(message.fixtureId, m)}|${window(message)}`);
      return;
    case 'alive':
    case 'snapshot_complete':
      return;
  }
}
