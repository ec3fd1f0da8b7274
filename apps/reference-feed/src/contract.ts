/**
 * The odds-feed contract of docs/sportsbook-feed.md, as types. Everything a message carries is an
 * integer, a string or a boolean: odds are decimal odds × ODDS_SCALE, fractions are numerator and
 * denominator, times are epoch milliseconds (UTC).
 */

/** Decimal odds travel as integers on a grid of thousandths: 1850 means 1.85. */
export const ODDS_SCALE = 1000;
/** The lowest and highest odds a message may carry (1.001 and 1000.000). */
export const MIN_ODDS = 1001;
export const MAX_ODDS = 1_000_000;

export type Producer = 'prematch' | 'live';
export const PRODUCERS: readonly Producer[] = ['prematch', 'live'];

export type Sport = 'football' | 'basketball' | 'tennis' | 'cs2' | 'dota2' | 'lol' | 'valorant';
export const SPORTS: readonly Sport[] = [
  'football',
  'basketball',
  'tennis',
  'cs2',
  'dota2',
  'lol',
  'valorant',
];

/** An exact fraction: integers, den > 0, num ≤ den (used for dead-heat factors). */
export interface Fraction {
  num: number;
  den: number;
}

export interface Competitor {
  id: string;
  name: string;
  qualifier: 'home' | 'away';
}

export type FixtureStatus = 'not_started' | 'live' | 'ended' | 'closed' | 'cancelled';

export interface Fixture {
  id: string;
  sport: Sport;
  tournament: { id: string; name: string; category: string };
  /** Always two: [home, away] (in tennis and e-sports, the first-named player or team is "home"). */
  competitors: [Competitor, Competitor];
  /** Scheduled start, epoch ms. */
  startTime: number;
  status: FixtureStatus;
  /** Best of N sets or maps (tennis, e-sports); absent for football and basketball. */
  bestOf?: number;
}

/** The score as the sport counts it, plus the period the match is in. */
export interface Score {
  home: number;
  away: number;
  /** e.g. '1st_half', 'halftime', '2nd_half', 'q3', 'set2', 'map1', 'ended'. */
  period: string;
  /** Whole minutes played (football, basketball, Dota 2, LoL); absent elsewhere. */
  minute?: number;
  /** Per-period scores in order, e.g. football halves, basketball quarters, tennis sets in games, maps in rounds. */
  periods: Array<{ home: number; away: number }>;
  /** Current period detail: games in the set (tennis) or rounds on the map (CS2, Valorant), kills (Dota 2, LoL). */
  current?: { home: number; away: number };
  /** Cards in football. */
  yellowCards?: { home: number; away: number };
  redCards?: { home: number; away: number };
}

export type MarketStatus = 'active' | 'suspended' | 'deactivated';

export interface OddsOutcome {
  id: string;
  /** Decimal odds × ODDS_SCALE, or null when the outcome is not offered (e.g. a correct score already passed). */
  odds: number | null;
  active: boolean;
}

export interface OddsMarket {
  /** The market type, e.g. '1x2', 'asian_handicap', 'total'. */
  key: string;
  /** Canonical specifiers: 'name=value' pairs joined by '|', sorted by name; '' when none. */
  specifiers: string;
  status: MarketStatus;
  outcomes: OddsOutcome[];
}

export type OutcomeResult = 'win' | 'lose' | 'void' | 'half_win' | 'half_lose';

export interface SettledOutcome {
  id: string;
  result: OutcomeResult;
  /** Only with result 'win' when several outcomes share a place: the share of the stake paid at the odds. */
  deadHeatFactor?: Fraction;
}

export interface MarketRef {
  key: string;
  specifiers: string;
}

interface Envelope {
  producer: Producer;
  /** Per-producer sequence number, +1 per message; absent on messages of a recovery snapshot. */
  seq?: number;
  /** When the feed sent it, epoch ms. */
  ts: number;
  /** Set on the messages answering a recovery request. */
  requestId?: string;
}

export interface OddsChange extends Envelope {
  type: 'odds_change';
  fixtureId: string;
  fixtureStatus: FixtureStatus;
  score?: Score;
  /** The whole current state of each market listed; markets not listed are unchanged. */
  markets: OddsMarket[];
}

export interface BetStop extends Envelope {
  type: 'bet_stop';
  fixtureId: string;
  /** Every active market of the fixture is suspended until an odds_change reopens it. */
  reason: string;
}

export interface BetSettlement extends Envelope {
  type: 'bet_settlement';
  fixtureId: string;
  markets: Array<MarketRef & { outcomes: SettledOutcome[] }>;
}

export interface BetCancel extends Envelope {
  type: 'bet_cancel';
  fixtureId: string;
  /** Bets accepted at or after startTime and before endTime are void; an absent bound is open. */
  startTime?: number;
  endTime?: number;
  reason: string;
  markets: MarketRef[];
}

export interface RollbackBetSettlement extends Envelope {
  type: 'rollback_bet_settlement';
  fixtureId: string;
  markets: MarketRef[];
}

export interface RollbackBetCancel extends Envelope {
  type: 'rollback_bet_cancel';
  fixtureId: string;
  startTime?: number;
  endTime?: number;
  markets: MarketRef[];
}

export interface FixtureChange extends Envelope {
  type: 'fixture_change';
  change: 'new' | 'start_time' | 'cancelled' | 'closed' | 'current';
  fixture: Fixture;
}

export interface Alive extends Envelope {
  type: 'alive';
  /** The last sequence number sent by this producer (0 before the first), so a quiet gap is seen too. */
  lastSeq: number;
  subscribed: boolean;
}

export interface SnapshotComplete extends Envelope {
  type: 'snapshot_complete';
  requestId: string;
  /** The producer's last sequence number the snapshot covers: continue with the stream after it. */
  lastSeq: number;
}

export type FeedMessage =
  | OddsChange
  | BetStop
  | BetSettlement
  | BetCancel
  | RollbackBetSettlement
  | RollbackBetCancel
  | FixtureChange
  | Alive
  | SnapshotComplete;

/** The canonical specifiers string: sorted by name, 'name=value' joined by '|'. */
export function specifiers(values: Record<string, string | number>): string {
  return Object.keys(values)
    .sort()
    .map((name) => `${name}=${values[name]}`)
    .join('|');
}
