import { type Kysely, sql } from 'kysely';

/**
 * The points mall (issue 17 item 7, modules/points). Points are not money: they live in their own
 * journal (`points_entries`, one row per movement, idempotency key unique per merchant) with a cached
 * balance per member (`points_accounts`), checked by `verifyPoints` (balance = sum of entries).
 *
 * - `points_settings`: per merchant: the switch, whether anything may credit real cash (cash items
 *   and the conversion; off by default — the strict reading while bonuses with wagering are not
 *   built), the conversion rate (`convert_points` points → `convert_cash_minor`) and its minimum.
 * - `points_rates`: per merchant × category: `points_per_unit` points per `stake_unit_minor` of
 *   valid stake.
 * - `points_progress`: per merchant × member × category: valid stake not yet turned into points
 *   (0 ≤ remainder < unit after each batch of the earning consumer), so no fraction is ever awarded
 *   and a void takes back what its stake gave.
 * - `points_items`: cash or goods, names per language, cost, stock (null: unlimited, cash only).
 * - `points_redemptions`: the history (items and conversions), idempotent per member and key.
 */
const STATEMENTS = [
  `
    create table points_settings (
      merchant_id uuid primary key references merchants (id),
      enabled boolean not null default true,
      cash_enabled boolean not null default false,
      convert_points bigint not null default 100 check (convert_points > 0),
      convert_cash_minor bigint not null default 0 check (convert_cash_minor >= 0),
      convert_min_points bigint not null default 100 check (convert_min_points > 0),
      updated_at timestamptz not null default now()
    )`,
  `
    create table points_rates (
      merchant_id uuid not null references merchants (id),
      category text not null,
      stake_unit_minor bigint not null check (stake_unit_minor > 0),
      points_per_unit bigint not null check (points_per_unit >= 0),
      primary key (merchant_id, category)
    )`,
  `
    create table points_accounts (
      merchant_id uuid not null,
      member_id uuid not null,
      balance bigint not null default 0,
      earned bigint not null default 0,
      spent bigint not null default 0,
      updated_at timestamptz not null default now(),
      primary key (member_id)
    )`,
  `
    create index points_accounts_merchant on points_accounts (merchant_id)`,
  `
    create table points_entries (
      id bigint generated always as identity primary key,
      merchant_id uuid not null,
      member_id uuid not null,
      delta bigint not null,
      kind text not null check (kind in ('earn', 'redeem', 'convert', 'adjust')),
      idempotency_key text not null,
      reference text,
      created_at timestamptz not null default now(),
      constraint points_entries_key unique (merchant_id, idempotency_key)
    )`,
  `
    create index points_entries_member on points_entries (member_id, id)`,
  `
    create table points_progress (
      merchant_id uuid not null,
      member_id uuid not null,
      category text not null,
      remainder_minor bigint not null,
      primary key (member_id, category)
    )`,
  `
    create table points_items (
      id bigint generated always as identity primary key,
      merchant_id uuid not null references merchants (id),
      kind text not null check (kind in ('cash', 'goods')),
      names jsonb not null,
      descriptions jsonb not null default '{}',
      image_url text,
      cost_points bigint not null check (cost_points > 0),
      cash_minor bigint check (cash_minor is null or cash_minor > 0),
      stock integer check (stock is null or stock >= 0),
      redeemed integer not null default 0,
      active boolean not null default true,
      sort_order integer not null default 0,
      created_at timestamptz not null default now(),
      check ((kind = 'cash') = (cash_minor is not null)),
      check (kind = 'cash' or stock is not null)
    )`,
  `
    create index points_items_merchant on points_items (merchant_id, sort_order, id)`,
  `
    create table points_redemptions (
      id bigint generated always as identity primary key,
      merchant_id uuid not null,
      member_id uuid not null,
      item_id bigint references points_items (id),
      kind text not null check (kind in ('cash', 'goods', 'convert')),
      points bigint not null check (points > 0),
      cash_minor bigint,
      currency text,
      address jsonb,
      status text not null check (status in ('processing', 'approved', 'rejected')),
      idempotency_key text not null,
      created_at timestamptz not null default now(),
      constraint points_redemptions_key unique (member_id, idempotency_key)
    )`,
  `
    create index points_redemptions_member on points_redemptions (member_id, id desc)`,
];

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was, not today's typed one
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
