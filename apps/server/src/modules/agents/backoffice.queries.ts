import type {
  BoAgentNode,
  BoContractDetail,
  BoContractItem,
  BoPayout,
  BoSettlementRun,
} from '@sorte/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import { isUuid } from '../../platform/http/ids.ts';
import type { ContractType } from './contracts.math.ts';
import { tiersFromJson } from './contracts.tiers.ts';
import { settlementItem } from './contracts.views.ts';

/**
 * The back office's read side of the agents: the tree (a level at a time, or members found by
 * account), every contract with its requests and payouts, the settlement runs and their payouts.
 * Always within the operator's merchant: another merchant's ids are simply not found.
 */

const AGENT_TYPES = sql.raw('(1, 2, 41, 42)');
/** A level of the tree or a search shows at most this many members; `more` says when there are others. */
export const TREE_LIMIT = 200;

const iso = (d: unknown): string | null =>
  d === null || d === undefined ? null : new Date(d as Date).toISOString();
const num = (v: unknown) => Number(v as bigint);
const likePrefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface NodeRow {
  id: string;
  account: string;
  type: number;
  parent_id: string | null;
  ancestry: string;
  direct: string;
  team: string;
  contracts: string[] | null;
}

/** The figures of each member shown: direct members, whole team (stored, migration 0067), contract types held. */
const NODE = sql`select m.id, m.account, m.type, m.parent_id, m.ancestry,
    (select count(*) from members c where c.parent_id = m.id) as direct,
    coalesce((select team_size from member_team_sizes s where s.member_id = m.id), 0) as team,
    (select array_agg(distinct k.type order by k.type) from agent_contracts k
      where k.downline_id = m.id and k.status = 'active') as contracts
  from members m`;

async function withPaths(db: Db, rows: NodeRow[]): Promise<BoAgentNode[]> {
  const ids = [...new Set(rows.flatMap((r) => r.ancestry.split('/').filter(Boolean)))];
  const { rows: found } = ids.length
    ? await sql<{
        id: string;
        account: string;
      }>`select id, account from members where id = any(${ids}::uuid[])`.execute(db)
    : { rows: [] };
  const accounts = new Map(found.map((r) => [r.id, r.account]));
  return rows.map((r) => ({
    id: r.id,
    account: r.account,
    type: r.type,
    parentId: r.parent_id,
    path: r.ancestry
      .split('/')
      .filter(Boolean)
      .map((id) => accounts.get(id) ?? id),
    direct: Number(r.direct),
    team: Number(r.team),
    contracts: (r.contracts ?? []) as ContractType[],
  }));
}

/**
 * A level of the tree: the children of `parentId` (agents first), or without it the top agents (the
 * agents without an upline); with `account`, the members whose account starts with it, anywhere.
 */
export async function treeLevel(
  db: Db,
  merchantId: string,
  q: { parentId?: string; account?: string },
): Promise<{ list: BoAgentNode[]; more: boolean }> {
  let where = sql`m.parent_id is null and m.type in ${AGENT_TYPES}`;
  if (q.account) where = sql`lower(m.account) like ${likePrefix(q.account)}`;
  else if (q.parentId) {
    if (!isUuid(q.parentId)) return { list: [], more: false };
    where = sql`m.parent_id = ${q.parentId}`;
  }
  const { rows } = await sql<NodeRow>`${NODE} where m.merchant_id = ${merchantId} and ${where}
    order by m.type in ${AGENT_TYPES} desc, m.account limit ${TREE_LIMIT + 1}`.execute(db);
  return { list: await withPaths(db, rows.slice(0, TREE_LIMIT)), more: rows.length > TREE_LIMIT };
}

export async function treeNode(db: Db, merchantId: string, id: string): Promise<BoAgentNode | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await sql<NodeRow>`${NODE} where m.merchant_id = ${merchantId} and m.id = ${id}`.execute(
    db,
  );
  return rows.length ? (await withPaths(db, rows))[0] : undefined;
}

