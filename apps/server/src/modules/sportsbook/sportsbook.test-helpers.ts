import { expect } from 'vitest';
import type { BookState } from '../../../../reference-feed/src/book-state.ts';
import type { Fixture, OddsMarket, SettledOutcome } from '../../../../reference-feed/src/contract.ts';
import type { Db } from '../../platform/database/database.ts';
import { eventsQuery } from './sportsbook.routes.ts';

/**
 * The book in one comparable shape, from the database or from reference-feed's in-memory model
 * (`book-state.ts`): the open fixtures (not closed or cancelled) with their score and markets as the
 * feed last stated them, the standing settlements (outcomes by id) and the standing cancels.
 */
export interface ComparableBook {
  fixtures: Record<string, { fixture?: Fixture; score?: unknown; markets: Record<string, OddsMarket> }>;
  settlements: Record<string, SettledOutcome[]>;
  cancels: string[];
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function comparableBookState(state: BookState): ComparableBook {
  const fixtures: ComparableBook['fixtures'] = {};
  for (const [id, e] of state.fixtures) {
    const markets: Record<string, OddsMarket> = {};
    for (const [key, m] of e.markets) markets[key] = m;
    fixtures[id] = {
      ...(e.fixture ? { fixture: e.fixture } : {}),
      ...(e.score ? { score: e.score } : {}),
      markets,
    };
  }
  const settlements: ComparableBook['settlements'] = {};
  for (const [key, outcomes] of state.settlements) settlements[key] = [...outcomes].sort(byId);
  return { fixtures, settlements, cancels: [...state.cancels].sort() };
}

export async function readComparableBook(db: Db): Promise<ComparableBook> {
  const fixtures: ComparableBook['fixtures'] = {};
  const rows = await eventsQuery(db).where('f.status', 'not in', ['closed', 'cancelled']).execute();
  for (const f of rows) {
    const fixture: Fixture = {
      id: f.id,
      sport: f.sport as Fixture['sport'],
      tournament: { id: f.tournament_id, name: f.tournament_name, category: f.category },
      competitors: [
        { id: f.home_id, name: f.home_name, qualifier: 'home' },
        { id: f.away_id, name: f.away_name, qualifier: 'away' },
      ],
      startTime: Number(f.start_time),
      status: f.status,
      ...(f.best_of === null ? {} : { bestOf: f.best_of }),
    };
    fixtures[f.id] = { fixture, ...(f.score ? { score: f.score } : {}), markets: {} };
  }
  const markets = await db
    .selectFrom('sb_markets')
    .select(['fixture_id', 'market_key', 'specifiers', 'feed_status'])
    .orderBy('fixture_id')
    .orderBy('position')
    .execute();
  const outcomes = await db
    .selectFrom('sb_outcomes')
    .select(['fixture_id', 'market_key', 'specifiers', 'outcome_id', 'odds', 'active'])
    .orderBy('position')
    .execute();
  const found = new Map<string, OddsMarket>();
  for (const m of markets) {
    const entry = fixtures[m.fixture_id];
    if (!entry) continue;
    const market: OddsMarket = {
      key: m.market_key,
      specifiers: m.specifiers,
      status: m.feed_status,
      outcomes: [],
    };
    entry.markets[`${m.market_key}|${m.specifiers}`] = market;
    found.set(`${m.fixture_id}|${m.market_key}|${m.specifiers}`, market);
  }
  for (const o of outcomes)
    found
      .get(`${o.fixture_id}|${o.market_key}|${o.specifiers}`)
      ?.outcomes.push({ id: o.outcome_id, odds: o.odds, active: o.active });
  const settlements: ComparableBook['settlements'] = {};
  const settled = await db
    .selectFrom('sb_feed_settlements')
    .selectAll()
    .where('standing', '=', true)
    .orderBy('outcome_id')
    .execute();
  for (const s of settled) {
    const key = `${s.fixture_id}|${s.market_key}|${s.specifiers}`;
    settlements[key] ??= [];
    settlements[key].push({
      id: s.outcome_id,
      result: s.result,
      ...(s.dead_heat_num === null
        ? {}
        : { deadHeatFactor: { num: s.dead_heat_num, den: s.dead_heat_den! } }),
    });
  }
  for (const list of Object.values(settlements)) list.sort(byId);
  const cancels = (await db.selectFrom('sb_feed_cancels').selectAll().where('standing', '=', true).execute())
    .map((c) => `${c.fixture_id}|${c.market_key}|${c.specifiers}|${c.time_window}`)
    .sort();
  return { fixtures, settlements, cancels };
}

/** The database's book equals the model's (fixture by fixture first, for a readable failure). */
export async function expectBookEquals(db: Db, state: BookState): Promise<ComparableBook> {
  const stored = await readComparableBook(db);
  const expected = comparableBookState(state);
  expect(Object.keys(stored.fixtures).sort()).toEqual(Object.keys(expected.fixtures).sort());
  for (const id of Object.keys(expected.fixtures))
    expect(stored.fixtures[id], id).toEqual(expected.fixtures[id]);
  expect(stored.settlements).toEqual(expected.settlements);
  expect(stored.cancels).toEqual(expected.cancels);
  return stored;
}

/**
 * The feed facts are changes only: per outcome (or cancel window) the versions run 1, 2, 3… with
 * no fact repeating what already stood (a replayed settlement wrote nothing).
 */
export async function expectFactsAreChanges(db: Db): Promise<number> {
  const facts = await db.selectFrom('sb_feed_facts').selectAll().orderBy('id').execute();
  const last = new Map<string, { version: number; state: string }>();
  const faults: string[] = [];
  for (const f of facts) {
    const key = `${f.fixture_id}|${f.market_key}|${f.specifiers}|${f.outcome_id ?? f.time_window}`;
    const state = f.kind === 'settle' ? `settle ${f.result} ${f.dead_heat_num}/${f.dead_heat_den}` : f.kind;
    const before = last.get(key);
    if (f.version !== (before?.version ?? 0) + 1)
      faults.push(`${key}: version ${f.version} after ${before?.version}`);
    if (before?.state === state) faults.push(`${key}: ${state} twice`);
    if (!before && f.kind.startsWith('rollback')) faults.push(`${key}: ${f.kind} first`);
    last.set(key, { version: f.version, state });
  }
  expect(faults).toEqual([]);
  return facts.length;
}
