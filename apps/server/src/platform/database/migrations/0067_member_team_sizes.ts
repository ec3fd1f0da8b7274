import { type Kysely, sql } from 'kysely';

/**
 * Team sizes (issue 15, docs/agents.md): how many members are below each member of the agent tree,
 * kept by triggers on `members` so Team Management reads and sorts by team size without counting a
 * team per row (which was quadratic on a big team). A member's row appears once it has someone
 * below it. Per statement, from its transition tables: inserted members add one to each id of their
 * ancestry; an ancestry change (a move, a subtree moved in one statement) takes one from the ids only
 * in the old ancestry and adds one to the ids only in the new one; deleted members take one off.
 * The changes are summed per ancestor first, so a bulk insert or a big move touches each ancestor's
 * row once (a row-level trigger updated the top agent's row once per member, and a transaction
 * updating one row 100,000 times is quadratic). Ancestors are written in id order: concurrent
 * registrations cannot deadlock on them.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

/** The ancestors of the rows of `table` (a transition table) as (ancestor_id, delta) rows. */
const ancestors = (table: string, delta: number, moved = '') =>
  `select a.id::uuid as ancestor_id, ${delta} as delta from ${table} t ${moved},
     unnest(string_to_array(trim(both '/' from t.ancestry), '/')) as a(id)`;
const MOVED = (other: string) => `join ${other} o on o.id = t.id and o.ancestry <> t.ancestry`;

const apply = (deltas: string) => `
    with d as (${deltas}), s as (select ancestor_id, sum(delta)::bigint as delta from d group by ancestor_id having sum(delta) <> 0)
    insert into member_team_sizes (member_id, team_size)
      select ancestor_id, delta from s order by ancestor_id
      on conflict (member_id) do update set team_size = member_team_sizes.team_size + excluded.team_size;`;

const STATEMENTS = [
  `create table member_team_sizes (
    member_id uuid primary key,
    team_size bigint not null
  )`,
  `create function member_team_sizes_insert() returns trigger language plpgsql as $$
  begin
    ${apply(ancestors('new_rows', 1))}
    return null;
  end $$`,
  `create function member_team_sizes_update() returns trigger language plpgsql as $$
  begin
    ${apply(`${ancestors('old_rows', -1, MOVED('new_rows'))} union all ${ancestors('new_rows', 1, MOVED('old_rows'))}`)}
    return null;
  end $$`,
  `create function member_team_sizes_delete() returns trigger language plpgsql as $$
  begin
    ${apply(ancestors('old_rows', -1))}
    return null;
  end $$`,
  `create trigger members_team_sizes_insert after insert on members
     referencing new table as new_rows for each statement execute function member_team_sizes_insert()`,
  `create trigger members_team_sizes_update after update on members
     referencing old table as old_rows new table as new_rows
     for each statement execute function member_team_sizes_update()`,
  `create trigger members_team_sizes_delete after delete on members
     referencing old table as old_rows for each statement execute function member_team_sizes_delete()`,
  `insert into member_team_sizes (member_id, team_size)
     select a.id::uuid, count(*) from members m,
       unnest(string_to_array(trim(both '/' from m.ancestry), '/')) as a(id)
     where m.ancestry <> '/' group by a.id`,
];
