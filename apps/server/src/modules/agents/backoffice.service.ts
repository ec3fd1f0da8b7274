import { AGENT_TYPES, type BoContractRules, type BoContractRulesUpdate } from '@sorte/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { isUuid } from '../../platform/http/ids.ts';
import { type AuditEntry, recordAudit } from '../backoffice/index.ts';
import type { ContractType } from './contracts.math.ts';
import { CONTRACT_FLAG, type ContractRules, contractRules, saveContractRules } from './contracts.rules.ts';

type Operator = AuditEntry['operator'];
const TYPES: readonly ContractType[] = ['dividend', 'daily', 'hourly', 'realtime'];

/**
 * The operator's changes to the agents: moving a member (and its whole team) under another agent,
 * and the merchant's contract rules. Each in one transaction with its audit entry.
 */

interface TreeMember {
  id: string;
  parent_id: string | null;
  ancestry: string;
  type: number;
  status: string;
}

/**
 * Moves a member, with everyone below it, under another agent of the same merchant. The tree is a
 * parent id and an ancestry path (`/<top id>/…/<parent id>/`): the member's path becomes the new
 * parent's path plus the parent, and every path below the member is rewritten with the new prefix,
 * in the same statement set and transaction. Moves of one merchant are serialized (a transaction
 * lock on the merchant's row), so two crossing moves cannot build a cycle between them.
 *
 * Refused: the member itself or one of its own team as the new parent (AGENT_MOVE_CYCLE), a parent
 * that is not an active agent of the merchant (AGENT_MOVE_PARENT_NOT_AGENT), and a member that holds
 * or is offered a contract (its contract is with its current upline or the merchant: an operator
 * force-terminates it first, AGENT_MOVE_CONTRACT_HELD). Contracts the member gave its own downlines
 * move with it unchanged.
 */
export async function moveMember(
  db: Db,
  a: { merchantId: string; memberId: string; parentId: string; reason: string; operator: Operator },
): Promise<{ moved: number }> {
  if (!isUuid(a.memberId)) throw new AppError('AGENT_MEMBER_NOT_FOUND');
  if (!isUuid(a.parentId)) throw new AppError('AGENT_MOVE_PARENT_NOT_AGENT');
  return db.transaction().execute(async (trx) => {
    await sql`select id from merchants where id = ${a.merchantId} for no key update`.execute(trx);
    const { rows: found } = await sql<TreeMember>`
      select id, parent_id, ancestry, type, status from members
      where merchant_id = ${a.merchantId} and id in (${a.memberId}, ${a.parentId}) for update`.execute(trx);
    const member = found.find((m) => m.id === a.memberId);
    const parent = found.find((m) => m.id === a.parentId);
    if (!member) throw new AppError('AGENT_MEMBER_NOT_FOUND');
    const ownPrefix = `${member.ancestry}${member.id}/`;
    if (a.parentId === a.memberId || parent?.ancestry.startsWith(ownPrefix))
      throw new AppError('AGENT_MOVE_CYCLE');
    if (parent?.status !== 'active' || !(AGENT_TYPES as readonly number[]).includes(parent.type))
      throw new AppError('AGENT_MOVE_PARENT_NOT_AGENT');
    if (member.parent_id === parent.id) return { moved: 0 };
    const { rows: held } = await sql`
      select 1 from agent_contracts where downline_id = ${member.id} and status in ('active', 'offered') limit 1`.execute(
      trx,
    );
    if (held.length) throw new AppError('AGENT_MOVE_CONTRACT_HELD');
    const ancestry = `${parent.ancestry}${parent.id}/`;
    const newPrefix = `${ancestry}${member.id}/`;
    await sql`update members set parent_id = ${parent.id}, ancestry = ${ancestry} where id = ${member.id}`.execute(
      trx,
    );
    const below =
      await sql`update members set ancestry = ${newPrefix} || substr(ancestry, ${ownPrefix.length + 1})
      where merchant_id = ${a.merchantId} and ancestry like ${`${ownPrefix}%`}`.execute(trx);
    const moved = 1 + Number(below.numAffectedRows ?? 0n);
    await recordAudit(trx, {
      operator: a.operator,
      action: 'agent_tree.move',
      targetType: 'member',
      targetId: member.id,
      before: { parentId: member.parent_id, ancestry: member.ancestry },
      after: { parentId: parent.id, ancestry, moved },
      reason: a.reason,
    });
    return { moved };
  });
}

