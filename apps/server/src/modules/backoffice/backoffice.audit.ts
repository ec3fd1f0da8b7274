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

/**
 * A merchant-wide setting changed by an operator: under the merchant's row lock (two operators
 * saving at once apply one after the other, each audit's `before` the state the change replaced),
 * `write`, then one audit entry with the setting as `read` answers before and after; answers after.
 */
export async function auditedMerchantChange<T>(
  db: Db,
  operator: AuditActor,
  action: string,
  read: (trx: Db) => Promise<T>,
  write: (trx: Db) => Promise<void>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await trx
      .selectFrom('merchants')
      .select('id')
      .where('id', '=', operator.merchantId)
      .forUpdate()
      .execute();
    const before = await read(trx);
    await write(trx);
    const after = await read(trx);
    await recordAudit(trx, {
      operator,
      action,
      targetType: 'merchant',
      targetId: operator.merchantId,
      before,
      after,
    });
    return after;
  });
}
