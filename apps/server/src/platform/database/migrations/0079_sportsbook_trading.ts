import { type Kysely, sql } from 'kysely';

/**
 * Sportsbook trading in the back office (issue 16 item 5), per merchant:
 *
 * - `sb_suspensions`: an operator's suspension of one market, or of a whole event (`market_key` ''),
 *   which bet placement refuses and the players' event API shows as suspended. The feed never writes
 *   here, so its later odds changes cannot lift it: it stands until an operator resumes.
 * - `sb_sport_limits` (max stake and max payout per sport) and `sb_player_limits` (max stake per
 *   member), checked by bet placement beside the merchant's `sb_limits`.
 * - `sb_trading_settings`: the big-bet alert thresholds (a bet whose stake or potential return reaches one).
 * - `sb_manual_results`: a manual result (or a rollback of a market's settlement) with its reason,
 *   proposed by one operator and applied when another confirms it; at most one pending per market.
 *   Applying writes `sb_feed_settlements` and `sb_feed_facts` the way a feed message does (producer
 *   'operator'), so bet settlement pays it like the feed's.
 * - `sb_bets (merchant_id, id desc)`: the back office's lists of a merchant's bets, newest first.
 */
const STATEMENTS = [
  `create table sb_suspensions (
    merchant_id uuid not null,
    fixture_id text not null references sb_fixtures (id),
    market_key text not null,
    specifiers text not null,
    reason text not null default '',
    operator_id uuid not null,
    created_at timestamptz not null default now(),
    primary key (merchant_id, fixture_id, market_key, specifiers),
    check (market_key <> '' or specifiers = '')
  )`,
  `create table sb_sport_limits (
    merchant_id uuid not null,
    sport text not null,
    max_stake_minor bigint check (max_stake_minor > 0),
    max_payout_minor bigint check (max_payout_minor > 0),
    updated_at timestamptz not null default now(),
    primary key (merchant_id, sport)
  )`,
  `create table sb_player_limits (
    member_id uuid primary key,
    merchant_id uuid not null,
    max_stake_minor bigint not null check (max_stake_minor > 0),
    updated_at timestamptz not null default now()
  )`,
  `create index sb_player_limits_merchant on sb_player_limits (merchant_id)`,
  `create table sb_trading_settings (
    merchant_id uuid primary key,
    big_stake_minor bigint not null check (big_stake_minor > 0),
    big_return_minor bigint not null check (big_return_minor > 0),
    updated_at timestamptz not null default now()
  )`,
  `create table sb_manual_results (
    id bigint generated always as identity primary key,
    merchant_id uuid not null,
    fixture_id text not null references sb_fixtures (id),
    market_key text not null,
    specifiers text not null,
    kind text not null check (kind in ('settle', 'rollback')),
    outcomes jsonb,
    reason text not null,
    status text not null default 'pending' check (status in ('pending', 'applied', 'rejected')),
    proposed_by uuid not null,
    proposed_at timestamptz not null,
    decided_by uuid,
    decided_at timestamptz,
    decision_reason text,
    check ((kind = 'settle') = (outcomes is not null))
  )`,
  `create unique index sb_manual_results_pending on sb_manual_results (fixture_id, market_key, specifiers)
     where status = 'pending'`,
  `create index sb_manual_results_merchant on sb_manual_results (merchant_id, status, id desc)`,
  `create index sb_bets_merchant on sb_bets (merchant_id, id desc)`,
];

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was, not today's typed one
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
