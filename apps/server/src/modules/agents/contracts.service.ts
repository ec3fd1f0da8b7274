import { AGENT_TYPES } from '@sorte/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import { AppError, fieldErrors } from '../../platform/http/app-error.ts';
import { type AuditEntry, recordAudit } from '../backoffice/index.ts';

type AuditActor = AuditEntry['operator'];
import { type ContractType, type Tier, tierProblems, withinCap } from './contracts.math.ts';
import { contractRules, contractTypeOn, periodKindOf, tierLimits } from './contracts.rules.ts';
import { tiersFromJson, tiersToJson } from './contracts.tiers.ts';

/**
 * The life of a contract (docs/agents.md): an upline offers a contract to a DIRECT downline agent
 * (an operator offers one to a top agent); the downline accepts or rejects it; either side asks to
 * terminate it and the other side accepts or rejects that; an operator can end any contract.
 *
 * Rules enforced here, each under the contract's row lock:
 * - the contract type's feature flag is on; the tiers are ordered and within the merchant's limits;
 * - THE RATE CAP: the offered tiers stay within the tiers the upline itself holds (`withinCap`) —
 *   checked when offered and again when accepted;
 * - AUTOMATIC TERMINATION: when an agent accepts a contract that pays less than what it offers its own
 *   downlines, those downline contracts (active or offered) are terminated with reason 'rate_cap'
 *   in the same transaction. A contract further down is not ended: it is capped at its upline's,
 *   and an upline that holds no contract caps it at 0 (settlement).
 * - accepting a new contract ends the one the downline held of that type ('superseded').
 */

export interface ContractRow {
  id: bigint;
  merchant_id: string;
  type: ContractType;
  upline_id: string | null;
  downline_id: string;
  status: 'offered' | 'active' | 'rejected' | 'terminated';
  tiers: unknown;
  period: string;
  offered_at: Date;
  accepted_at: Date | null;
  ended_at: Date | null;
  end_reason: string | null;
}

export interface RequestRow {
  id: bigint;
  merchant_id: string;
  contract_id: bigint;
  kind: 'new' | 'termination';
  from_member_id: string | null;
  to_member_id: string | null;
  status: 'pending' | 'accepted' | 'rejected' | 'cancelled';
  created_at: Date;
  decided_at: Date | null;
}

async function requireTypeOn(db: Db, merchantId: string, type: ContractType): Promise<void> {
  if (!(await contractTypeOn(db, merchantId, type))) throw new AppError('AGENT_CONTRACT_TYPE_OFF');
}

async function activeContractOf(
  db: Db,
  memberId: string,
  type: ContractType,
): Promise<ContractRow | undefined> {
  const { rows } = await sql<ContractRow>`
    select * from agent_contracts where downline_id = ${memberId} and type = ${type} and status = 'active'`.execute(
    db,
  );
  return rows[0];
}

async function lockContract(db: Db, merchantId: string, id: bigint): Promise<ContractRow> {
  const { rows } = await sql<ContractRow>`
    select * from agent_contracts where id = ${id} and merchant_id = ${merchantId} for update`.execute(db);
  if (!rows[0]) throw new AppError('AGENT_CONTRACT_NOT_FOUND');
  return rows[0];
}

/** The upline's own tiers a downline contract must stay within (none for a contract from the merchant). */
async function capOf(db: Db, uplineId: string | null, type: ContractType): Promise<Tier[] | null> {
  if (uplineId === null) return null;
  const held = await activeContractOf(db, uplineId, type);
  if (!held) throw new AppError('AGENT_CONTRACT_NO_UPLINE_CONTRACT');
  return tiersFromJson(held.tiers);
}

async function checkTiers(
  db: Db,
  merchantId: string,
  type: ContractType,
  tiers: Tier[],
  uplineId: string | null,
) {
  const rules = await contractRules(db, merchantId);
  const problems = tierProblems(type, tiers, tierLimits(rules, type));
  if (problems.length) throw fieldErrors(problems.map((field) => ({ field, key: 'invalid' })));
  const cap = await capOf(db, uplineId, type);
  if (cap && !withinCap(tiers, cap)) throw new AppError('AGENT_CONTRACT_ABOVE_UPLINE');
  return rules;
}

