import { type Kysely, sql } from 'kysely';

/**
 * The first part of the seamless-wallet vendor API (modules/games): vendor credentials per
 * merchant, the bets vendors place through it (one row per debit, tied to its ledger transfer), and
 * the nonces of signed calls (replay protection; old ones are purged).
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const STATEMENTS = [
  `create table game_vendor_credentials (
    merchant_id uuid not null references merchants(id),
    vendor text not null,
    secret text not null,
    enabled boolean not null default true,
    created_at timestamptz not null default now(),
    primary key (merchant_id, vendor)
  )`,
  // No foreign keys on the bet row, as on the ledger's hot-path tables (migration 0014): it is written
  // in the same batch as its transfer, from ids that batch has just checked.
  `create table game_bets (
    id bigint generated always as identity primary key,
    merchant_id uuid not null,
    member_id uuid not null,
    vendor text not null,
    round_id text not null,
    txn_id text not null,
    game_code text,
    stake_minor bigint not null check (stake_minor > 0),
    currency text not null,
    status text not null default 'open' check (status in ('open', 'settled', 'rolled_back')),
    transfer_id bigint not null,
    balance_after_minor bigint not null,
    created_at timestamptz not null default now(),
    constraint game_bets_txn unique (merchant_id, vendor, txn_id)
  )`,
  `create index game_bets_member on game_bets (member_id, created_at desc)`,
  `create table provider_nonces (
    merchant_id uuid not null,
    vendor text not null,
    nonce text not null,
    seen_at timestamptz not null default now(),
    primary key (merchant_id, vendor, nonce)
  )`,
  `create index provider_nonces_age on provider_nonces (seen_at)`,
];
