import { type Kysely, sql } from 'kysely';

/**
 * Whole-team figures kept per agent (issue 15, docs/agents.md "Team figures kept per agent"), so the
 * agent centre's Overview and the User Profit and Loss totals read a few rows per agent instead of
 * summing every member's rollups and cash orders (2.25 M rollup rows and 300,000 deposits for the
 * top agent of the bench's 100,000-member team).
 *
 * - `agent_team_daily`: per ancestor (every id of a member's ancestry) × currency × day (UTC, the
 *   rollups' zone): the team's bets, stake, valid bet, payout, approved deposits, paid withdrawals,
 *   members registered, and members active that day (a valid bet > 0 that day).
 * - `agent_team_monthly`: per ancestor × currency × calendar month: members active in the month.
 * - `member_day_valid` / `member_month_valid`: each member's valid bet per day and per month, the
 *   state that says when a member crosses from inactive to active (or back, after a void), so the
 *   active counts are bumped by ±1 instead of recounted.
 *
 * Kept by statement-level triggers (deltas from the transition tables, summed per ancestor first,
 * written in key order: a batch of the rollup consumer writes each ancestor × day once):
 * - on `bet_rollups_daily`: the rollup consumer's batch (same transaction as its checkpoint, so the
 *   stream's exactly-once discipline covers these tables too) and any bulk load;
 * - on `deposits` (status 'approved', day of resolved_at) and `withdrawals` (approved, received or
 *   not received, day of approved_at): the cashier's approvals;
 * - on `members`: registrations; an ancestry change (a move, a subtree moved) takes the moved
 *   members' whole history from the ancestors only in the old path and adds it to the new path. A
 *   move first locks the rollup consumer's checkpoint row and the cash triggers lock their members
 *   `for share`, so a batch or an approval that read the old ancestry is committed (and moved) or
 *   reads the new one — never lost between the two.
 * An INSERT … ON CONFLICT fires the insert and the update statement triggers one after the other;
 * the day and month states are upserts whose returned values chain the two, which is why activity
 * is kept in tables and not re-derived from the rollups.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const ZONE = `'UTC'`;
const PAID_WITHDRAWAL = `('approved', 'received', 'not_received')`;
const FIGURES = [
  'bets',
  'stake_minor',
  'valid_stake_minor',
  'payout_minor',
  'deposit_minor',
  'withdrawal_minor',
  'new_members',
  'active_members',
];
const ANCESTORS = `unnest(string_to_array(trim(both '/' from d.ancestry), '/')) as a(id)`;

/** Adds the signed per-member rows of CTE `d` (ancestry, currency, day, FIGURES) to every ancestor. */
const fanOutDaily = (d: string) => `
  insert into agent_team_daily as t (agent_id, currency, day, ${FIGURES.join(', ')})
  select a.id::uuid, d.currency, d.day, ${FIGURES.map((f) => `sum(d.${f})`).join(', ')}
  from ${d} d, ${ANCESTORS}
  group by 1, 2, 3
  having ${FIGURES.map((f) => `sum(d.${f}) <> 0`).join(' or ')}
  order by 1, 2, 3
  on conflict (agent_id, currency, day) do update set
    ${FIGURES.map((f) => `${f} = t.${f} + excluded.${f}`).join(', ')}`;

/** Adds the signed rows of CTE `d` (ancestry, currency, month, active_members) to every ancestor. */
const fanOutMonthly = (d: string) => `
  insert into agent_team_monthly as t (agent_id, currency, month, active_members)
  select a.id::uuid, d.currency, d.month, sum(d.active_members)
  from ${d} d, ${ANCESTORS}
  group by 1, 2, 3 having sum(d.active_members) <> 0
  order by 1, 2, 3
  on conflict (agent_id, currency, month) do update set active_members = t.active_members + excluded.active_members`;

/** A rollup statement's signed deltas (member_id, currency, day, bets, stake, valid, payout). */
const rollupRows = (table: string, sign: string) =>
  `select member_id, currency, day, ${sign}bets as bets, ${sign}stake_minor as stake, ${sign}valid_stake_minor as valid,
     ${sign}payout_minor as payout from ${table}`;

