import { type Kysely, sql } from 'kysely';

/**
 * Manual rebates (issue 17 item 5, modules/rebates): a cash rebate on valid stake, read from the
 * daily bet rollups (`bet_rollups_daily`), claimed by the member.
 *
 * - `rebate_settings`: per merchant: the minimum claim (minor units, ≥ 1).
 * - `rebate_rates`: per merchant × category: basis points of valid stake (0 = none). No row = none:
 *   rebates are cash to the player and Brazil's rules forbid bonuses/advantages, so nothing is paid
 *   unless the operator sets a rate. `since`: the rollup day (UTC) the rate was last switched on from
 *   0; valid stake of earlier days never earns (a rate switched on does not pay for the past).
 * - `rebate_progress`: per member × category: the valid stake already rebated (the counter the
 *   claim advances to the rollups' cumulative valid stake since the rate's `since`); a row whose
 *   `since` differs from the rate's belongs to an earlier switch-on and counts as 0.
 * - `rebate_claims`: each claim (member, amount, per-category lines), idempotent per member and key.
 */
const STATEMENTS = [
  `
    create table rebate_settings (
      merchant_id uuid primary key references merchants (id),
      min_claim_minor bigint not null default 1 check (min_claim_minor >= 1),
      updated_at timestamptz not null default now()
    )`,
  `
    create table rebate_rates (
      merchant_id uuid not null references merchants (id),
      category text not null,
      rate_bp integer not null check (rate_bp >= 0 and rate_bp <= 10000),
      since date not null,
      updated_at timestamptz not null default now(),
      primary key (merchant_id, category)
    )`,
  `
    create table rebate_progress (
      merchant_id uuid not null,
      member_id uuid not null,
      category text not null,
      since date not null,
      rebated_stake_minor bigint not null default 0,
      primary key (member_id, category)
    )`,
  `
    create table rebate_claims (
      id bigint generated always as identity primary key,
      merchant_id uuid not null,
      member_id uuid not null,
      currency text not null,
      amount_minor bigint not null check (amount_minor > 0),
      lines jsonb not null,
      idempotency_key text not null,
      transfer_id bigint not null,
      created_at timestamptz not null default now(),
      constraint rebate_claims_key unique (member_id, idempotency_key)
    )`,
  `
    create index rebate_claims_member on rebate_claims (member_id, id desc)`,
];

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was, not today's typed one
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
