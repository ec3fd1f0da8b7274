import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';

/**
 * SQL of the agent centre's read side. A team is everyone whose ancestry starts with the root's own
 * path (`<root.ancestry><root.id>/`): one range of the `members_ancestry` index, at any depth. Bet
 * figures come from `bet_rollups_daily` (one row per member, day, category, vendor and currency),
 * cash figures from the cashier's orders; nothing here reads a bet.
 */

/** The ancestry prefix shared by everyone below `root`. Ids are uuids: no LIKE wildcard in them. */
export const teamPrefix = (root: { id: string; ancestry: string }) => `${root.ancestry}${root.id}/`;

const AGENT_TYPES = sql.raw('(1, 2, 41, 42)');
/** A deposit counts once approved; a withdrawal once approved (the money left the wallet then). */
const PAID_WITHDRAWAL = sql.raw(`('approved', 'received', 'not_received')`);

export interface TeamRow {
  id: string;
  account: string;
  ancestry: string;
  type: number;
  merchant_id: string;
}

/** A member of the merchant whose ancestry puts it below `prefix` (the caller's team), if any. */
export async function findTeamMember(db: Db, merchantId: string, prefix: string, memberId: string) {
  const { rows } = await sql<TeamRow>`
    select id, account, ancestry, type, merchant_id from members
    where merchant_id = ${merchantId} and id = ${memberId} and ancestry like ${`${prefix}%`}`.execute(db);
  return rows[0];
}

export async function accountsByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const { rows } = await sql<{ id: string; account: string }>`
    select id, account from members where id = any(${ids}::uuid[])`.execute(db);
  return new Map(rows.map((r) => [r.id, r.account]));
}

/** The root's team size (stored, migration 0067), direct members and direct agents. */
export async function teamCounts(db: Db, rootId: string) {
  const { rows } = await sql<{ team: string; direct: string; direct_agents: string }>`
    select
      coalesce((select team_size from member_team_sizes where member_id = ${rootId}), 0) as team,
      (select count(*) from members where parent_id = ${rootId}) as direct,
      (select count(*) from members where parent_id = ${rootId} and type in ${AGENT_TYPES}) as direct_agents`.execute(
    db,
  );
  const r = rows[0]!;
  return { team: Number(r.team), direct: Number(r.direct), directAgents: Number(r.direct_agents) };
}

/** A member's main account in the currency, joined (one row per member: the ledger's unique owner key). */
const BALANCE_JOIN = (currency: string) =>
  sql`left join ledger_accounts a on a.owner_id = m.id and a.kind = 'main' and a.currency = ${currency}`;
const BALANCE_SQL = sql`coalesce(a.balance_minor, 0)`;
/** Everyone below `m`: kept by a trigger on members (migration 0067), 0 for a member with no one below. */
const TEAM_SIZE_SQL = sql`coalesce(t.team_size, 0)`;

export interface MemberListRow {
  id: string;
  account: string;
  type: number;
  status: string;
  ancestry: string;
  parent_id: string | null;
  created_at: Date;
  last_login_at: Date | null;
  balance: string;
  team_size: string;
}

export type MemberSort = 'createdAt' | 'lastLoginAt' | 'balance' | 'account' | 'teamSize';

/**
 * One page of the members below `prefix` (direct ones only with `parentId`), with balance and team
 * size. The page is chosen first; the balance is read for its rows only, unless the page is sorted
 * by it — then the main accounts are joined (a hash join over the team, not a lookup per member).
 * Team sizes are stored (member_team_sizes), so sorting by them is one join, not a count per row.
 */
