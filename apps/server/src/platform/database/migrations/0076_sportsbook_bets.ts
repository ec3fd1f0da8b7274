import { type Kysely, sql } from 'kysely';

/**
 * Sportsbook bet placement (issue 16 item 3). `sb_bets`: one row per bet — a single, a multiple or a
 * system (its name or k/n) — with its stake (per line and total), the potential return at placement,
 * the odds policy it was placed under and its stake transfer; the key is unique per member. Its legs
 * (`sb_bet_legs`) name the outcome and the odds taken, in thousandths. `sb_limits`: a merchant's
 * stake and payout limits and its live bet delay (defaults in code when it has no row). Read by member, newest first.
 */
const STATEMENTS = [
  `create table sb_limits (
    merchant_id uuid primary key,
    min_stake_minor bigint not null check (min_stake_minor > 0),
    max_stake_minor bigint not null check (max_stake_minor >= min_stake_minor),
    max_payout_minor bigint not null check (max_payout_minor > 0),
    bet_delay_ms integer not null check (bet_delay_ms between 0 and 60000),
    updated_at timestamptz not null default now()
  )`,
  `create table sb_bets (
    id bigint generated always as identity primary key,
    merchant_id uuid not null,
    member_id uuid not null,
    currency text not null,
    kind text not null check (kind in ('single', 'multiple', 'system')),
    system text,
    lines integer not null check (lines > 0),
    unit_stake_minor bigint not null check (unit_stake_minor > 0),
    stake_minor bigint not null check (stake_minor > 0),
    potential_return_minor bigint not null check (potential_return_minor >= 0),
    odds_policy text not null check (odds_policy in ('none', 'higher', 'any')),
    status text not null default 'open'
      check (status in ('open', 'won', 'lost', 'void', 'cashed_out')),
    payout_minor bigint not null default 0 check (payout_minor >= 0),
    idempotency_key text not null,
    request_hash text not null,
    stake_transfer_id bigint not null,
    placed_at timestamptz not null,
    settled_at timestamptz,
    constraint sb_bets_idempotency unique (member_id, idempotency_key)
  )`,
  `create index sb_bets_member on sb_bets (member_id, id desc)`,
  `create table sb_bet_legs (
    bet_id bigint not null references sb_bets (id),
    leg integer not null,
    fixture_id text not null references sb_fixtures (id),
    market_key text not null,
    specifiers text not null,
    outcome_id text not null,
    odds integer not null check (odds > 1000),
    status text not null default 'open'
      check (status in ('open', 'win', 'lose', 'void', 'half_win', 'half_lose')),
    primary key (bet_id, leg)
  )`,
];

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was, not today's typed one
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
