import { type Kysely, sql } from 'kysely';

/** The game catalog (vendors, games, per-merchant order and switches, favourites, recent games). */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const CATEGORIES = `'ELOTT', 'LOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP', 'ESPORTS', 'INHOUSE'`;

/**
 * Vendors and games are one shared catalog; what a merchant offers is its own: a vendor shows only
 * with an enabled merchant row (a merchant signs with vendors one by one), a game of such a vendor
 * shows unless the merchant switched it off. Order is per merchant too, falling back to the catalog's.
 */
const STATEMENTS: string[] = [
  `create table game_vendors (
    code text primary key check (code ~ '^[A-Za-z0-9_-]{1,32}$'),
    name text not null,
    category text not null check (category in (${CATEGORIES})),
    icon_url text,
    popup_list boolean not null default false,
    free_play boolean not null default false,
    launch_kind text not null check (launch_kind in ('inhouse', 'seamless', 'transfer')),
    sort_order integer not null default 0,
    created_at timestamptz not null default now()
  )`,
  `create table games (
    id bigint generated always as identity primary key,
    vendor text not null references game_vendors(code),
    code text not null,
    node_id text not null,
    game_type text not null check (game_type in (${CATEGORIES})),
    names jsonb not null,
    icon_url text,
    is_hot boolean not null default false,
    classify text,
    min_bet_minor bigint check (min_bet_minor >= 0),
    line_num integer check (line_num >= 0),
    default_play_type text,
    sort_order integer not null default 0,
    created_at timestamptz not null default now(),
    constraint games_vendor_code unique (vendor, code),
    constraint games_vendor_node unique (vendor, node_id)
  )`,
  `create index games_type_vendor on games (game_type, vendor, sort_order, id)`,
  `create table merchant_game_vendors (
    merchant_id uuid not null references merchants(id),
    vendor text not null references game_vendors(code),
    enabled boolean not null default true,
    sort_order integer not null default 0,
    updated_at timestamptz not null default now(),
    primary key (merchant_id, vendor)
  )`,
  `create table merchant_games (
    merchant_id uuid not null references merchants(id),
    game_id bigint not null references games(id),
    enabled boolean not null default true,
    sort_order integer,
    updated_at timestamptz not null default now(),
    primary key (merchant_id, game_id)
  )`,
  `create table game_favourites (
    member_id uuid not null references members(id),
    game_id bigint not null references games(id),
    created_at timestamptz not null default now(),
    primary key (member_id, game_id)
  )`,
  `create index game_favourites_member on game_favourites (member_id, created_at desc)`,
  `create table game_recent (
    member_id uuid not null references members(id),
    merchant_id uuid not null references merchants(id),
    game_id bigint not null references games(id),
    last_played_at timestamptz not null,
    play_count integer not null default 1,
    primary key (member_id, game_id)
  )`,
  `create index game_recent_member on game_recent (member_id, last_played_at desc)`,
  `create index game_recent_merchant on game_recent (merchant_id, last_played_at desc)`,
];