export interface Offer {
  merchantId: string;
  /** The offering agent; null: an operator, offering to a top agent (one without an upline agent). */
  uplineId: string | null;
  downlineId: string;
  type: ContractType;
  tiers: Tier[];
  now: Date;
  /** An operator's offer (to a top agent) is audited in the offer's own transaction. */
  operator?: AuditActor;
  reason?: string | null;
}

/** Offers a contract: a contract row 'offered' and a pending 'new' request to the downline. */
export async function offerContract(
  db: Db,
  offer: Offer,
): Promise<{ contractId: bigint; requestId: bigint }> {
  await requireTypeOn(db, offer.merchantId, offer.type);
  return db.transaction().execute(async (trx) => {
    const { rows: found } = await sql<{ parent_id: string | null; parent_type: number | null }>`
      select m.parent_id, p.type as parent_type from members m left join members p on p.id = m.parent_id
      where m.id = ${offer.downlineId} and m.merchant_id = ${offer.merchantId} and m.status = 'active'
        and m.type = any(${[...AGENT_TYPES]}::smallint[])
      for update of m`.execute(trx);
    const downline = found[0];
    const topAgent = !downline?.parent_id || !AGENT_TYPES.includes(downline.parent_type as 1);
    // Only a direct downline agent (or, for an operator, a top agent) can be offered a contract; any
    // other member is answered as not found, like everything outside the caller's team.
    if (!downline || (offer.uplineId === null ? !topAgent : downline.parent_id !== offer.uplineId))
      throw new AppError('AGENT_MEMBER_NOT_FOUND');
    const rules = await checkTiers(trx, offer.merchantId, offer.type, offer.tiers, offer.uplineId);
    const { rows: pending } = await sql`
      select 1 from agent_contracts where downline_id = ${offer.downlineId} and type = ${offer.type} and status = 'offered'`.execute(
      trx,
    );
    if (pending.length) throw new AppError('AGENT_CONTRACT_REQUEST_PENDING');
    const { rows } = await sql<{ id: bigint }>`
      insert into agent_contracts (merchant_id, type, upline_id, downline_id, status, tiers, period, offered_at)
      values (${offer.merchantId}, ${offer.type}, ${offer.uplineId}, ${offer.downlineId}, 'offered',
        ${JSON.stringify(tiersToJson(offer.tiers))}::jsonb, ${periodKindOf(offer.type, rules)}, ${offer.now})
      returning id`.execute(trx);
    const contractId = rows[0]!.id;
    const requestId = await newRequest(
      trx,
      offer.merchantId,
      contractId,
      'new',
      offer.uplineId,
      offer.downlineId,
      offer.now,
    );
    if (offer.operator)
      await recordAudit(trx, {
        operator: offer.operator,
        action: 'agent_contract.offer',
        targetType: 'agent_contract',
        targetId: contractId.toString(),
        before: null,
        after: { type: offer.type, downlineId: offer.downlineId, tiers: tiersToJson(offer.tiers) },
        reason: offer.reason ?? null,
      });
    return { contractId, requestId };
  });
}

async function newRequest(
  trx: Db,
  merchantId: string,
  contractId: bigint,
  kind: 'new' | 'termination',
  from: string | null,
  to: string | null,
  now: Date,
): Promise<bigint> {
  const { rows } = await sql<{ id: bigint }>`
    insert into agent_contract_requests (merchant_id, contract_id, kind, from_member_id, to_member_id, status, created_at)
    values (${merchantId}, ${contractId}, ${kind}, ${from}, ${to}, 'pending', ${now})
    on conflict do nothing returning id`.execute(trx);
  if (!rows[0]) throw new AppError('AGENT_CONTRACT_REQUEST_PENDING');
  return rows[0].id;
}

async function closeRequests(
  trx: Db,
  contractId: bigint,
  kind: 'new' | 'termination' | null,
  status: string,
  now: Date,
) {
  await sql`update agent_contract_requests set status = ${status}, decided_at = ${now}
    where contract_id = ${contractId} and status = 'pending' and (${kind}::text is null or kind = ${kind})`.execute(
    trx,
  );
}

async function endContract(trx: Db, id: bigint, reason: string, now: Date): Promise<void> {
  await sql`update agent_contracts set status = 'terminated', ended_at = ${now}, end_reason = ${reason} where id = ${id}`.execute(
    trx,
  );
  await closeRequests(trx, id, null, 'cancelled', now);
}

