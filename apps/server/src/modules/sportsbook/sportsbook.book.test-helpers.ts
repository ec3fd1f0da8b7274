import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { FeedMessage, SettledOutcome } from '../../../../reference-feed/src/contract.ts';
import type { TestApp } from '../../../test/harness.ts';
import type { Db } from '../../platform/database/database.ts';
import { call } from '../auth/auth.test-helpers.ts';
import { balanceOf, type Fixture, fundedPlayer } from '../ledger/ledger.test-helpers.ts';
import { applyMessage } from './sportsbook.ingest.ts';

/** One pre-match fixture of a written book: one active market, its outcomes (in this order) at fixed odds. */
export interface WrittenFixture {
  id: string;
  tournament: { id: string; sport: string; name: string; category: string };
  home: { id: string; name: string };
  away: { id: string; name: string };
  startTime: number;
  market: string;
  odds: Record<string, number>;
}

/**
 * A small book written straight into the sb_* tables, without the feed, for the tests of placement
 * and trading that choose each fixture's odds: the fixtures' tournaments and competitors, the
 * fixtures not started, each with its one market active.
 */
export async function writeBook(db: Db, fixtures: WrittenFixture[]): Promise<void> {
  const tournaments = new Map(fixtures.map((x) => [x.tournament.id, x.tournament]));
  const competitors = new Map(fixtures.flatMap((x) => [x.home, x.away]).map((c) => [c.id, c]));
  await db
    .insertInto('sb_tournaments')
    .values([...tournaments.values()])
    .execute();
  await db
    .insertInto('sb_competitors')
    .values([...competitors.values()])
    .execute();
  await db
    .insertInto('sb_fixtures')
    .values(
      fixtures.map((x) => ({
        id: x.id,
        sport: x.tournament.sport,
        tournament_id: x.tournament.id,
        home_id: x.home.id,
        away_id: x.away.id,
        start_time: BigInt(x.startTime),
        status: 'not_started' as const,
        best_of: null,
        score: null,
      })),
    )
    .execute();
  await db
    .insertInto('sb_markets')
    .values(
      fixtures.map((x) => ({
        fixture_id: x.id,
        market_key: x.market,
        specifiers: '',
        feed_status: 'active' as const,
        status: 'active' as const,
      })),
    )
    .execute();
  await db
    .insertInto('sb_outcomes')
    .values(
      fixtures.flatMap((x) =>
        Object.entries(x.odds).map(([outcome_id, odds], position) => ({
          fixture_id: x.id,
          market_key: x.market,
          specifiers: '',
          outcome_id,
          odds,
          active: true,
          position,
        })),
      ),
    )
    .execute();
}

/**
 * A small book built through feed messages (fixture_change, odds_change) for tests of what happens
 * after placement — settlement and cash-out: football fixtures with 1X2, an Asian quarter line and
 * a total, bets placed through the API, and the feed's settlement, rollback and odds messages.
 */
export function testBook(app: () => TestApp, merchant: () => Fixture, run: string) {
  let fixtures = 0;
  const apply = (message: Omit<FeedMessage, 'producer' | 'ts'> & { type: FeedMessage['type'] }) =>
    app()
      .ctx.db.transaction()
      .execute((trx) => applyMessage(trx, { producer: 'live', ts: Date.now(), ...message } as FeedMessage));

  const ODDS = {
    '1x2': { home: 2_100, draw: 3_300, away: 3_600 },
    'asian_handicap|hcp=-0.25': { home: 1_950, away: 1_900 },
    'total|total=2.5': { over: 1_800, under: 2_050 },
  } as const;
  type MarketName = keyof typeof ODDS;
  const marketOf = (name: MarketName) => {
    const [key, specifiers = ''] = name.split('|');
    return { key: key!, specifiers };
  };

  /** A new not-started football fixture with the three markets above; answers its id. */
  async function newFixture(): Promise<string> {
    const id = `sr:match:${run}s${++fixtures}`;
    await apply({
      type: 'fixture_change',
      change: 'new',
      fixture: {
        id,
        sport: 'football',
        tournament: { id: `t${run}`, name: 'Série A', category: 'Brazil' },
        competitors: [
          { id: `c${run}h${fixtures}`, name: `Home ${fixtures}`, qualifier: 'home' },
          { id: `c${run}a${fixtures}`, name: `Away ${fixtures}`, qualifier: 'away' },
        ],
        startTime: Date.now() + 3_600_000,
        status: 'not_started',
      },
    } as never);
    await apply({
      type: 'odds_change',
      fixtureId: id,
      fixtureStatus: 'not_started',
      markets: (Object.keys(ODDS) as MarketName[]).map((name) => ({
        ...marketOf(name),
        status: 'active',
        outcomes: Object.entries(ODDS[name]).map(([outcome, odds]) => ({ id: outcome, odds, active: true })),
      })),
    } as never);
    return id;
  }

  const sel = (eventId: string, name: MarketName, outcome: string) => ({
    eventId,
    market: marketOf(name).key,
    specifiers: marketOf(name).specifiers,
    outcome,
    odds: (ODDS[name] as Record<string, number>)[outcome]!,
  });

  async function player(balanceMinor = 100_000n) {
    const p = await fundedPlayer(app(), merchant(), 'sbs', balanceMinor);
    return { ...p, balance: async () => (await balanceOf(merchant(), p.mainId)).balance };
  }

  async function place(
    token: string,
    selections: ReturnType<typeof sel>[],
    type: 'single' | 'multiple' | 'system' = 'single',
    stakeMinor = 1_000,
    system?: string,
  ) {
    const answer = await call(app(), {
      method: 'POST',
      url: '/wps/sports/bets',
      token,
      payload: { type, stakeMinor, idempotencyKey: randomUUID(), oddsPolicy: 'none', selections, system },
    });
    expect(answer.status, JSON.stringify(answer.value ?? answer)).toBe(200);
    return answer.value.bets as Array<{ id: string }>;
  }

  const settleMarket = (fixtureId: string, name: MarketName, outcomes: SettledOutcome[]) =>
    apply({ type: 'bet_settlement', fixtureId, markets: [{ ...marketOf(name), outcomes }] } as never);
  const rollback = (fixtureId: string, name: MarketName) =>
    apply({ type: 'rollback_bet_settlement', fixtureId, markets: [marketOf(name)] } as never);
  const win = (id: string, ...others: string[]): SettledOutcome[] => [
    { id, result: 'win' },
    ...others.map((o) => ({ id: o, result: 'lose' as const })),
  ];

  const setOdds = (
    fixtureId: string,
    name: MarketName,
    odds: Record<string, number>,
    fixtureStatus = 'not_started',
  ) =>
    apply({
      type: 'odds_change',
      fixtureId,
      fixtureStatus,
      markets: [
        {
          ...marketOf(name),
          status: 'active',
          outcomes: Object.entries(odds).map(([id, o]) => ({ id, odds: o, active: true })),
        },
      ],
    } as never);

  return { apply, marketOf, newFixture, sel, player, place, settleMarket, rollback, win, setOdds };
}
