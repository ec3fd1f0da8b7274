import { type Kysely, sql } from 'kysely';

/**
 * The sportsbook's copy of the odds feed (issue 16, modules/sportsbook; the contract is
 * docs/sportsbook-feed.md). Feed ids are the feed's strings. Odds are integer thousandths
 * (1850 = 1.85), never floats; feed times are epoch milliseconds (bigint).
 *
 * - `sb_tournaments`, `sb_competitors`, `sb_fixtures`: as the last `fixture_change` said (a status
 *   never moves back), with the live score of the last `odds_change`.
 * - `sb_markets`: per (fixture, key, canonical specifiers): `feed_status` as the feed last said
 *   (active, suspended, deactivated) and `status`, what the book offers: `settled` while a
 *   settlement stands, `cancelled` while a cancel without a time window stands, else `feed_status`.
 * - `sb_outcomes`: current odds (null when not offered), whether bets are taken, and a `version`
 *   raised on every change of either (a bet placed at version N knows its price still held).
 * - `sb_feed_settlements`, `sb_feed_cancels`: the standing results per (fixture, market, specifiers,
 *   outcome) and cancels per (fixture, market, specifiers, time window), each with a `version`
 *   raised only when what stands changes (a settlement replayed by a recovery changes nothing).
 * - `sb_feed_facts`: every such change, in order (settle, rollback_settlement, cancel,
 *   rollback_cancel, with its version): what bet settlement consumes, exactly once per
 *   (fixture, market, specifiers, outcome or window, version).
 * - `sb_feed_cursors`: per producer, the last sequence number applied and its `ts`, advanced in the
 *   transaction that applies the message. `sb_feed_lease`: which instance runs the consumer.
 */
const STATEMENTS = [
  `
    create table sb_tournaments (
      id text primary key,
      sport text not null,
      name text not null,
      category text not null,
      updated_at timestamptz not null default now()
    )`,
  `
    create table sb_competitors (
      id text primary key,
      name text not null,
      updated_at timestamptz not null default now()
    )`,
  `
    create table sb_fixtures (
      id text primary key,
      sport text not null,
      tournament_id text not null references sb_tournaments (id),
      home_id text not null references sb_competitors (id),
      away_id text not null references sb_competitors (id),
      start_time bigint not null,
      status text not null check (status in ('not_started', 'live', 'ended', 'closed', 'cancelled')),
      best_of integer,
      score jsonb,
      updated_at timestamptz not null default now()
    )`,
  `
    create index sb_fixtures_open on sb_fixtures (sport, start_time) where status in ('not_started', 'live', 'ended')`,
  `
    create table sb_markets (
      fixture_id text not null,
      market_key text not null,
      specifiers text not null,
      feed_status text not null check (feed_status in ('active', 'suspended', 'deactivated')),
      status text not null check (status in ('active', 'suspended', 'deactivated', 'settled', 'cancelled')),
      position integer not null default 0,
      updated_at timestamptz not null default now(),
      primary key (fixture_id, market_key, specifiers)
    )`,
  `
    create table sb_outcomes (
      fixture_id text not null,
      market_key text not null,
      specifiers text not null,
      outcome_id text not null,
      odds integer check (odds between 1001 and 1000000),
      active boolean not null,
      position integer not null default 0,
      version integer not null default 1,
      updated_at timestamptz not null default now(),
      primary key (fixture_id, market_key, specifiers, outcome_id),
      foreign key (fixture_id, market_key, specifiers) references sb_markets (fixture_id, market_key, specifiers)
    )`,
  `
    create table sb_feed_settlements (
      fixture_id text not null,
      market_key text not null,
      specifiers text not null,
      outcome_id text not null,
      result text not null check (result in ('win', 'lose', 'void', 'half_win', 'half_lose')),
      dead_heat_num integer,
      dead_heat_den integer,
      standing boolean not null,
      version integer not null default 1,
      updated_at timestamptz not null default now(),
      primary key (fixture_id, market_key, specifiers, outcome_id),
      check ((dead_heat_num is null) = (dead_heat_den is null)),
      check (dead_heat_den is null or (result = 'win' and dead_heat_num > 0 and dead_heat_num <= dead_heat_den))
    )`,
  `
    create table sb_feed_cancels (
      fixture_id text not null,
      market_key text not null,
      specifiers text not null,
      time_window text not null,
      start_time bigint,
      end_time bigint,
      reason text not null,
      standing boolean not null,
      version integer not null default 1,
      updated_at timestamptz not null default now(),
      primary key (fixture_id, market_key, specifiers, time_window)
    )`,
  `
    create table sb_feed_facts (
      id bigint generated always as identity primary key,
      kind text not null check (kind in ('settle', 'rollback_settlement', 'cancel', 'rollback_cancel')),
      fixture_id text not null,
      market_key text not null,
      specifiers text not null,
      outcome_id text,
      time_window text,
      version integer not null,
      result text,
      dead_heat_num integer,
      dead_heat_den integer,
      start_time bigint,
      end_time bigint,
      producer text not null,
      seq bigint,
      feed_ts bigint not null,
      created_at timestamptz not null default now(),
      check ((outcome_id is null) <> (time_window is null))
    )`,
  `
    create index sb_feed_facts_market on sb_feed_facts (fixture_id, market_key, specifiers)`,
  `
    create table sb_feed_cursors (
      producer text primary key check (producer in ('prematch', 'live')),
      last_seq bigint not null default 0,
      last_ts bigint not null default 0,
      updated_at timestamptz not null default now()
    )`,
  `
    create table sb_feed_lease (
      name text primary key,
      holder text not null,
      expires_at timestamptz not null
    )`,
];

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was, not today's typed one
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
