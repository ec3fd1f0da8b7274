import type { AgentContractsResponse, ContractView, IncomeItem } from '@sorte/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import type { ContractType } from './contracts.math.ts';
import type { ContractRow } from './contracts.service.ts';
import { tiersFromJson } from './contracts.tiers.ts';

/**
 * What an agent reads of its contracts: the one it holds of a type, those it gave its direct
 * downlines, the requests pending to or from it, and its payouts (My Income). Only rows where the
 * caller is a side; nothing of its upline's other contracts.
 */

type Viewed = ContractRow & { upline_account: string | null; downline_account: string };

function iso(d: Date | string | null): string | null {
  return d === null ? null : new Date(d).toISOString();
}

function view(c: Viewed): ContractView {
  return {
    id: String(c.id),
    type: c.type,
    uplineId: c.upline_id,
    uplineAccount: c.upline_account,
    downlineId: c.downline_id,
    downlineAccount: c.downline_account,
    status: c.status,
    period: c.period,
    tiers: tiersFromJson(c.tiers).map((t) => ({
      minValidBetMinor: Number(t.minValidBetMinor),
      minLossMinor: Number(t.minLossMinor),
      minActiveMembers: t.minActiveMembers,
      rateUnits: t.rateUnits === null ? null : Number(t.rateUnits),
      amountMinor: t.amountMinor === null ? null : Number(t.amountMinor),
      profitRateUnits:
        t.profitRateUnits === undefined || t.profitRateUnits === null ? null : Number(t.profitRateUnits),
    })),
    offeredAt: iso(c.offered_at)!,
    acceptedAt: iso(c.accepted_at),
    endedAt: iso(c.ended_at),
    endReason: c.end_reason,
  };
}

const VIEWED = sql`select c.*, u.account as upline_account, d.account as downline_account
  from agent_contracts c left join members u on u.id = c.upline_id join members d on d.id = c.downline_id`;

export async function contractsOf(
  db: Db,
  merchantId: string,
  memberId: string,
  type: ContractType,
): Promise<AgentContractsResponse> {
  const [held, given, requests] = await Promise.all([
    sql<Viewed>`${VIEWED} where c.merchant_id = ${merchantId} and c.downline_id = ${memberId} and c.type = ${type}
      and c.status in ('active', 'offered') order by c.status = 'active' desc, c.id desc`.execute(db),
    sql<Viewed>`${VIEWED} where c.merchant_id = ${merchantId} and c.upline_id = ${memberId} and c.type = ${type}
      and c.status in ('active', 'offered') order by c.id desc limit 500`.execute(db),
    sql<{
      id: bigint;
      contract_id: bigint;
      kind: 'new' | 'termination';
      from_member_id: string | null;
      to_member_id: string | null;
      created_at: Date;
    }>`select r.id, r.contract_id, r.kind, r.from_member_id, r.to_member_id, r.created_at
      from agent_contract_requests r join agent_contracts c on c.id = r.contract_id
      where r.merchant_id = ${merchantId} and r.status = 'pending' and c.type = ${type}
        and (r.to_member_id = ${memberId} or r.from_member_id = ${memberId})
      order by r.id desc limit 500`.execute(db),
  ]);
  const active = held.rows.find((c) => c.status === 'active');
  return {
    held: active ? view(active) : null,
    // An offer waiting for me is listed with the contracts given to me: it is what I accept or reject.
    given: [...held.rows.filter((c) => c.status === 'offered'), ...given.rows].map(view),
    requests: requests.rows.map((r) => ({
      id: String(r.id),
      contractId: String(r.contract_id),
      type,
      kind: r.kind,
      fromMemberId: r.from_member_id,
      toMemberId: r.to_member_id,
      toMe: r.to_member_id === memberId,
      createdAt: iso(r.created_at)!,
    })),
  };
}

/** A row of agent_contract_settlements as a payout is read (My Income, the back office's payouts). */
export function settlementItem(s: Record<string, unknown>): IncomeItem {
  const num = (v: unknown) => Number(v as bigint);
  return {
    id: String(s.id),
    contractId: String(s.contract_id),
    type: s.type as ContractType,
    periodStart: iso(s.period_start as Date)!,
    periodEnd: iso(s.period_end as Date)!,
    currency: s.currency as string,
    validBetMinor: num(s.valid_bet_minor),
    profitLossMinor: num(s.profit_loss_minor),
    activeMembers: num(s.active_members),
    tier: s.tier === null ? null : num(s.tier) + 1,
    rateUnits: num(s.rate_units),
    grossMinor: num(s.gross_minor),
    downlineMinor: num(s.downline_minor),
    carryInMinor: num(s.carry_in_minor),
    carryOutMinor: num(s.carry_out_minor),
    amountMinor: num(s.amount_minor),
    status: s.status as IncomeItem['status'],
  };
}

/**
 * My Income: a page of my payouts, newest period first, with the count and the totals over the whole
 * filter — paid (paid or approved) and awaiting approval — summed in SQL, not over the page.
 */
export async function incomeOf(
  db: Db,
  q: { merchantId: string; memberId: string; type?: ContractType; offset: number; limit: number },
): Promise<{ rows: IncomeItem[]; total: number; paidMinor: number; awaitingMinor: number }> {
  const typed = q.type ? sql`and type = ${q.type}` : sql``;
  const [page, count] = await Promise.all([
    sql<Record<string, unknown>>`
      select * from agent_contract_settlements where merchant_id = ${q.merchantId} and agent_id = ${q.memberId} ${typed}
      order by period_start desc, id desc offset ${q.offset} limit ${q.limit}`.execute(db),
    sql<{ n: number; paid: string; awaiting: string }>`
      select count(*)::int as n,
        coalesce(sum(amount_minor) filter (where status in ('paid', 'approved')), 0)::text as paid,
        coalesce(sum(amount_minor) filter (where status = 'awaiting_approval'), 0)::text as awaiting
      from agent_contract_settlements
      where merchant_id = ${q.merchantId} and agent_id = ${q.memberId} ${typed}`.execute(db),
  ]);
  const totals = count.rows[0];
  return {
    total: totals?.n ?? 0,
    paidMinor: Number(totals?.paid ?? 0),
    awaitingMinor: Number(totals?.awaiting ?? 0),
    rows: page.rows.map(settlementItem),
  };
}
