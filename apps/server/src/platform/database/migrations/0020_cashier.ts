import { type Kysely, sql } from 'kysely';

/**
 * The cashier (modules/wallet): payment channels, deposit and withdrawal orders, payout accounts,
 * per-merchant cashier settings, turnover requirements and the withdrawal-password lockout. Money
 * itself never lives here: every order points at the ledger transfer (or hold) that moved it.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const STATEMENTS = [
  `create table cashier_settings (
    merchant_id uuid primary key references merchants(id),
    withdraw_min_minor bigint not null default 2000,
    withdraw_max_minor bigint not null default 5000000,
    withdraw_daily_count integer not null default 5,
    withdraw_fee_bps integer not null default 0,
    withdraw_fee_fixed_minor bigint not null default 0,
    auto_receipt_minutes integer not null default 30,
    deposit_turnover_bps integer not null default 0,
    max_payout_accounts integer not null default 5,
    single_wallet boolean not null default true,
    transfer_vendors jsonb not null default '[]',
    updated_at timestamptz not null default now()
  )`,
  `create table payment_channels (
    id uuid primary key default gen_random_uuid(),
    merchant_id uuid not null references merchants(id),
    name text not null,
    type text not null check (type in ('manual_bank', 'manual_pix', 'gateway')),
    gateway text,
    gateway_secret text,
    currency text not null,
    min_minor bigint not null check (min_minor > 0),
    max_minor bigint not null check (max_minor >= min_minor),
    fee_bps integer not null default 0 check (fee_bps between 0 and 5000),
    fee_fixed_minor bigint not null default 0 check (fee_fixed_minor >= 0),
    daily_limit_minor bigint,
    daily_count_limit integer,
    quick_amounts_minor jsonb not null default '[]',
    account jsonb,
    sort_order integer not null default 0,
    enabled boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index payment_channels_merchant on payment_channels (merchant_id, sort_order)`,
  `create sequence cashier_order_seq`,
  `create table deposits (
    id uuid primary key default gen_random_uuid(),
    merchant_id uuid not null references merchants(id),
    member_id uuid not null references members(id),
    order_no text not null unique,
    idempotency_key text not null,
    channel_id uuid not null references payment_channels(id),
    amount_minor bigint not null check (amount_minor > 0),
    fee_minor bigint not null default 0 check (fee_minor >= 0),
    currency text not null,
    status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'failed', 'expired')),
    reference text,
    gateway_txn_id text,
    ledger_transfer_id bigint,
    reason text,
    decided_by text,
    created_at timestamptz not null default now(),
    resolved_at timestamptz,
    constraint deposits_idempotency unique (member_id, idempotency_key)
  )`,
  `create unique index deposits_gateway_txn on deposits (channel_id, gateway_txn_id) where gateway_txn_id is not null`,
  `create index deposits_member on deposits (member_id, created_at desc)`,
  `create index deposits_queue on deposits (merchant_id, status, created_at)`,
  `create table payout_accounts (
    id uuid primary key default gen_random_uuid(),
    merchant_id uuid not null references merchants(id),
    member_id uuid not null references members(id),
    type text not null check (type in ('bank', 'pix')),
    bank_name text,
    branch text,
    account_number text,
    pix_key_type text,
    pix_key text,
    holder_name text not null,
    is_default boolean not null default false,
    removed_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  `create index payout_accounts_member on payout_accounts (member_id) where removed_at is null`,
  `create table withdrawals (
    id uuid primary key default gen_random_uuid(),
    merchant_id uuid not null references merchants(id),
    member_id uuid not null references members(id),
    order_no text not null unique,
    idempotency_key text not null,
    payout_account_id uuid not null references payout_accounts(id),
    amount_minor bigint not null check (amount_minor > 0),
    fee_minor bigint not null default 0 check (fee_minor >= 0),
    currency text not null,
    status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'received', 'not_received')),
    hold_transfer_id bigint not null,
    resolution_transfer_id bigint,
    reason text,
    decided_by text,
    received_amount_minor bigint,
    receipt_auto boolean,
    created_at timestamptz not null default now(),
    approved_at timestamptz,
    resolved_at timestamptz,
    auto_receipt_at timestamptz,
    constraint withdrawals_idempotency unique (member_id, idempotency_key)
  )`,
  `create index withdrawals_member on withdrawals (member_id, created_at desc)`,
  `create index withdrawals_queue on withdrawals (merchant_id, status, created_at)`,
  `create index withdrawals_auto_receipt on withdrawals (auto_receipt_at) where status = 'approved'`,
  `create table withdrawal_proofs (
    withdrawal_id uuid primary key references withdrawals(id),
    content_type text not null,
    bytes bytea not null,
    created_at timestamptz not null default now()
  )`,
  `create table turnover_requirements (
    id bigint generated always as identity primary key,
    merchant_id uuid not null references merchants(id),
    member_id uuid not null references members(id),
    source text not null,
    source_id text not null,
    required_minor bigint not null check (required_minor >= 0),
    created_at timestamptz not null default now(),
    constraint turnover_requirements_source unique (member_id, source, source_id)
  )`,
  `create table withdrawal_password_failures (
    member_id uuid primary key references members(id),
    failures integer not null,
    last_failure_at timestamptz not null,
    locked_until timestamptz
  )`,
];