export async function listTeamMembers(
  db: Db,
  q: {
    merchantId: string;
    prefix: string;
    parentId: string | null;
    currency: string;
    search?: string;
    kind?: 'player' | 'agent';
    sort: MemberSort;
    order: 'asc' | 'desc';
    limit: number;
    offset: number;
  },
): Promise<{ rows: MemberListRow[]; total: number }> {
  const where = [
    sql`m.merchant_id = ${q.merchantId}`,
    q.parentId ? sql`m.parent_id = ${q.parentId}` : sql`m.ancestry like ${`${q.prefix}%`}`,
  ];
  if (q.search) where.push(sql`m.account ilike ${`%${q.search.replace(/[\\%_]/g, '\\$&')}%`}`);
  if (q.kind === 'agent') where.push(sql`m.type in ${AGENT_TYPES}`);
  if (q.kind === 'player') where.push(sql`m.type not in ${AGENT_TYPES}`);
  const key = {
    createdAt: sql`m.created_at`,
    lastLoginAt: sql`m.last_login_at`,
    balance: BALANCE_SQL,
    account: sql`lower(m.account)`,
    teamSize: TEAM_SIZE_SQL,
  }[q.sort];
  const direction = sql.raw(q.order === 'asc' ? 'asc' : 'desc');
  const { rows } = await sql<MemberListRow>`
    with page as (
      select m.id, ${key} as sort_key from members m left join member_team_sizes t on t.member_id = m.id
        ${q.sort === 'balance' ? BALANCE_JOIN(q.currency) : sql``}
      where ${sql.join(where, sql` and `)}
      order by sort_key ${direction} nulls last, m.id ${direction}
      limit ${q.limit} offset ${q.offset}
    )
    select m.id, m.account, m.type, m.status, m.ancestry, m.parent_id, m.created_at, m.last_login_at,
      ${BALANCE_SQL} as balance, ${TEAM_SIZE_SQL} as team_size
    from page p join members m on m.id = p.id left join member_team_sizes t on t.member_id = m.id
      ${BALANCE_JOIN(q.currency)}
    order by p.sort_key ${direction} nulls last, m.id ${direction}`.execute(db);
  const count = await sql<{ n: string }>`select count(*) as n from members m
    where ${sql.join(where, sql` and `)}`.execute(db);
  return { rows, total: Number(count.rows[0]!.n) };
}

/** The members a report reads: everyone below `prefix`, and the root itself when it is a team member. */
export interface TeamScope {
  merchantId: string;
  prefix: string;
  /** A drilled-into member counts in its own sub-team's figures; the caller does not in its own. */
  includeId: string | null;
  currency: string;
  timeZone: string;
}

const scopeMembers = (s: TeamScope, extra = sql``) =>
  sql`select id from members where merchant_id = ${s.merchantId}
    and (ancestry like ${`${s.prefix}%`}${s.includeId ? sql` or id = ${s.includeId}` : sql``}) ${extra}`;

export interface BetGroupRow {
  key: string;
  bets: string;
  stake: string;
  valid: string;
  payout: string;
}

/** The team's settled bets from the rollups, summed per day, category or vendor. */
export async function teamBetGroups(
  db: Db,
  s: TeamScope,
  q: { from: string; to: string; groupBy: 'day' | 'category' | 'vendor'; category?: string; vendor?: string },
): Promise<BetGroupRow[]> {
  const key = sql.raw(
    q.groupBy === 'day' ? `to_char(day, 'YYYY-MM-DD')` : q.groupBy === 'category' ? 'category' : 'vendor',
  );
  const { rows } = await sql<BetGroupRow>`
    select ${key} as key, sum(bets) as bets, sum(stake_minor) as stake, sum(valid_stake_minor) as valid,
      sum(payout_minor) as payout
    from bet_rollups_daily
    where merchant_id = ${s.merchantId} and member_id in (${scopeMembers(s)}) and currency = ${s.currency}
      and day between ${q.from}::date and ${q.to}::date
      ${q.category ? sql`and category = ${q.category}` : sql``}
      ${q.vendor ? sql`and vendor = ${q.vendor}` : sql``}
    group by 1 order by ${q.groupBy === 'day' ? sql`1` : sql`sum(valid_stake_minor) desc, 1`}`.execute(db);
  return rows;
}