// ---------------------------------------------------------------- contracts

type ContractListRow = Record<string, unknown> & { tiers: unknown };

function contractItem(c: ContractListRow): BoContractItem {
  return {
    id: String(c.id),
    type: c.type as ContractType,
    uplineId: (c.upline_id as string | null) ?? null,
    uplineAccount: (c.upline_account as string | null) ?? null,
    downlineId: c.downline_id as string,
    downlineAccount: c.downline_account as string,
    status: c.status as BoContractItem['status'],
    period: c.period as string,
    tiers: tiersFromJson(c.tiers).map((t) => ({
      minValidBetMinor: Number(t.minValidBetMinor),
      minLossMinor: Number(t.minLossMinor),
      minActiveMembers: t.minActiveMembers,
      rateUnits: t.rateUnits === null ? null : Number(t.rateUnits),
      amountMinor: t.amountMinor === null ? null : Number(t.amountMinor),
    })),
    offeredAt: iso(c.offered_at)!,
    acceptedAt: iso(c.accepted_at),
    endedAt: iso(c.ended_at),
    endReason: (c.end_reason as string | null) ?? null,
    pendingRequests: num(c.pending_requests),
  };
}

const CONTRACTS = sql`select c.*, u.account as upline_account, d.account as downline_account,
    (select count(*) from agent_contract_requests r where r.contract_id = c.id and r.status = 'pending') as pending_requests
  from agent_contracts c left join members u on u.id = c.upline_id join members d on d.id = c.downline_id`;

export interface ContractFilter {
  type?: ContractType;
  status?: string;
  agent?: string;
  pending?: '1';
  offset: number;
  limit: number;
}

export async function contractList(db: Db, merchantId: string, f: ContractFilter) {
  const conditions = [sql`c.merchant_id = ${merchantId}`];
  if (f.type) conditions.push(sql`c.type = ${f.type}`);
  if (f.status) conditions.push(sql`c.status = ${f.status}`);
  if (f.agent)
    conditions.push(
      sql`(lower(d.account) like ${likePrefix(f.agent)} or lower(u.account) like ${likePrefix(f.agent)})`,
    );
  if (f.pending)
    conditions.push(
      sql`exists (select 1 from agent_contract_requests r where r.contract_id = c.id and r.status = 'pending')`,
    );
  const where = sql.join(conditions, sql` and `);
  const [page, count] = await Promise.all([
    sql<ContractListRow>`${CONTRACTS} where ${where} order by c.id desc offset ${f.offset} limit ${f.limit}`.execute(
      db,
    ),
    sql<{
      n: number;
    }>`select count(*)::int as n from agent_contracts c left join members u on u.id = c.upline_id
      join members d on d.id = c.downline_id where ${where}`.execute(db),
  ]);
  return { list: page.rows.map(contractItem), total: count.rows[0]?.n ?? 0 };
}

export async function contractDetail(
  db: Db,
  merchantId: string,
  id: bigint,
): Promise<BoContractDetail | undefined> {
  const { rows } =
    await sql<ContractListRow>`${CONTRACTS} where c.merchant_id = ${merchantId} and c.id = ${id}`.execute(db);
  if (!rows[0]) return undefined;
  const [requests, settlements] = await Promise.all([
    sql<Record<string, unknown>>`select r.*, f.account as from_account, t.account as to_account
      from agent_contract_requests r left join members f on f.id = r.from_member_id left join members t on t.id = r.to_member_id
      where r.contract_id = ${id} order by r.id`.execute(db),
    sql<Record<string, unknown>>`select * from agent_contract_settlements where contract_id = ${id}
      order by period_start desc limit 100`.execute(db),
  ]);
  return {
    contract: contractItem(rows[0]),
    requests: requests.rows.map((r) => ({
      id: String(r.id),
      kind: r.kind as 'new' | 'termination',
      fromAccount: (r.from_account as string | null) ?? null,
      toAccount: (r.to_account as string | null) ?? null,
      status: r.status as 'pending' | 'accepted' | 'rejected' | 'cancelled',
      createdAt: iso(r.created_at)!,
      decidedAt: iso(r.decided_at),
    })),
    settlements: settlements.rows.map(settlementItem),
  };
}