const onRollups = (deltas: string) => `
  with r as (${deltas}),
  dm as (
    select member_id, currency, day, sum(bets) as bets, sum(stake) as stake, sum(valid) as valid,
      sum(payout) as payout
    from r group by 1, 2, 3),
  dv as (
    insert into member_day_valid as v (member_id, currency, day, valid_stake_minor)
    select member_id, currency, day, valid from dm order by 1, 2, 3
    on conflict (member_id, currency, day) do update set valid_stake_minor = v.valid_stake_minor + excluded.valid_stake_minor
    returning member_id, currency, day, valid_stake_minor as after),
  mdelta as (
    select member_id, currency, date_trunc('month', day)::date as month, sum(valid) as valid from dm group by 1, 2, 3),
  mv as (
    insert into member_month_valid as v (member_id, currency, month, valid_stake_minor)
    select member_id, currency, month, valid from mdelta order by 1, 2, 3
    on conflict (member_id, currency, month) do update set valid_stake_minor = v.valid_stake_minor + excluded.valid_stake_minor
    returning member_id, currency, month, valid_stake_minor as after),
  dmonth as (
    select m.ancestry, mv.currency, mv.month, (mv.after > 0)::int - (mv.after - x.valid > 0)::int as active_members
    from mv join mdelta x using (member_id, currency, month) join members m on m.id = mv.member_id),
  months as (${fanOutMonthly('dmonth')}),
  dday as (
    select m.ancestry, dm.currency, dm.day, dm.bets, dm.stake as stake_minor, dm.valid as valid_stake_minor,
      dm.payout as payout_minor, 0 as deposit_minor, 0 as withdrawal_minor, 0 as new_members,
      (dv.after > 0)::int - (dv.after - dm.valid > 0)::int as active_members
    from dm join dv using (member_id, currency, day) join members m on m.id = dm.member_id)
  ${fanOutDaily('dday')};`;

/** A cash statement's signed deltas (member_id, currency, day, amount) of approved orders. */
const depositRows = (table: string, sign: string) =>
  `select member_id, currency, (resolved_at at time zone ${ZONE})::date as day, ${sign}amount_minor as amount
     from ${table} where status = 'approved' and resolved_at is not null`;
const withdrawalRows = (table: string, sign: string) =>
  `select member_id, currency, (approved_at at time zone ${ZONE})::date as day, ${sign}amount_minor as amount
     from ${table} where status in ${PAID_WITHDRAWAL} and approved_at is not null`;

const onCash = (column: 'deposit_minor' | 'withdrawal_minor', deltas: string, tables: string[]) => `
  perform 1 from members where id in (${tables.map((t) => `select member_id from ${t}`).join(' union ')})
    order by id for share;
  with r as (${deltas}),
  d as (
    select m.ancestry, r.currency, r.day, ${FIGURES.map((f) => (f === column ? `r.amount as ${f}` : `0 as ${f}`)).join(', ')}
    from r join members m on m.id = r.member_id)
  ${fanOutDaily('d')};`;

/** Registrations: (ancestry, currency, day of created_at) of `table`'s members, signed. */
const registrations = (table: string, sign: string, where = '') =>
  `select t.ancestry, t.currency, (t.created_at at time zone ${ZONE})::date as day,
     ${FIGURES.map((f) => (f === 'new_members' ? `${sign}1 as ${f}` : `0 as ${f}`)).join(', ')}
   from ${table} t ${where}`;

/**
 * The whole history of the members of CTE `moved` (id, old_ancestry, new_ancestry), taken from the
 * old ancestry (when not null) and added to the new one (when not null).
 */
