import { type Kysely, sql } from 'kysely';

/**
 * Rounds of the in-house games (every round kept for recall and verification: seeds, nonce, choices,
 * outcome, stake, payout, balance before and after) and each merchant's limits for them.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const STATEMENTS = [
  `create table originals_settings (
    merchant_id uuid primary key references merchants(id),
    house_edge_bps integer not null default 100 check (house_edge_bps between 0 and 4999),
    max_bet_minor bigint not null default 1000000 check (max_bet_minor > 0),
    max_win_minor bigint not null default 100000000 check (max_win_minor > 0),
    updated_at timestamptz not null default now()
  )`,
  `create table original_rounds (
    id bigint generated always as identity primary key,
    merchant_id uuid not null,
    member_id uuid not null,
    game text not null,
    idempotency_key text not null,
    seed_id bigint not null,
    nonce bigint not null,
    params jsonb not null,
    outcome jsonb not null,
    stake_minor bigint not null check (stake_minor > 0),
    payout_minor bigint not null check (payout_minor >= 0),
    multiplier numeric(18, 8) not null,
    currency text not null,
    balance_before_minor bigint not null,
    balance_after_minor bigint not null,
    stake_transfer_id bigint not null,
    payout_transfer_id bigint,
    created_at timestamptz not null default now(),
    constraint original_rounds_idempotency unique (member_id, idempotency_key),
    constraint original_rounds_nonce unique (seed_id, nonce)
  )`,
  `create index original_rounds_member on original_rounds (member_id, created_at desc, id desc)`,
];
