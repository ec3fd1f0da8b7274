import type { operatorCreateRequest, operatorPatchRequest } from '@sorte/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { hashPassword } from '../auth/index.ts';
import { recordAudit } from './backoffice.audit.ts';
import type { OperatorPrincipal } from './backoffice.guard.ts';
import * as repo from './backoffice.repository.ts';

type CreateInput = z.infer<typeof operatorCreateRequest>;
type PatchInput = z.infer<typeof operatorPatchRequest>;

function listItem(row: repo.OperatorRow) {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    status: row.status,
    totpEnabled: row.totp_enabled,
    lastLoginAt: row.last_login_at ? new Date(row.last_login_at).toISOString() : null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** What the audit records of an operator: never the password hash or the TOTP secret. */
function auditView(row: repo.OperatorRow) {
  return { username: row.username, role: row.role, status: row.status, totpEnabled: row.totp_enabled };
}

export async function listOperators(ctx: AppContext, admin: OperatorPrincipal) {
  return (await repo.listOperators(ctx.db, admin.merchantId)).map(listItem);
}

/** A new operator of the administrator's merchant; they enrol TOTP at their first sign-in. */
export async function createOperator(ctx: AppContext, admin: OperatorPrincipal, input: CreateInput) {
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await repo.insertOperator(trx, {
      merchant_id: admin.merchantId,
      username: input.username,
      password_hash: passwordHash,
      role: input.role,
      created_at: ctx.clock.now(),
    });
    if (!row) throw new AppError('BO_OPERATOR_EXISTS');
    await recordAudit(trx, {
      operator: admin,
      action: 'operator.create',
      targetType: 'operator',
      targetId: row.id,
      after: auditView(row),
    });
    return listItem(row);
  });
}

/**
 * Changes an operator's role or status, or clears their TOTP (lost phone). Any change ends the
 * operator's open sessions, so a disabled or demoted operator keeps no access they no longer have.
 * An administrator cannot change themselves: no one locks the merchant out of its own back office by
 * mistake, and no one grants themselves anything.
 */
export async function patchOperator(
  ctx: AppContext,
  admin: OperatorPrincipal,
  id: string,
  input: PatchInput,
) {
  if (id === admin.operatorId) throw new AppError('BO_FORBIDDEN', { reason: 'self' });
  return ctx.db.transaction().execute(async (trx) => {
    const before = await repo.lockOperator(trx, admin.merchantId, id);
    if (!before) throw new AppError('BO_NOT_FOUND');
    const changes = {
      ...(input.role ? { role: input.role } : {}),
      ...(input.status ? { status: input.status } : {}),
      ...(input.resetTotp
        ? { totp_enabled: false, totp_secret: null, totp_last_step: null, failures: 0, locked_until: null }
        : {}),
    };
    if (Object.keys(changes).length === 0) return listItem(before);
    await repo.updateOperator(trx, id, changes);
    await repo.revokeOperatorSessions(trx, id, ctx.clock.now());
    const after = { ...before, ...changes };
    await recordAudit(trx, {
      operator: admin,
      action: 'operator.update',
      targetType: 'operator',
      targetId: id,
      before: auditView(before),
      after: auditView(after),
    });
    return listItem(after);
  });
}