/** The rules as the back office shows them: the four type flags (feature flags) and the rules row. */
export async function rulesView(db: Db, merchantId: string): Promise<BoContractRules> {
  const [rules, meta] = await Promise.all([
    contractRules(db, merchantId),
    sql<{ flags: Record<string, unknown> | null; updated_at: Date | null; updated_by: string | null }>`
      select m.flags, r.updated_at, r.updated_by from merchants m
      left join agent_contract_rules r on r.merchant_id = m.id where m.id = ${merchantId}`.execute(db),
  ]);
  const row = meta.rows[0];
  const flags = (typeof row?.flags === 'string' ? JSON.parse(row.flags) : (row?.flags ?? {})) as Record<
    string,
    unknown
  >;
  return {
    flags: Object.fromEntries(TYPES.map((t) => [t, flags[CONTRACT_FLAG[t]] === true])) as Record<
      ContractType,
      boolean
    >,
    maxRateUnits: {
      dividend: Number(rules.maxRateUnits.dividend),
      daily: Number(rules.maxRateUnits.daily),
      hourly: Number(rules.maxRateUnits.hourly),
      realtime: Number(rules.maxRateUnits.realtime),
    },
    maxAmountMinor: Number(rules.maxAmountMinor),
    maxTiers: rules.maxTiers,
    dividendPeriod: rules.dividendPeriod,
    activeMinValidBetMinor: Number(rules.activeMinValidBetMinor),
    carryOver: rules.carryOver,
    approvalThresholdMinor: Number(rules.approvalThresholdMinor),
    updatedAt: row?.updated_at ? new Date(row.updated_at).toISOString() : null,
    updatedBy: row?.updated_by ?? null,
  };
}

/**
 * Saves the merchant's rules with an audit entry holding the rules before and after. Contracts
 * already offered keep their tiers; the new limits apply to the next offer or acceptance.
 */
export async function updateRules(
  db: Db,
  a: { merchantId: string; change: BoContractRulesUpdate; operator: Operator; now: Date },
): Promise<BoContractRules> {
  const c = a.change;
  const rules: ContractRules = {
    maxRateUnits: {
      dividend: BigInt(c.maxRateUnits.dividend),
      daily: BigInt(c.maxRateUnits.daily),
      hourly: BigInt(c.maxRateUnits.hourly),
      realtime: BigInt(c.maxRateUnits.realtime),
    },
    maxAmountMinor: BigInt(c.maxAmountMinor),
    maxTiers: c.maxTiers,
    dividendPeriod: c.dividendPeriod,
    activeMinValidBetMinor: BigInt(c.activeMinValidBetMinor),
    carryOver: c.carryOver,
    approvalThresholdMinor: BigInt(c.approvalThresholdMinor),
  };
  await db.transaction().execute(async (trx) => {
    await sql`select id from merchants where id = ${a.merchantId} for no key update`.execute(trx);
    const { flags: _f, updatedAt: _u, updatedBy: _b, ...before } = await rulesView(trx, a.merchantId);
    await saveContractRules(trx, a.merchantId, rules, a.operator.username, a.now);
    const { reason, ...after } = c;
    await recordAudit(trx, {
      operator: a.operator,
      action: 'agent_rules.update',
      targetType: 'agent_contract_rules',
      targetId: a.merchantId,
      before,
      after,
      reason: reason ?? null,
    });
  });
  return rulesView(db, a.merchantId);
}