/**
 * The downline accepts an offer: the rate cap is checked again against what the upline holds now,
 * the contract it held of this type ends ('superseded'), and its own downline contracts that would
 * now pay more than it earns end ('rate_cap'). Returns the contracts terminated automatically.
 */
export async function acceptOffer(
  db: Db,
  a: { merchantId: string; memberId: string; contractId: bigint; now: Date },
): Promise<{ terminated: bigint[] }> {
  return db.transaction().execute(async (trx) => {
    const c = await lockContract(trx, a.merchantId, a.contractId);
    if (c.downline_id !== a.memberId) throw new AppError('AGENT_CONTRACT_NOT_FOUND');
    if (c.status !== 'offered') throw new AppError('AGENT_CONTRACT_STATE');
    await requireTypeOn(trx, a.merchantId, c.type);
    const tiers = tiersFromJson(c.tiers);
    await checkTiers(trx, a.merchantId, c.type, tiers, c.upline_id);
    const held = await activeContractOf(trx, a.memberId, c.type);
    if (held) await endContract(trx, held.id, 'superseded', a.now);
    await sql`update agent_contracts set status = 'active', accepted_at = ${a.now} where id = ${c.id}`.execute(
      trx,
    );
    await closeRequests(trx, c.id, 'new', 'accepted', a.now);
    const { rows: offered } = await sql<ContractRow>`
      select * from agent_contracts where upline_id = ${a.memberId} and type = ${c.type}
        and status in ('active', 'offered') order by id for update`.execute(trx);
    const terminated: bigint[] = [];
    for (const d of offered) {
      if (withinCap(tiersFromJson(d.tiers), tiers)) continue;
      await endContract(trx, d.id, 'rate_cap', a.now);
      terminated.push(d.id);
    }
    return { terminated };
  });
}

/** The downline rejects an offer. */
export async function rejectOffer(
  db: Db,
  a: { merchantId: string; memberId: string; contractId: bigint; now: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const c = await lockContract(trx, a.merchantId, a.contractId);
    if (c.downline_id !== a.memberId) throw new AppError('AGENT_CONTRACT_NOT_FOUND');
    if (c.status !== 'offered') throw new AppError('AGENT_CONTRACT_STATE');
    await sql`update agent_contracts set status = 'rejected', ended_at = ${a.now}, end_reason = 'rejected'
      where id = ${c.id}`.execute(trx);
    await closeRequests(trx, c.id, 'new', 'rejected', a.now);
  });
}

/** Either side of an active contract asks to end it; the other side (an operator for the merchant's side) answers. */
export async function requestTermination(
  db: Db,
  a: { merchantId: string; memberId: string; contractId: bigint; now: Date },
): Promise<bigint> {
  return db.transaction().execute(async (trx) => {
    const c = await lockContract(trx, a.merchantId, a.contractId);
    const side = c.downline_id === a.memberId ? 'down' : c.upline_id === a.memberId ? 'up' : null;
    if (!side) throw new AppError('AGENT_CONTRACT_NOT_FOUND');
    if (c.status !== 'active') throw new AppError('AGENT_CONTRACT_STATE');
    const to = side === 'down' ? c.upline_id : c.downline_id;
    return newRequest(trx, a.merchantId, c.id, 'termination', a.memberId, to, a.now);
  });
}

/**
 * The addressee of a pending request answers it: a 'new' request is accept/reject of the offer; a
 * 'termination' request accepted ends the contract. `memberId` null: an operator answering for the
 * merchant's side.
 */