export interface ProfitRow {
  id: string;
  account: string;
  type: number;
  deposit: string;
  withdrawal: string;
  bets: string;
  stake: string;
  valid: string;
  payout: string;
}

const PROFIT_SORT_SQL = {
  account: 'lower(t.account)',
  depositMinor: 'deposit',
  withdrawalMinor: 'withdrawal',
  bets: 'bets',
  validStakeMinor: 'valid',
  payoutMinor: 'payout',
  profitMinor: '(payout - stake)',
} as const;

export type ProfitSort = keyof typeof PROFIT_SORT_SQL;

/**
 * The figures over [from, to] of the members the query `team` (id, account, type) yields: cash in
 * and out and the bet figures, one row per member (zeros for a member without activity). Probes the
 * rollups and the cash orders by member: cheap for a page, a pass over the team for a whole team.
 */
const memberFigures = (s: TeamScope, range: { from: string; to: string }, team: RawBuilder<unknown>) => {
  const from = sql`(${range.from}::date)::timestamp at time zone ${s.timeZone}`;
  const to = sql`(${range.to}::date + 1)::timestamp at time zone ${s.timeZone}`;
  return sql`
    with t as (${team}),
    b as (
      select member_id, sum(bets) as bets, sum(stake_minor) as stake, sum(valid_stake_minor) as valid,
        sum(payout_minor) as payout
      from bet_rollups_daily
      where merchant_id = ${s.merchantId} and member_id in (select id from t) and currency = ${s.currency}
        and day between ${range.from}::date and ${range.to}::date
      group by member_id
    ), d as (
      select member_id, sum(amount_minor) as amount from deposits
      where member_id in (select id from t) and status = 'approved' and currency = ${s.currency}
        and resolved_at >= ${from} and resolved_at < ${to}
      group by member_id
    ), w as (
      select member_id, sum(amount_minor) as amount from withdrawals
      where member_id in (select id from t) and status in ${PAID_WITHDRAWAL} and currency = ${s.currency}
        and approved_at >= ${from} and approved_at < ${to}
      group by member_id
    )
    select t.id, t.account, t.type,
      coalesce(d.amount, 0) as deposit, coalesce(w.amount, 0) as withdrawal,
      coalesce(b.bets, 0) as bets, coalesce(b.stake, 0) as stake, coalesce(b.valid, 0) as valid,
      coalesce(b.payout, 0) as payout
    from t left join b on b.member_id = t.id left join d on d.member_id = t.id left join w on w.member_id = t.id`;
};

/** The scope's members (id, account, type) whose account contains `search`, if any. */
const scopeRows = (s: TeamScope, search: string | undefined) =>
  sql`select id, account, type from members
    where merchant_id = ${s.merchantId} and (ancestry like ${`${s.prefix}%`}${s.includeId ? sql` or id = ${s.includeId}` : sql``})
    ${search ? sql`and account ilike ${`%${search.replace(/[\\%_]/g, '\\$&')}%`}` : sql``}`;

/**
 * One page of the members of the scope (every member, with or without activity in the range) with
 * their figures. In account order the page is chosen first — one walk of the account index — and
 * only its members' rollups and orders are read. Sorted by a figure, every member of the scope is
 * summed before the page is cut: a pass over the team's rows in the range (docs/agents.md).
 */
export async function teamProfitPage(
  db: Db,
  s: TeamScope,
  q: {
    from: string;
    to: string;
    search?: string;
    sort: ProfitSort;
    order: 'asc' | 'desc';
    limit: number;
    offset: number;
  },
): Promise<ProfitRow[]> {
  const direction = sql.raw(q.order === 'asc' ? 'asc' : 'desc');
  const members = scopeRows(s, q.search);
  if (q.sort === 'account') {
    // Account names are unique per merchant (members_account): the index gives the page's order.
    const page = sql`${members} order by lower(account) ${direction} limit ${q.limit} offset ${q.offset}`;
    const { rows } = await sql<ProfitRow>`
      ${memberFigures(s, q, page)} order by lower(t.account) ${direction}`.execute(db);
    return rows;
  }
  const { rows } = await sql<ProfitRow>`
    select * from (${memberFigures(s, q, members)}) t
    order by ${sql.raw(PROFIT_SORT_SQL[q.sort])} ${direction}, id ${direction}
    limit ${q.limit} offset ${q.offset}`.execute(db);
  return rows;
}

