import { type Kysely, sql } from 'kysely';

/** The shared crash rounds and their bets. */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const STATEMENTS: string[] = [
  `create table crash_chains (
    id bigint generated always as identity primary key,
    merchant_id uuid not null references merchants(id),
    secret text not null,
    terminating_hash text not null,
    salt text not null,
    length integer not null check (length > 0),
    house_edge_bps integer not null check (house_edge_bps between 0 and 4999),
    status text not null default 'active' check (status in ('active', 'exhausted')),
    created_at timestamptz not null default now()
  )`,
  // At most one chain in use per merchant.
  `create unique index crash_chains_active on crash_chains (merchant_id) where status = 'active'`,
  `create table crash_rounds (
    id bigint generated always as identity primary key,
    merchant_id uuid not null references merchants(id),
    chain_id bigint not null references crash_chains(id),
    game_number integer not null check (game_number > 0),
    hash text not null,
    crash_point numeric(18, 2) not null check (crash_point >= 1),
    status text not null check (status in ('betting', 'running', 'busted')),
    betting_ends_at timestamptz not null,
    started_at timestamptz,
    busted_at timestamptz,
    created_at timestamptz not null default now(),
    constraint crash_rounds_game unique (chain_id, game_number)
  )`,
  `create index crash_rounds_merchant on crash_rounds (merchant_id, id desc)`,
  `create table crash_bets (
    id bigint generated always as identity primary key,
    round_id bigint not null references crash_rounds(id),
    merchant_id uuid not null,
    member_id uuid not null,
    player text not null,
    currency text not null,
    idempotency_key text not null,
    stake_minor bigint not null check (stake_minor > 0),
    auto_cash_out numeric(18, 2) check (auto_cash_out >= 1.01),
    limit_cash_out numeric(18, 2) not null check (limit_cash_out > 1),
    status text not null default 'active' check (status in ('active', 'cashed', 'lost')),
    cash_out numeric(18, 2),
    payout_minor bigint not null default 0 check (payout_minor >= 0),
    stake_transfer_id bigint not null,
    payout_transfer_id bigint,
    created_at timestamptz not null default now(),
    settled_at timestamptz,
    constraint crash_bets_idempotency unique (member_id, idempotency_key),
    constraint crash_bets_one_per_round unique (round_id, member_id)
  )`,
  `create index crash_bets_active on crash_bets (round_id) where status = 'active'`,
  `create table crash_leases (
    merchant_id uuid primary key references merchants(id),
    holder text not null,
    expires_at timestamptz not null
  )`,
];