export async function decideRequest(
  db: Db,
  a: {
    merchantId: string;
    memberId: string | null;
    requestId: bigint;
    accept: boolean;
    now: Date;
    /** An operator answering for the merchant: audited in the decision's transaction. */
    operator?: AuditActor;
    reason?: string | null;
  },
): Promise<{ terminated: bigint[] }> {
  const { rows } = await sql<RequestRow>`
    select * from agent_contract_requests where id = ${a.requestId} and merchant_id = ${a.merchantId}`.execute(
    db,
  );
  const r = rows[0];
  if (!r || r.to_member_id !== a.memberId) throw new AppError('AGENT_CONTRACT_NOT_FOUND');
  if (r.status !== 'pending') throw new AppError('AGENT_CONTRACT_STATE');
  if (r.kind === 'new') {
    const args = {
      merchantId: a.merchantId,
      memberId: r.to_member_id!,
      contractId: r.contract_id,
      now: a.now,
    };
    if (a.accept) return acceptOffer(db, args);
    await rejectOffer(db, args);
    return { terminated: [] };
  }
  return db.transaction().execute(async (trx) => {
    const c = await lockContract(trx, a.merchantId, r.contract_id);
    const { rows: still } = await sql`
      select 1 from agent_contract_requests where id = ${r.id} and status = 'pending'`.execute(trx);
    if (!still.length || c.status !== 'active') throw new AppError('AGENT_CONTRACT_STATE');
    if (a.operator)
      await recordAudit(trx, {
        operator: a.operator,
        action: a.accept ? 'agent_contract.termination_accept' : 'agent_contract.termination_reject',
        targetType: 'agent_contract',
        targetId: c.id.toString(),
        before: { status: c.status },
        after: { status: a.accept ? 'terminated' : 'active', requestId: r.id.toString() },
        reason: a.reason ?? null,
      });
    if (!a.accept) {
      await sql`update agent_contract_requests set status = 'rejected', decided_at = ${a.now} where id = ${r.id}`.execute(
        trx,
      );
      return { terminated: [] };
    }
    await sql`update agent_contract_requests set status = 'accepted', decided_at = ${a.now} where id = ${r.id}`.execute(
      trx,
    );
    await endContract(trx, c.id, 'terminated', a.now);
    return { terminated: [c.id] };
  });
}

/** An operator ends a contract (active or offered) at once, with an audit entry. */
export async function forceTerminate(
  db: Db,
  a: { merchantId: string; contractId: bigint; operator: AuditActor; reason: string | null; now: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const c = await lockContract(trx, a.merchantId, a.contractId);
    if (c.status !== 'active' && c.status !== 'offered') throw new AppError('AGENT_CONTRACT_STATE');
    await endContract(trx, c.id, 'forced', a.now);
    await recordAudit(trx, {
      operator: a.operator,
      action: 'agent_contract.terminate',
      targetType: 'agent_contract',
      targetId: c.id.toString(),
      before: { status: c.status },
      after: { status: 'terminated', endReason: 'forced' },
      reason: a.reason,
    });
  });
}

/** A member's pending requests, to answer (addressed to it) and sent (waiting for the other side), per type. */
export async function pendingRequests(db: Db, merchantId: string, memberId: string) {
  const { rows } = await sql<RequestRow & { type: ContractType }>`
    select r.*, c.type from agent_contract_requests r join agent_contracts c on c.id = r.contract_id
    where r.merchant_id = ${merchantId} and r.status = 'pending'
      and (r.to_member_id = ${memberId} or r.from_member_id = ${memberId})
    order by r.id`.execute(db);
  return rows;
}

/** How many pending requests are addressed to the member, per contract type asked for. */
export async function pendingRequestCounts(
  db: Db,
  merchantId: string,
  memberId: string,
  types: readonly ContractType[],
): Promise<Partial<Record<ContractType, number>>> {
  if (!types.length) return {};
  const { rows } = await sql<{ type: ContractType; n: number }>`
    select c.type, count(*)::int as n from agent_contract_requests r join agent_contracts c on c.id = r.contract_id
    where r.merchant_id = ${merchantId} and r.to_member_id = ${memberId} and r.status = 'pending'
      and c.type in (${sql.join(types)})
    group by c.type`.execute(db);
  const counts = Object.fromEntries(rows.map((r) => [r.type, r.n]));
  return Object.fromEntries(types.map((type) => [type, counts[type] ?? 0]));
}

/** The type of a contract, or of a request's contract, in the merchant (undefined: none such). */
export async function contractTypeOf(
  db: Db,
  merchantId: string,
  by: { contractId: bigint } | { requestId: bigint },
): Promise<ContractType | undefined> {
  const { rows } =
    'contractId' in by
      ? await sql<{ type: ContractType }>`
          select type from agent_contracts where id = ${by.contractId} and merchant_id = ${merchantId}`.execute(
          db,
        )
      : await sql<{ type: ContractType }>`
          select c.type from agent_contract_requests r join agent_contracts c on c.id = r.contract_id
          where r.id = ${by.requestId} and r.merchant_id = ${merchantId}`.execute(db);
  return rows[0]?.type;
}
