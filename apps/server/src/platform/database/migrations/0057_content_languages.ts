import { type Kysely, sql } from 'kysely';

/**
 * Content per language. A banner keeps its `url` as the art for every language (the built-in art
 * draws its words in the reader's language through `?lang=`) and gains `images`, an image per
 * language that wins over it; a banner may also have no image at all and show its title (per
 * language) as text, so `url` may now be null. Existing rows are carried as they are: their url
 * still serves every language.
 *
 * `announcement_reads` remembers which popup (PU) announcement a member has seen, and at which
 * version (the announcement's updated_at), so a popup opens once per player and again when changed.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const STATEMENTS = [
  `alter table banners add column images jsonb not null default '{}'::jsonb`,
  'alter table banners alter column url drop not null',
  `create table announcement_reads (
    member_id uuid not null references members(id) on delete cascade,
    announcement_id uuid not null references announcements(id) on delete cascade,
    version timestamptz not null,
    seen_at timestamptz not null default now(),
    primary key (member_id, announcement_id)
  )`,
  'create index announcement_reads_announcement on announcement_reads (announcement_id)',
];
