import { type Kysely, sql } from 'kysely';

/**
 * Owned by modules/system: merchants and their white-label configuration.
 *
 * Small, always-read-together settings (flags, theme, security, registration field rules, region
 * lists) are jsonb columns on `merchants`, so one row read builds a merchant context. Lists that
 * operators edit item by item (domains, banners, announcements, help entries) get their own tables.
 * Every table carries merchant_id first so the schema can be sharded by merchant later.
 * gen_random_uuid() is built in from PostgreSQL 13, so it runs on PG15 and on PGlite (PG18).
 */
const STATEMENTS = [
  `create table merchants (
    id uuid primary key default gen_random_uuid(),
    code text not null unique check (code ~ '^[a-z0-9][a-z0-9_-]{1,31}$'),
    brand_name text not null,
    logo_url text not null,
    favicon_url text,
    theme jsonb not null,
    currency text not null default 'BRL',
    currency_symbol text not null default '$',
    languages text[] not null default array['pt-BR','en'],
    default_language text not null default 'pt-BR',
    game_language text not null default 'en',
    minimum_age integer not null default 18,
    prize_mode text not null default 'Lott',
    lottery_type text not null default 'VN',
    affiliate_link text,
    flags jsonb not null default '{}'::jsonb,
    security jsonb not null default '{}'::jsonb,
    registration_fields jsonb not null default '{}'::jsonb,
    countries jsonb not null default '[]'::jsonb,
    default_country_code text not null default 'BR',
    customer_service jsonb not null default '[]'::jsonb,
    social_links jsonb not null default '{}'::jsonb,
    resources jsonb not null default '[]'::jsonb,
    image_cdns text[] not null default array[]::text[],
    launch_game_cdns text[] not null default array[]::text[],
    maintenance boolean not null default false,
    maintenance_end_time timestamptz,
    region_restricted boolean not null default false,
    region jsonb not null default '{"allowCountries":[],"denyCountries":[],"allowIps":[],"denyIps":[]}'::jsonb,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create table merchant_domains (
    domain text primary key,
    merchant_id uuid not null references merchants(id) on delete cascade,
    created_at timestamptz not null default now()
  )`,
  'create index merchant_domains_merchant on merchant_domains (merchant_id)',
  `create table banners (
    id uuid primary key default gen_random_uuid(),
    merchant_id uuid not null references merchants(id) on delete cascade,
    group_name text not null,
    url text not null,
    linkage_type text not null default 'none',
    link text,
    title jsonb not null default '{}'::jsonb,
    sort_order integer not null default 0,
    enabled boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  'create index banners_merchant_group on banners (merchant_id, group_name, sort_order)',
  `create table announcements (
    id uuid primary key default gen_random_uuid(),
    merchant_id uuid not null references merchants(id) on delete cascade,
    type text not null check (type in ('B','PL','PU','PR','H')),
    title jsonb not null,
    content jsonb not null,
    starts_at timestamptz not null default now(),
    ends_at timestamptz,
    sort_order integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  'create index announcements_merchant_order on announcements (merchant_id, sort_order, starts_at desc)',
  `create table help_entries (
    id uuid primary key default gen_random_uuid(),
    merchant_id uuid not null references merchants(id) on delete cascade,
    title jsonb not null,
    content jsonb not null,
    sort_order integer not null default 0,
    created_at timestamptz not null default now()
  )`,
  'create index help_entries_merchant_order on help_entries (merchant_id, sort_order)',
  `create table operator_audit (
    id bigint generated always as identity primary key,
    merchant_id uuid references merchants(id) on delete set null,
    operator_key_id text not null,
    action text not null,
    target text,
    before jsonb,
    after jsonb,
    created_at timestamptz not null default now()
  )`,
  'create index operator_audit_merchant_time on operator_audit (merchant_id, created_at desc)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement per call: the PGlite adapter and extended-protocol queries take one at a time.
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
