import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';

/**
 * The whole-team figures kept per agent (migration 0068): per ancestor × currency × day
 * (`agent_team_daily`) and the members active per calendar month (`agent_team_monthly`), kept by
 * triggers on the rollups, the cashier's orders and the members. An agent's Overview and the totals
 * of its User Profit and Loss read these rows — about one per day — never the team's members or
 * bets. `storedTeamFigures` / `recountTeamFigures` are the check: the kept rows equal a count from
 * the source tables.
 */

/** The zone the kept days are counted in: the rollups' (records.rollups.ts ROLLUPS_TIME_ZONE). */
export const TEAM_FIGURES_TIME_ZONE = 'UTC';

export interface KeptDay {
  day: string;
  bets: bigint;
  stake: bigint;
  valid: bigint;
  payout: bigint;
  deposit: bigint;
  withdrawal: bigint;
  /** Members registered that day (any currency). */
  newMembers: number;
  /** Members with a valid bet that day. */
  activeMembers: number;
}

/** The team below `agentId`, per day over [from, to] (days with anything only). */
export async function keptTeamDays(
  db: Db,
  q: { agentId: string; currency: string; from: string; to: string },
): Promise<KeptDay[]> {
  const mine = sql`filter (where currency = ${q.currency})`;
  const { rows } = await sql<Record<keyof KeptDay, string>>`
    select to_char(day, 'YYYY-MM-DD') as day,
      coalesce(sum(bets) ${mine}, 0) as bets, coalesce(sum(stake_minor) ${mine}, 0) as stake,
      coalesce(sum(valid_stake_minor) ${mine}, 0) as valid, coalesce(sum(payout_minor) ${mine}, 0) as payout,
      coalesce(sum(deposit_minor) ${mine}, 0) as deposit, coalesce(sum(withdrawal_minor) ${mine}, 0) as withdrawal,
      sum(new_members) as "newMembers", coalesce(sum(active_members) ${mine}, 0) as "activeMembers"
    from agent_team_daily
    where agent_id = ${q.agentId} and day between ${q.from}::date and ${q.to}::date
    group by day order by day`.execute(db);
  return rows.map((r) => ({
    day: r.day,
    bets: BigInt(r.bets),
    stake: BigInt(r.stake),
    valid: BigInt(r.valid),
    payout: BigInt(r.payout),
    deposit: BigInt(r.deposit),
    withdrawal: BigInt(r.withdrawal),
    newMembers: Number(r.newMembers),
    activeMembers: Number(r.activeMembers),
  }));
}

/** Members of the team below `agentId` with a valid bet in each calendar month (first days, 'YYYY-MM-01'). */
export async function keptActiveMonths(
  db: Db,
  q: { agentId: string; currency: string; months: readonly string[] },
): Promise<Map<string, number>> {
  const { rows } = await sql<{ month: string; active: string }>`
    select to_char(month, 'YYYY-MM-DD') as month, active_members as active from agent_team_monthly
    where agent_id = ${q.agentId} and currency = ${q.currency} and month = any(${q.months}::date[])`.execute(
    db,
  );
  return new Map(rows.map((r) => [r.month, Number(r.active)]));
}

export interface TeamFigureRow {
  agent_id: string;
  currency: string;
  day: string;
  bets: string;
  stake_minor: string;
  valid_stake_minor: string;
  payout_minor: string;
  deposit_minor: string;
  withdrawal_minor: string;
  new_members: string;
  active_members: string;
}

export interface TeamMonthRow {
  agent_id: string;
  currency: string;
  month: string;
  active_members: string;
}

const COLUMNS = sql`bets, stake_minor, valid_stake_minor, payout_minor, deposit_minor, withdrawal_minor,
  new_members, active_members`;
const NONZERO = sql`(bets <> 0 or stake_minor <> 0 or valid_stake_minor <> 0 or payout_minor <> 0 or deposit_minor <> 0
  or withdrawal_minor <> 0 or new_members <> 0 or active_members <> 0)`;

