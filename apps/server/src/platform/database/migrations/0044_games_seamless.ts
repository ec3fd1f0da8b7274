import { type Kysely, sql } from 'kysely';

/**
 * The rest of the seamless-wallet API (modules/games): vendor sessions made at launch (the token a
 * vendor exchanges for the player), the vendor's rounds (open until the vendor ends them, kept for
 * recall), the wins credited (idempotent by the vendor's transaction id) and the rollbacks — one per
 * rolled-back debit txn id, recorded even when that debit was never seen, so it is refused if it
 * arrives late.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const STATEMENTS: string[] = [
  // Only the token's SHA-256 is stored: a leaked table does not let anyone play as the member.
  `create table vendor_sessions (
    id bigint generated always as identity primary key,
    token_hash text not null unique,
    merchant_id uuid not null references merchants(id),
    member_id uuid not null references members(id),
    vendor text not null,
    game_code text not null,
    category text not null,
    currency text not null,
    language text not null,
    expires_at timestamptz not null,
    created_at timestamptz not null default now()
  )`,
  `create index vendor_sessions_game on vendor_sessions (merchant_id, vendor, game_code, created_at desc)`,
  // Written on the debit's hot path with its batch, so no foreign keys (as game_bets, migration 0040).
  `create table game_rounds (
    merchant_id uuid not null,
    vendor text not null,
    round_id text not null,
    member_id uuid not null,
    game_code text not null,
    category text not null,
    currency text not null,
    status text not null default 'open' check (status in ('open', 'ended')),
    created_at timestamptz not null default now(),
    ended_at timestamptz,
    primary key (merchant_id, vendor, round_id)
  )`,
  `create index game_rounds_member on game_rounds (member_id, created_at desc)`,
  `create table game_credits (
    id bigint generated always as identity primary key,
    merchant_id uuid not null,
    member_id uuid not null,
    vendor text not null,
    round_id text not null,
    txn_id text not null,
    amount_minor bigint not null check (amount_minor >= 0),
    currency text not null,
    transfer_id bigint,
    balance_after_minor bigint not null,
    created_at timestamptz not null default now(),
    constraint game_credits_txn unique (merchant_id, vendor, txn_id)
  )`,
  `create index game_credits_round on game_credits (merchant_id, vendor, round_id)`,
  `create table game_rollbacks (
    merchant_id uuid not null,
    vendor text not null,
    txn_id text not null,
    member_id uuid not null,
    round_id text not null,
    amount_minor bigint not null check (amount_minor >= 0),
    transfer_id bigint,
    balance_after_minor bigint not null,
    created_at timestamptz not null default now(),
    primary key (merchant_id, vendor, txn_id)
  )`,
  `create index game_bets_round on game_bets (merchant_id, vendor, round_id)`,
];
