import type { AgentNotice, AgentNoticeKind, FeatureFlag } from '@sorte/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import type { ContractType } from './contracts.math.ts';
import { CONTRACT_FLAG } from './contracts.rules.ts';
import { pendingRequestCounts } from './contracts.service.ts';

/** How many notices one answer carries, newest first. */
export const MAX_NOTICES = 50;

interface NoticeRow {
  id: string;
  kind: AgentNoticeKind;
  type: ContractType;
  contract_id: string;
  account: string | null;
  amount_minor: string | null;
  at: Date;
}

/**
 * Every contract step that concerns `me`, told from the other side, as rows of one feed. The steps are
 * not written twice: they are the requests, contract ends and settlements the contract tables already
 * hold (docs/agents.md, "Notices"), so a step is a notice the moment it commits, whoever made it.
 * - an offer or a termination request addressed to me;
 * - the answer (accepted, rejected) to an offer or termination request of mine;
 * - an operator's forced termination of a contract I am a side of; a contract of mine ended by the
 *   rate cap when my upline accepted a lower one;
 * - a payout of mine paid (at once, or once an operator approved it).
 */
function feed(merchantId: string, me: string) {
  return sql`
    select r.id::text || ':' || r.kind as id,
      case r.kind when 'new' then 'offered' else 'terminationRequested' end as kind,
      c.type, c.id as contract_id, r.from_member_id as other_id, null::bigint as amount_minor, r.created_at as at
    from agent_contract_requests r join agent_contracts c on c.id = r.contract_id
    where r.merchant_id = ${merchantId} and r.to_member_id = ${me}
    union all
    select r.id::text || ':' || r.status,
      case when r.kind = 'new' then r.status
        when r.status = 'accepted' then 'terminationAccepted' else 'terminationRejected' end,
      c.type, c.id, r.to_member_id, null, r.decided_at
    from agent_contract_requests r join agent_contracts c on c.id = r.contract_id
    where r.merchant_id = ${merchantId} and r.from_member_id = ${me}
      and r.status in ('accepted', 'rejected') and r.decided_at is not null
    union all
    select 'c' || c.id::text || ':' || c.end_reason,
      case c.end_reason when 'forced' then 'forcedTermination' else 'rateCapTermination' end,
      c.type, c.id, case when c.downline_id = ${me} then c.upline_id else c.downline_id end, null, c.ended_at
    from agent_contracts c
    where c.merchant_id = ${merchantId} and c.ended_at is not null
      and ((c.end_reason = 'forced' and (c.downline_id = ${me} or c.upline_id = ${me}))
        or (c.end_reason = 'rate_cap' and c.downline_id = ${me}))
    union all
    select 's' || s.id::text || ':paid', 'payoutPaid', s.type, s.contract_id, null, s.amount_minor,
      coalesce(s.decided_at, s.created_at)
    from agent_contract_settlements s
    where s.merchant_id = ${merchantId} and s.agent_id = ${me}
      and s.status in ('paid', 'approved') and s.amount_minor > 0`;
}

/** The member's newest notices, the unread count (after its read mark) and its pending requests. */
export async function agentNotices(
  db: Db,
  q: { merchantId: string; memberId: string; flags: Partial<Record<FeatureFlag, boolean>> },
): Promise<{ list: AgentNotice[]; unread: number; pendingRequests: number }> {
  const mark = await sql<{ seen_until: Date }>`
    select seen_until from agent_notice_reads where member_id = ${q.memberId}`.execute(db);
  const seen = mark.rows[0]?.seen_until ?? new Date(0);
  const [{ rows }, count] = await Promise.all([
    sql<NoticeRow>`
      select n.id, n.kind, n.type, n.contract_id::text as contract_id, m.account, n.amount_minor::text as amount_minor, n.at
      from (${feed(q.merchantId, q.memberId)}) n left join members m on m.id = n.other_id
      order by n.at desc, n.id desc limit ${MAX_NOTICES}`.execute(db),
    sql<{ n: number }>`
      select count(*)::int as n from (${feed(q.merchantId, q.memberId)}) n where n.at > ${seen}`.execute(db),
  ]);
  const types = (Object.keys(CONTRACT_FLAG) as ContractType[]).filter((t) => q.flags[CONTRACT_FLAG[t]]);
  const pending = await pendingRequestCounts(db, q.merchantId, q.memberId, types);
  return {
    list: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      contractType: r.type,
      contractId: r.contract_id,
      account: r.account,
      amountMinor: r.amount_minor === null ? null : Number(r.amount_minor),
      at: new Date(r.at).toISOString(),
      read: new Date(r.at) <= seen,
    })),
    unread: count.rows[0]?.n ?? 0,
    pendingRequests: Object.values(pending).reduce((s, n) => s + (n ?? 0), 0),
  };
}

/** The member has read every notice up to `until` (a mark only moves forward). */
export async function markNoticesRead(db: Db, memberId: string, until: Date): Promise<void> {
  await sql`
    insert into agent_notice_reads (member_id, seen_until) values (${memberId}, ${until})
    on conflict (member_id) do update set seen_until = greatest(agent_notice_reads.seen_until, excluded.seen_until)`.execute(
    db,
  );
}
