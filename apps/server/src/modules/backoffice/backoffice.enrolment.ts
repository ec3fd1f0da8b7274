import { createHash, randomBytes } from 'node:crypto';
import { type OperatorRole, operatorCreateRequest } from '@sorte/contracts';
import type { SeedContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { hashPassword } from '../auth/index.ts';
import { recordAudit } from './backoffice.audit.ts';
import type { OperatorPrincipal } from './backoffice.guard.ts';
import * as repo from './backoffice.repository.ts';
import { DEMO_OPERATOR_PASSWORDS } from './backoffice.seed.ts';

/**
 * One-time enrolment links: how a production merchant gets its first operator (and how a locked-out
 * one gets back in) without any password ever being printed. `npm run operator -- create|reset` makes
 * the link; its first use sets the operator's own password, and the first sign-in then enrols TOTP as
 * for every operator. Only the token's SHA-256 is stored; the link carries it in its #fragment, so it
 * reaches neither server logs nor Referer headers.
 */
export const ENROLMENT_HOURS = 72;

export interface Enrolment {
  operatorId: string;
  merchant: string;
  username: string;
  role: OperatorRole;
  token: string;
  expiresAt: Date;
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A hash of a random password no one ever sees: until enrolment, no password signs the operator in. */
const unusablePasswordHash = () => hashPassword(randomBytes(32).toString('base64url'));

/** The audit's actor for a terminal command: the operator acted upon, named by the OS user. */
function cliActor(row: repo.OperatorRow, merchantCode: string, who: string): OperatorPrincipal {
  return {
    operatorId: row.id,
    username: who,
    merchantId: row.merchant_id,
    merchantCode,
    role: row.role,
    ip: null,
  };
}

async function merchantIdOf(ctx: SeedContext, merchant: string): Promise<string> {
  const id = await repo.findMerchantIdByCode(ctx.db, merchant);
  if (!id) throw new AppError('NOT_FOUND', { merchant });
  return id;
}

async function issue(ctx: SeedContext, row: repo.OperatorRow, merchant: string): Promise<Enrolment> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(ctx.clock.now().getTime() + ENROLMENT_HOURS * 3_600_000);
  await repo.updateOperator(ctx.db, row.id, {
    enrolment_token_hash: tokenHash(token),
    enrolment_expires_at: expiresAt,
  });
  return { operatorId: row.id, merchant, username: row.username, role: row.role, token, expiresAt };
}

/** A new operator with no usable password and an enrolment link (the first operator of a merchant). */
export async function createOperatorWithEnrolment(
  ctx: SeedContext,
  input: { merchant: string; username: string; role: string },
  who: string,
): Promise<Enrolment> {
  const { username, role } = parseInput(operatorCreateRequest.pick({ username: true, role: true }), {
    username: input.username.trim().toLowerCase(),
    role: input.role,
  });
  const merchantId = await merchantIdOf(ctx, input.merchant);
  const row = await repo.insertOperator(ctx.db, {
    merchant_id: merchantId,
    username,
    password_hash: await unusablePasswordHash(),
    role,
    created_at: ctx.clock.now(),
  });
  if (!row) throw new AppError('BO_OPERATOR_EXISTS');
  await recordAudit(ctx.db, {
    operator: cliActor(row, input.merchant, who),
    action: 'operator.create',
    targetType: 'operator',
    targetId: row.id,
    after: { username: row.username, role: row.role, enrolment: 'link issued' },
  });
  return issue(ctx, row, input.merchant);
}

/**
 * A fresh enrolment link for an existing operator: the old password stops working, TOTP is cleared
 * (enrolled again at the next sign-in), the lock lifts and every open session ends.
 */
export async function resetOperatorEnrolment(
  ctx: SeedContext,
  input: { merchant: string; username: string },
  who: string,
): Promise<Enrolment> {
  const merchantId = await merchantIdOf(ctx, input.merchant);
  const row = await repo.findOperatorByUsername(ctx.db, merchantId, input.username.trim().toLowerCase());
  if (!row) throw new AppError('BO_NOT_FOUND', { username: input.username });
  await repo.updateOperator(ctx.db, row.id, {
    password_hash: await unusablePasswordHash(),
    totp_enabled: false,
    totp_secret: null,
    totp_last_step: null,
    failures: 0,
    locked_until: null,
  });
  await repo.revokeOperatorSessions(ctx.db, row.id, ctx.clock.now());
  await recordAudit(ctx.db, {
    operator: cliActor(row, input.merchant, who),
    action: 'operator.reset',
    targetType: 'operator',
    targetId: row.id,
    after: { username: row.username, enrolment: 'link issued' },
  });
  return issue(ctx, row, input.merchant);
}

/**
 * POST /bo/session/enrolment: the link's token and the operator's chosen password. The token is
 * consumed by a conditional update, so of two concurrent uses one wins and a link works exactly once.
 * Unknown, used and expired tokens answer alike.
 */
export async function completeEnrolment(
  ctx: SeedContext,
  input: { token: string; password: string },
  ip: string | null,
): Promise<{ merchant: string; username: string }> {
  const hash = tokenHash(input.token);
  const row = await ctx.db
    .selectFrom('operators')
    .innerJoin('merchants', 'merchants.id', 'operators.merchant_id')
    .selectAll('operators')
    .select('merchants.code as merchant_code')
    .where('operators.enrolment_token_hash', '=', hash)
    .executeTakeFirst();
  const now = ctx.clock.now();
  if (!row?.enrolment_expires_at || row.enrolment_expires_at <= now || row.status !== 'active')
    throw new AppError('BO_ENROLMENT_INVALID');
  if ((DEMO_OPERATOR_PASSWORDS as readonly string[]).includes(input.password))
    throw new AppError('BO_PASSWORD_PUBLISHED');
  const passwordHash = await hashPassword(input.password);
  const used = await ctx.db
    .updateTable('operators')
    .set({
      password_hash: passwordHash,
      enrolment_token_hash: null,
      enrolment_expires_at: null,
      failures: 0,
      locked_until: null,
    })
    .where('id', '=', row.id)
    .where('enrolment_token_hash', '=', hash)
    .executeTakeFirst();
  if (used.numUpdatedRows === 0n) throw new AppError('BO_ENROLMENT_INVALID');
  await recordAudit(ctx.db, {
    operator: { ...cliActor(row, row.merchant_code, row.username), ip },
    action: 'operator.enrol',
    targetType: 'operator',
    targetId: row.id,
    after: { username: row.username },
  });
  return { merchant: row.merchant_code, username: row.username };
}
