import { type Kysely, sql } from 'kysely';

/**
 * The Vietnamese lottery: the merchant's daily draws per province (drawn outside the platform, their
 * results entered by one operator and approved by another, or imported), the tickets sold on them,
 * and each merchant's prices and payouts per bet type and region.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const STATEMENTS: string[] = [
  `create table vn_draws (
    id bigint generated always as identity primary key,
    merchant_id uuid not null references merchants(id),
    region text not null check (region in ('north', 'central', 'south')),
    province_code text not null,
    draw_date text not null check (draw_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    closes_at timestamptz not null,
    draws_at timestamptz not null,
    status text not null default 'scheduled'
      check (status in ('scheduled', 'pending_approval', 'settling', 'settled', 'cancelled')),
    result jsonb,
    proposed_result jsonb,
    source text check (source in ('manual', 'import')),
    entered_by uuid,
    entered_at timestamptz,
    approved_by uuid,
    approved_at timestamptz,
    settled_at timestamptz,
    cancelled_at timestamptz,
    cancel_reason text,
    created_at timestamptz not null default now(),
    constraint vn_draws_day unique (merchant_id, province_code, draw_date),
    check (closes_at <= draws_at)
  )`,
  `create index vn_draws_opened on vn_draws (merchant_id, draws_at desc) where status = 'settled'`,
  `create index vn_draws_date on vn_draws (merchant_id, draw_date, status)`,
  `create table vn_tickets (
    id bigint generated always as identity primary key,
    merchant_id uuid not null references merchants(id),
    member_id uuid not null,
    draw_id bigint not null references vn_draws(id),
    region text not null,
    bet_type text not null,
    numbers jsonb not null,
    points integer check (points > 0),
    stake_per_slot_minor bigint check (stake_per_slot_minor > 0),
    units integer not null check (units > 0),
    rate jsonb not null,
    currency text not null,
    stake_minor bigint not null check (stake_minor > 0),
    status text not null default 'pending' check (status in ('pending', 'won', 'lost', 'cancelled')),
    payout_minor bigint not null default 0 check (payout_minor >= 0),
    win_count integer not null default 0,
    hits jsonb,
    idempotency_key text not null,
    slip_index integer not null,
    request_hash text not null,
    stake_transfer_id bigint not null,
    payout_transfer_id bigint,
    refund_transfer_id bigint,
    created_at timestamptz not null default now(),
    settled_at timestamptz,
    constraint vn_tickets_key unique (member_id, idempotency_key, slip_index),
    check ((points is null) <> (stake_per_slot_minor is null))
  )`,
  `create index vn_tickets_pending on vn_tickets (draw_id, id) where status = 'pending'`,
  `create index vn_tickets_member on vn_tickets (member_id, id desc)`,
  `create table vn_payout_config (
    merchant_id uuid primary key references merchants(id),
    config jsonb not null,
    updated_at timestamptz not null default now()
  )`,
];
