import { type Kysely, sql } from 'kysely';

/**
 * The agent centre's registration centre (issue 15): an agent's invitation links, one code per link
 * and the type of account it makes (a player or a downline agent). A registration through a link
 * keeps the link's code in `members.affiliate_code_used`, so "who registered through this link" is
 * the agent's direct downline with that code — the link needs no column on members.
 *
 * Link codes share the namespace of the agents' own affiliate codes (the registration form has one
 * field); the service makes sure a new code is taken by neither.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const STATEMENTS = [
  `create table agent_invite_links (
    id uuid primary key default gen_random_uuid(),
    merchant_id uuid not null references merchants(id),
    agent_id uuid not null references members(id),
    code text not null check (code ~ '^[A-Za-z0-9]{4,32}$'),
    account_kind text not null check (account_kind in ('player', 'agent')),
    created_at timestamptz not null
  )`,
  `create unique index agent_invite_links_code on agent_invite_links (merchant_id, lower(code))`,
  `create index agent_invite_links_agent on agent_invite_links (agent_id, created_at desc)`,
  // Team figures: new members of a team over a period are found by ancestry, then by creation time.
  `create index members_ancestry_created on members (merchant_id, ancestry text_pattern_ops, created_at)`,
];
