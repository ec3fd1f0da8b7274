import { type Kysely, sql } from 'kysely';

/**
 * The promotions CMS (issue 17 item 1): what `/promotions`, `/promoDetail?id=` and the register
 * page's carousel show, written by operators in the back office.
 *
 * - `merchants.bonuses_enabled`: the merchant's bonus switch, off unless an operator turns it on —
 *   Brazil's rules forbid bonuses (the strict reading), so a merchant starts without them; while it
 *   is off no promotion of a bonus type (deposit_bonus, reload, cashback) is shown.
 * - `promotions`: type, category (the /promotions tabs), status draft/published/archived, the
 *   window (`ends_at` null: open-ended), the audience (with its VIP levels or agent), display order,
 *   the cover image's id and the content per language (`{ lang: { title, summary, body } }`, the body
 *   already sanitized by the server when it was written).
 * - `promotion_members`: the member list of an audience `member_list`.
 * - `promotion_images`: pictures uploaded for covers and bodies, in the object store under
 *   `promotion/<merchant>/<id>` (the demo's covers ship with the code: `asset/<name>`); `id` is the
 *   public name the site's address carries.
 */
const STATEMENTS = [
  `alter table merchants add column bonuses_enabled boolean not null default false`,
  `
    create table promotion_images (
      id uuid primary key,
      merchant_id uuid not null references merchants (id),
      storage_key text not null,
      content_type text not null check (content_type in ('image/png', 'image/jpeg')),
      byte_size integer not null check (byte_size > 0 and byte_size <= 5242880),
      width integer not null check (width > 0),
      height integer not null check (height > 0),
      created_at timestamptz not null default now(),
      unique (merchant_id, storage_key)
    )`,
  `
    create table promotions (
      id bigint generated always as identity primary key,
      merchant_id uuid not null references merchants (id),
      type text not null check (type in ('deposit_bonus', 'reload', 'cashback', 'rebate', 'raffle',
        'activity_application', 'free_content')),
      category text not null check (category in ('new_player', 'casino', 'sports', 'lottery', 'vip', 'general')),
      status text not null default 'draft' check (status in ('draft', 'published', 'archived')),
      starts_at timestamptz not null,
      ends_at timestamptz,
      audience text not null default 'all' check (audience in ('all', 'new_players', 'vip_levels',
        'agent_team', 'member_list')),
      vip_levels integer[] not null default '{}',
      agent_id uuid references members (id),
      display_order integer not null default 0,
      cover_image_id uuid references promotion_images (id),
      content jsonb not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (ends_at is null or ends_at > starts_at),
      check ((audience = 'agent_team') = (agent_id is not null)),
      check ((audience = 'vip_levels') = (cardinality(vip_levels) > 0))
    )`,
  `create index promotions_shown on promotions (merchant_id, status, display_order, id)`,
  `
    create table promotion_members (
      promotion_id bigint not null references promotions (id) on delete cascade,
      member_id uuid not null references members (id),
      primary key (promotion_id, member_id)
    )`,
  `create index promotion_members_member on promotion_members (member_id)`,
];

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was, not today's typed one
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
