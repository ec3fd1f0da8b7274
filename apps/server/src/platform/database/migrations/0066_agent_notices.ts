import { type Kysely, sql } from 'kysely';

/**
 * The agent centre's announcements and notices (issue 15, docs/agents.md):
 * - `announcements.audience`: 'all' (the site's public lists, as before) or 'agents' (only on the
 *   agent centre's Announcement page, to agents; read state in `announcement_reads` as for popups).
 * - `agent_notice_reads`: how far an agent has read its contract notices. The notices themselves are
 *   not stored: they are the contract steps the agent tables already record (requests, ends,
 *   settlements), read as one feed; this is the member's read mark on it.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const STATEMENTS = [
  `alter table announcements add column audience text not null default 'all'
     check (audience in ('all', 'agents'))`,
  `create table agent_notice_reads (
    member_id uuid primary key references members(id) on delete cascade,
    seen_until timestamptz not null
  )`,
];