/** The contract a request of the merchant belongs to (undefined: no such request). */
export async function contractOfRequest(
  db: Db,
  merchantId: string,
  requestId: bigint,
): Promise<bigint | undefined> {
  const { rows } = await sql<{ contract_id: bigint }>`
    select contract_id from agent_contract_requests where id = ${requestId} and merchant_id = ${merchantId}`.execute(
    db,
  );
  return rows[0] ? BigInt(rows[0].contract_id) : undefined;
}

// ---------------------------------------------------------------- settlement runs and payouts

export async function settlementRuns(
  db: Db,
  merchantId: string,
  q: { type?: ContractType; offset: number; limit: number },
): Promise<{ list: BoSettlementRun[]; total: number }> {
  const typed = q.type ? sql`and r.type = ${q.type}` : sql``;
  const [page, count] = await Promise.all([
    sql<Record<string, unknown>>`select r.*,
        (select count(*) from agent_contract_settlements s where s.merchant_id = r.merchant_id and s.type = r.type
          and s.period_start = r.period_start and s.status = 'awaiting_approval') as awaiting_count
      from agent_settlement_runs r where r.merchant_id = ${merchantId} ${typed}
      order by r.period_start desc, r.type offset ${q.offset} limit ${q.limit}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from agent_settlement_runs r
      where r.merchant_id = ${merchantId} ${typed}`.execute(db),
  ]);
  return {
    total: count.rows[0]?.n ?? 0,
    list: page.rows.map((r) => ({
      type: r.type as ContractType,
      periodStart: iso(r.period_start)!,
      periodEnd: iso(r.period_end)!,
      contracts: num(r.contracts),
      paidMinor: num(r.paid_minor),
      awaitingMinor: num(r.awaiting_minor),
      awaitingCount: num(r.awaiting_count),
      settledAt: iso(r.settled_at)!,
      status: num(r.awaiting_count) > 0 ? 'awaiting_approval' : 'settled',
    })),
  };
}

export async function payouts(
  db: Db,
  merchantId: string,
  q: { type?: ContractType; periodStart?: string; status?: string; offset: number; limit: number },
): Promise<{ list: BoPayout[]; total: number }> {
  const conditions = [sql`s.merchant_id = ${merchantId}`];
  if (q.type) conditions.push(sql`s.type = ${q.type}`);
  if (q.periodStart) conditions.push(sql`s.period_start = ${new Date(q.periodStart)}`);
  if (q.status) conditions.push(sql`s.status = ${q.status}`);
  const where = sql.join(conditions, sql` and `);
  const [page, count] = await Promise.all([
    sql<Record<string, unknown>>`select s.*, m.account as agent_account from agent_contract_settlements s
      join members m on m.id = s.agent_id where ${where}
      order by s.period_start desc, s.amount_minor desc, s.id offset ${q.offset} limit ${q.limit}`.execute(
      db,
    ),
    sql<{ n: number }>`select count(*)::int as n from agent_contract_settlements s where ${where}`.execute(
      db,
    ),
  ]);
  return {
    total: count.rows[0]?.n ?? 0,
    list: page.rows.map((s) => ({
      ...settlementItem(s),
      agentId: s.agent_id as string,
      agentAccount: s.agent_account as string,
      decidedAt: iso(s.decided_at),
      decidedBy: (s.decided_by as string | null) ?? null,
    })),
  };
}

/** The status of a payout of the merchant (undefined: no such payout). */
export async function payoutStatus(db: Db, merchantId: string, id: bigint): Promise<string | undefined> {
  const { rows } = await sql<{ status: string }>`
    select status from agent_contract_settlements where id = ${id} and merchant_id = ${merchantId}`.execute(
    db,
  );
  return rows[0]?.status;
}