/** The kept rows (rows brought back to zero left out), daily and monthly, in key order. */
export async function storedTeamFigures(db: Db) {
  const { rows: daily } = await sql<TeamFigureRow>`
    select agent_id, currency, to_char(day, 'YYYY-MM-DD') as day, ${COLUMNS}
    from agent_team_daily where ${NONZERO}
    order by agent_id, currency, day`.execute(db);
  const { rows: monthly } = await sql<TeamMonthRow>`
    select agent_id, currency, to_char(month, 'YYYY-MM-DD') as month, active_members
    from agent_team_monthly where active_members <> 0
    order by agent_id, currency, month`.execute(db);
  return { daily, monthly };
}

/** The same figures counted from the members, the rollups and the cashier's orders: the check. */
export async function recountTeamFigures(db: Db): Promise<Awaited<ReturnType<typeof storedTeamFigures>>> {
  const zone = TEAM_FIGURES_TIME_ZONE;
  const { rows: daily } = await sql<TeamFigureRow>`
    with per_member as (
      select m.id, m.ancestry, b.currency, b.day, sum(b.bets) as bets, sum(b.stake_minor) as stake_minor,
        sum(b.valid_stake_minor) as valid_stake_minor, sum(b.payout_minor) as payout_minor,
        0 as deposit_minor, 0 as withdrawal_minor, 0 as new_members, (sum(b.valid_stake_minor) > 0)::int as active_members
      from members m join bet_rollups_daily b on b.merchant_id = m.merchant_id and b.member_id = m.id
      group by m.id, m.ancestry, b.currency, b.day
      union all
      select m.id, m.ancestry, d.currency, (d.resolved_at at time zone ${zone}::text)::date, 0, 0, 0, 0, d.amount_minor, 0, 0, 0
      from members m join deposits d on d.member_id = m.id where d.status = 'approved' and d.resolved_at is not null
      union all
      select m.id, m.ancestry, w.currency, (w.approved_at at time zone ${zone}::text)::date, 0, 0, 0, 0, 0, w.amount_minor, 0, 0
      from members m join withdrawals w on w.member_id = m.id
      where w.status in ('approved', 'received', 'not_received') and w.approved_at is not null
      union all
      select m.id, m.ancestry, m.currency, (m.created_at at time zone ${zone}::text)::date, 0, 0, 0, 0, 0, 0, 1, 0
      from members m
    ), sums as (
      select a.id::uuid as agent_id, p.currency, to_char(p.day, 'YYYY-MM-DD') as day,
        sum(bets)::bigint as bets, sum(stake_minor)::bigint as stake_minor,
        sum(valid_stake_minor)::bigint as valid_stake_minor, sum(payout_minor)::bigint as payout_minor,
        sum(deposit_minor)::bigint as deposit_minor, sum(withdrawal_minor)::bigint as withdrawal_minor,
        sum(new_members)::bigint as new_members, sum(active_members)::bigint as active_members
      from per_member p, unnest(string_to_array(trim(both '/' from p.ancestry), '/')) as a(id)
      group by 1, 2, 3
    )
    select * from sums where ${NONZERO} order by agent_id, currency, day`.execute(db);
  const { rows: monthly } = await sql<TeamMonthRow>`
    with per_member as (
      select m.id, m.ancestry, b.currency, date_trunc('month', b.day)::date as month
      from members m join bet_rollups_daily b on b.merchant_id = m.merchant_id and b.member_id = m.id
      group by 1, 2, 3, 4 having sum(b.valid_stake_minor) > 0
    )
    select a.id::uuid as agent_id, p.currency, to_char(p.month, 'YYYY-MM-DD') as month, count(*)::bigint as active_members
    from per_member p, unnest(string_to_array(trim(both '/' from p.ancestry), '/')) as a(id)
    group by 1, 2, 3 order by agent_id, currency, month`.execute(db);
  return { daily, monthly };
}