/** How many members of the scope match `search`, and their figures summed (a pass over them). */
export async function searchedProfitTotals(
  db: Db,
  s: TeamScope,
  q: { from: string; to: string; search: string },
): Promise<{ count: number; totals: Omit<ProfitRow, 'id' | 'account' | 'type'> }> {
  const members = scopeRows(s, q.search);
  const { rows } = await sql<Omit<ProfitRow, 'id' | 'account' | 'type'> & { count: string }>`
    select count(*) as count, coalesce(sum(deposit), 0) as deposit, coalesce(sum(withdrawal), 0) as withdrawal,
      coalesce(sum(bets), 0) as bets, coalesce(sum(stake), 0) as stake, coalesce(sum(valid), 0) as valid,
      coalesce(sum(payout), 0) as payout
    from (${memberFigures(s, q, members)}) f`.execute(db);
  const { count, ...totals } = rows[0]!;
  return { count: Number(count), totals };
}

/** One member's own figures over the range (a drilled-into root counts in its own sub-team's totals). */
export async function ownProfit(db: Db, s: TeamScope, q: { from: string; to: string }, memberId: string) {
  const { rows } = await sql<ProfitRow>`
    ${memberFigures(s, q, sql`select id, account, type from members where id = ${memberId}`)}`.execute(db);
  return rows[0];
}

export interface TransferRow {
  id: string;
  created_at: Date;
  direction: 'in' | 'out';
  counterparty: string;
  amount_minor: string;
  total: string;
}

/**
 * The agent's transfers with its team: ledger transfers coded 'transfer' between the agent's main
 * wallet and a member of the team's (the wallet module's transfers along the tree), newest first.
 */
export async function agentTransfers(
  db: Db,
  q: {
    merchantId: string;
    agentId: string;
    prefix: string;
    currency: string;
    timeZone: string;
    from: string;
    to: string;
    limit: number;
    offset: number;
  },
): Promise<TransferRow[]> {
  const { rows } = await sql<TransferRow>`
    with mine as (
      select id from ledger_accounts where owner_id = ${q.agentId} and kind = 'main' and currency = ${q.currency}
    ), moves as (
      -- Through the agent wallet's entries (an entry has its transfer's time): transfers are not
      -- indexed by account (migration 0072).
      select t.id, t.created_at, t.amount_minor,
        case when e.amount_minor < 0 then 'out' else 'in' end as direction,
        case when e.amount_minor < 0 then t.credit_account_id else t.debit_account_id end as other
      from ledger_entries e join ledger_transfers t on t.id = e.transfer_id
      where e.account_id = (select id from mine)
        and e.created_at >= (${q.from}::date)::timestamp at time zone ${q.timeZone}
        and e.created_at < (${q.to}::date + 1)::timestamp at time zone ${q.timeZone}
        and t.merchant_id = ${q.merchantId} and t.code = 'transfer' and t.status = 'posted'
    )
    select mv.id::text as id, mv.created_at, mv.direction, m.account as counterparty, mv.amount_minor,
      count(*) over () as total
    from moves mv join ledger_accounts a on a.id = mv.other join members m on m.id = a.owner_id
    where m.merchant_id = ${q.merchantId} and m.ancestry like ${`${q.prefix}%`}
    order by mv.created_at desc, mv.id desc
    limit ${q.limit} offset ${q.offset}`.execute(db);
  return rows;
}
