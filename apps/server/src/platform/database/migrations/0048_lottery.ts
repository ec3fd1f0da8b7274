import { type Kysely, sql } from 'kysely';

/**
 * Fast-draw lotteries: the merchant's games, their draws scheduled ahead (each with the commitment
 * to its secret seed), the bet slips (orders, one stake for every ticket and chase draw) and their
 * tickets, one per draw, settled exactly once. Members' prize series live beside them.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const STATEMENTS: string[] = [
  `create table lottery_games (
    id bigint generated always as identity primary key,
    merchant_id uuid not null references merchants(id),
    code text not null,
    family text not null check (family in ('FIVE_DIGIT', 'THREE_DICE', 'RACE_10', 'ELEVEN_FIVE')),
    name_en text not null,
    name_pt text not null,
    interval_minutes integer not null check (interval_minutes in (1, 3, 5)),
    close_seconds integer not null check (close_seconds >= 0),
    utc_offset_minutes integer not null default -180,
    default_play_type text not null,
    max_chase_draws integer not null default 120 check (max_chase_draws between 1 and 120),
    min_unit_stake_minor bigint not null default 10 check (min_unit_stake_minor > 0),
    max_ticket_stake_minor bigint not null default 1000000 check (max_ticket_stake_minor > 0),
    play_limits jsonb not null default '{}'::jsonb,
    enabled boolean not null default true,
    sort_order integer not null default 0,
    created_at timestamptz not null default now(),
    constraint lottery_games_code unique (merchant_id, code),
    check (close_seconds < interval_minutes * 60)
  )`,
  `create table lottery_draws (
    id bigint generated always as identity primary key,
    merchant_id uuid not null references merchants(id),
    game_id bigint not null references lottery_games(id),
    draw_no text not null,
    closes_at timestamptz not null,
    draws_at timestamptz not null,
    commitment text not null,
    server_seed text not null,
    result jsonb,
    status text not null default 'scheduled'
      check (status in ('scheduled', 'drawn', 'settled', 'cancelled')),
    drawn_at timestamptz,
    settled_at timestamptz,
    cancelled_at timestamptz,
    cancel_reason text,
    created_at timestamptz not null default now(),
    constraint lottery_draws_no unique (game_id, draw_no),
    check (closes_at <= draws_at)
  )`,
  `create index lottery_draws_due on lottery_draws (draws_at) where status in ('scheduled', 'drawn')`,
  `create index lottery_draws_game on lottery_draws (game_id, draws_at desc)`,
  `create table lottery_orders (
    id bigint generated always as identity primary key,
    merchant_id uuid not null references merchants(id),
    member_id uuid not null,
    game_id bigint not null references lottery_games(id),
    idempotency_key text not null,
    request_hash text not null,
    first_draw_id bigint not null references lottery_draws(id),
    chase_draws integer not null check (chase_draws >= 1),
    stop_on_win boolean not null,
    status text not null default 'active' check (status in ('active', 'finished', 'stopped', 'cancelled')),
    currency text not null,
    stake_minor bigint not null check (stake_minor > 0),
    payout_minor bigint not null default 0 check (payout_minor >= 0),
    refunded_minor bigint not null default 0 check (refunded_minor >= 0),
    stake_transfer_id bigint not null,
    created_at timestamptz not null default now(),
    constraint lottery_orders_idempotency unique (member_id, idempotency_key)
  )`,
  `create index lottery_orders_member on lottery_orders (member_id, id desc)`,
  `create table lottery_tickets (
    id bigint generated always as identity primary key,
    order_id bigint not null references lottery_orders(id),
    merchant_id uuid not null,
    member_id uuid not null,
    game_id bigint not null references lottery_games(id),
    draw_id bigint not null references lottery_draws(id),
    play_type text not null,
    selection jsonb not null,
    unit_stake_minor bigint not null check (unit_stake_minor > 0),
    multiple integer not null check (multiple >= 1),
    units integer not null check (units >= 1),
    stake_minor bigint not null check (stake_minor > 0),
    series integer not null check (series between 1 and 2000),
    status text not null default 'pending' check (status in ('pending', 'won', 'lost', 'cancelled')),
    payout_minor bigint not null default 0 check (payout_minor >= 0),
    winning jsonb not null default '[]'::jsonb,
    payout_transfer_id bigint,
    refund_transfer_id bigint,
    currency text not null,
    created_at timestamptz not null default now(),
    settled_at timestamptz
  )`,
  `create index lottery_tickets_pending on lottery_tickets (draw_id, id) where status = 'pending'`,
  `create index lottery_tickets_member on lottery_tickets (member_id, id desc)`,
  `create index lottery_tickets_order on lottery_tickets (order_id)`,
  // A member's prize series; absent means the merchant's prize mode's top series. An agent may
  // give a downline a lower one (set_by_member_id) and earn the difference as rebate.
  `create table lottery_series (
    member_id uuid primary key,
    merchant_id uuid not null references merchants(id),
    series integer not null check (series between 1 and 2000),
    set_by_member_id uuid,
    updated_at timestamptz not null default now()
  )`,
];