const moveHistory = `
  h as (select * from agent_team_member_history(array(select id from moved))),
  hm as (select * from member_month_valid v where v.member_id in (select id from moved) and v.valid_stake_minor > 0),
  dmove as (
    select s.ancestry, h.currency, h.day, ${FIGURES.map((f) => `s.sign * h.${f} as ${f}`).join(', ')}
    from h join moved mv on mv.id = h.member_id,
      lateral (values (mv.old_ancestry, -1), (mv.new_ancestry, 1)) as s(ancestry, sign)
    where s.ancestry is not null),
  mmove as (
    select s.ancestry, hm.currency, hm.month, s.sign as active_members
    from hm join moved mv on mv.id = hm.member_id,
      lateral (values (mv.old_ancestry, -1), (mv.new_ancestry, 1)) as s(ancestry, sign)
    where s.ancestry is not null),
  months as (${fanOutMonthly('mmove')})`;

/** The insert, update and delete statement triggers of `table`, calling `<fn>_insert` etc. */
const triggers = (table: string, name: string, fn: string) => [
  `create trigger ${name}_insert after insert on ${table}
     referencing new table as new_rows for each statement execute function ${fn}_insert()`,
  `create trigger ${name}_update after update on ${table}
     referencing old table as old_rows new table as new_rows
     for each statement execute function ${fn}_update()`,
  `create trigger ${name}_delete after delete on ${table}
     referencing old table as old_rows for each statement execute function ${fn}_delete()`,
];

