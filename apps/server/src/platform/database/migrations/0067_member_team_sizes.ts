import { type Kysely, sql } from 'kysely';

/**
 * Team sizes (issue 15, docs/agents.md): how many members are below each member of the agent tree,
 * kept by a trigger on `members` so Team Management reads and sorts by team size without counting a
 * team per row (which was quadratic on a big team). A member's row appears once it has someone
 * below it. Inserting a member adds one to each id of its ancestry; changing a member's ancestry (a
 * move) takes one from the ids only in the old one and adds one to the ids only in the new one — a
 * subtree moved row by row thus moves its whole count, and the ancestors it keeps are untouched.
 * Ancestors are touched in ancestry order (top first), so concurrent registrations cannot deadlock.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const STATEMENTS = [
  `create table member_team_sizes (
    member_id uuid primary key,
    team_size bigint not null
  )`,
  `create function member_team_sizes_apply() returns trigger language plpgsql as $$
  declare
    old_ids uuid[] := case when tg_op = 'INSERT' then '{}'::uuid[]
                      else string_to_array(trim(both '/' from old.ancestry), '/')::uuid[] end;
    new_ids uuid[] := case when tg_op = 'DELETE' then '{}'::uuid[]
                      else string_to_array(trim(both '/' from new.ancestry), '/')::uuid[] end;
  begin
    insert into member_team_sizes (member_id, team_size)
      select a.id, 1 from unnest(new_ids) with ordinality as a(id, n) where not (a.id = any(old_ids)) order by a.n
      on conflict (member_id) do update set team_size = member_team_sizes.team_size + 1;
    update member_team_sizes set team_size = team_size - 1
      where member_id = any(old_ids) and not (member_id = any(new_ids));
    return null;
  end $$`,
  `create trigger members_team_sizes_insert after insert on members
     for each row when (new.ancestry <> '/') execute function member_team_sizes_apply()`,
  `create trigger members_team_sizes_update after update of ancestry on members
     for each row when (old.ancestry is distinct from new.ancestry) execute function member_team_sizes_apply()`,
  `create trigger members_team_sizes_delete after delete on members
     for each row when (old.ancestry <> '/') execute function member_team_sizes_apply()`,
  `insert into member_team_sizes (member_id, team_size)
     select a.id::uuid, count(*) from members m,
       unnest(string_to_array(trim(both '/' from m.ancestry), '/')) as a(id)
     where m.ancestry <> '/' group by a.id`,
];
