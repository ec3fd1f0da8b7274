import type { Db } from '../../platform/database/database.ts';
import type { OperatorPrincipal } from './backoffice.guard.ts';

/**
 * Who acted: a signed-in operator (an OperatorPrincipal fits), or a system actor with no operator
 * row — operatorId null and a name saying what it is, e.g. 'gateway:<name>' for a payment gateway.
 */
export type AuditActor = Pick<OperatorPrincipal, 'merchantId' | 'username' | 'ip'> & {
  operatorId: string | null;
};

/** One operator action for the audit log; written in the same transaction as the action itself. */
export interface AuditEntry {
  operator: AuditActor;
  action: string;
  targetType: string;
  targetId: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/** Appends to audit_log. Pass the transaction of the action so the record and the change commit together. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      merchant_id: entry.operator.merchantId,
      operator_id: entry.operator.operatorId,
      operator_name: entry.operator.username,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      reason: entry.reason ?? null,
      ip: entry.operator.ip,
    })
    .execute();
}