const STATEMENTS = [
  `create table agent_team_daily (
    agent_id uuid not null,
    currency text not null,
    day date not null,
    ${FIGURES.map((f) => `${f} bigint not null default 0`).join(',\n    ')},
    primary key (agent_id, currency, day)
  )`,
  `create table agent_team_monthly (
    agent_id uuid not null,
    currency text not null,
    month date not null,
    active_members bigint not null default 0,
    primary key (agent_id, currency, month)
  )`,
  `create table member_day_valid (
    member_id uuid not null,
    currency text not null,
    day date not null,
    valid_stake_minor bigint not null,
    primary key (member_id, currency, day)
  )`,
  `create table member_month_valid (
    member_id uuid not null,
    currency text not null,
    month date not null,
    valid_stake_minor bigint not null,
    primary key (member_id, currency, month)
  )`,
  // A member's figures per currency and day from the source tables (active: a valid bet that day).
  `create function agent_team_member_history(ids uuid[]) returns table (
    member_id uuid, currency text, day date, ${FIGURES.map((f) => `${f} bigint`).join(', ')}
  ) language sql stable as $$
    select member_id, currency, day, sum(bets)::bigint, sum(stake)::bigint, sum(valid)::bigint, sum(payout)::bigint,
      sum(dep)::bigint, sum(wd)::bigint, 0::bigint, (sum(valid) > 0)::int::bigint
    from (
      select b.member_id, b.currency, b.day, b.bets, b.stake_minor as stake, b.valid_stake_minor as valid,
        b.payout_minor as payout, 0 as dep, 0 as wd
      from unnest(ids) as i(id) join members m on m.id = i.id
        join bet_rollups_daily b on b.merchant_id = m.merchant_id and b.member_id = m.id
      union all
      select c.member_id, c.currency, (c.resolved_at at time zone ${ZONE})::date, 0, 0, 0, 0, c.amount_minor, 0
      from unnest(ids) as i(id) join deposits c on c.member_id = i.id
      where c.status = 'approved' and c.resolved_at is not null
      union all
      select w.member_id, w.currency, (w.approved_at at time zone ${ZONE})::date, 0, 0, 0, 0, 0, w.amount_minor
      from unnest(ids) as i(id) join withdrawals w on w.member_id = i.id
      where w.status in ${PAID_WITHDRAWAL} and w.approved_at is not null
    ) x group by 1, 2, 3
  $$`,
  // ---- the rollups
  `create function agent_team_rollups_insert() returns trigger language plpgsql as $$
  begin ${onRollups(rollupRows('new_rows', ''))} return null; end $$`,
  `create function agent_team_rollups_update() returns trigger language plpgsql as $$
  begin ${onRollups(`${rollupRows('new_rows', '')} union all ${rollupRows('old_rows', '-')}`)} return null; end $$`,
  `create function agent_team_rollups_delete() returns trigger language plpgsql as $$
  begin ${onRollups(rollupRows('old_rows', '-'))} return null; end $$`,
  ...triggers('bet_rollups_daily', 'bet_rollups_agent_team', 'agent_team_rollups'),
  // ---- the cashier
  ...(['deposits', 'withdrawals'] as const).flatMap((table) => {
    const rows = table === 'deposits' ? depositRows : withdrawalRows;
    const column = table === 'deposits' ? 'deposit_minor' : 'withdrawal_minor';
    return [
      `create function agent_team_${table}_insert() returns trigger language plpgsql as $$
      begin ${onCash(column, rows('new_rows', ''), ['new_rows'])} return null; end $$`,
      `create function agent_team_${table}_update() returns trigger language plpgsql as $$
      begin ${onCash(column, `${rows('new_rows', '')} union all ${rows('old_rows', '-')}`, ['new_rows', 'old_rows'])}
      return null; end $$`,
      `create function agent_team_${table}_delete() returns trigger language plpgsql as $$
      begin ${onCash(column, rows('old_rows', '-'), ['old_rows'])} return null; end $$`,
      ...triggers(table, `${table}_agent_team`, `agent_team_${table}`),
    ];
  }),
  // ---- the tree
  `create function agent_team_members_insert() returns trigger language plpgsql as $$
  begin
    with d as (${registrations('new_rows', '')}) ${fanOutDaily('d')};
    return null;
  end $$`,
  `create function agent_team_members_update() returns trigger language plpgsql as $$
  begin
    -- Most updates (a login, a balance flag) change none of these: one join of the transition tables.
    if not exists (select 1 from old_rows o join new_rows n on n.id = o.id
                   where (o.ancestry, o.currency, o.created_at) is distinct from (n.ancestry, n.currency, n.created_at)) then
      return null;
    end if;
    if exists (select 1 from old_rows o join new_rows n on n.id = o.id where o.ancestry <> n.ancestry) then
      perform 1 from stream_checkpoints where consumer = 'rollups' for update;
    end if;
    with moved as (
      select o.id, o.ancestry as old_ancestry, n.ancestry as new_ancestry
      from old_rows o join new_rows n on n.id = o.id where o.ancestry <> n.ancestry),
    ${moveHistory},
    registered as (
      select o.id from old_rows o join new_rows n on n.id = o.id
      where (o.ancestry, o.currency, o.created_at) is distinct from (n.ancestry, n.currency, n.created_at)),
    d as (
      select * from dmove
      union all ${registrations('old_rows', '-', 'where t.id in (select id from registered)')}
      union all ${registrations('new_rows', '', 'where t.id in (select id from registered)')})
    ${fanOutDaily('d')};
    return null;
  end $$`,
  `create function agent_team_members_delete() returns trigger language plpgsql as $$
  begin
    with moved as (select o.id, o.ancestry as old_ancestry, null::text as new_ancestry from old_rows o),
    ${moveHistory},
    d as (select * from dmove union all ${registrations('old_rows', '-')})
    ${fanOutDaily('d')};
    return null;
  end $$`,
  ...triggers('members', 'members_agent_team', 'agent_team_members'),
  // ---- the backfill: the state tables from the rollups, then every member's history and registration.
  `insert into member_day_valid (member_id, currency, day, valid_stake_minor)
     select member_id, currency, day, sum(valid_stake_minor) from bet_rollups_daily group by 1, 2, 3`,
  `insert into member_month_valid (member_id, currency, month, valid_stake_minor)
     select member_id, currency, date_trunc('month', day)::date, sum(valid_stake_minor) from bet_rollups_daily
     group by 1, 2, 3`,
  `with moved as (select id, null::text as old_ancestry, ancestry as new_ancestry from members where ancestry <> '/'),
   ${moveHistory},
   d as (select * from dmove union all ${registrations('members', '', `where t.ancestry <> '/'`)})
   ${fanOutDaily('d')}`,
];
