import { type Kysely, sql } from 'kysely';

/**
 * Sportsbook risk controls (issue 16 items 3 and 5), per merchant:
 *
 * - `sb_market_limits`: max stake and max payout per market type (`1x2`, `correct_score`, …), checked
 *   by bet placement beside the merchant's, per-sport and per-player limits (the strictest wins).
 * - `sb_liability_caps`: the most the house may owe on one outcome, for every outcome ('' sport and
 *   '' market), a sport's, a market type's or a sport's market type's; the strictest applicable cap
 *   holds. A bet that would take an outcome's liability over it is refused.
 * - `sb_liability_locks`: one row per (merchant, outcome) that bets under a cap have touched, locked
 *   for update by a bet batch before it reads the outcome's liability, so concurrent batches on one
 *   outcome take turns. The liability itself is not stored: it is the sum over the open bets' open
 *   legs (sportsbook.liability.ts), so settling, voiding and cashing out lower it with no bookkeeping.
 */
const STATEMENTS = [
  `create table sb_market_limits (
    merchant_id uuid not null,
    market_key text not null check (market_key <> ''),
    max_stake_minor bigint check (max_stake_minor > 0),
    max_payout_minor bigint check (max_payout_minor > 0),
    updated_at timestamptz not null default now(),
    primary key (merchant_id, market_key),
    check (max_stake_minor is not null or max_payout_minor is not null)
  )`,
  `create table sb_liability_caps (
    merchant_id uuid not null,
    sport text not null default '',
    market_key text not null default '',
    max_liability_minor bigint not null check (max_liability_minor > 0),
    updated_at timestamptz not null default now(),
    primary key (merchant_id, sport, market_key)
  )`,
  `create table sb_liability_locks (
    merchant_id uuid not null,
    fixture_id text not null,
    market_key text not null,
    specifiers text not null,
    outcome_id text not null,
    primary key (merchant_id, fixture_id, market_key, specifiers, outcome_id)
  )`,
];

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was, not today's typed one
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
