import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import type { OperatorSessionsTable, OperatorsTable } from './backoffice.tables.ts';

/** SQL for operators and their sessions; the rules live in the services. */

export type OperatorRow = Selectable<OperatorsTable>;

export async function findMerchantIdByCode(db: Db, code: string): Promise<string | undefined> {
  const row = await db.selectFrom('merchants').select('id').where('code', '=', code).executeTakeFirst();
  return row?.id;
}

export function findOperatorByUsername(db: Db, merchantId: string, username: string) {
  return db
    .selectFrom('operators')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('username', '=', username)
    .executeTakeFirst();
}

export function findOperator(db: Db, merchantId: string, id: string) {
  return db
    .selectFrom('operators')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Locks the row, so two administrators' changes to one operator apply one after the other. */
export function lockOperator(db: Db, merchantId: string, id: string) {
  return db
    .selectFrom('operators')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function listOperators(db: Db, merchantId: string) {
  return db
    .selectFrom('operators')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('username')
    .execute();
}

/** What a new operator is made with; TOTP is not enrolled unless given. */
export type NewOperator = Pick<
  Insertable<OperatorsTable>,
  'merchant_id' | 'username' | 'password_hash' | 'role' | 'created_at' | 'totp_secret' | 'totp_enabled'
>;

/** A new operator: never signed in, not locked, no TOTP step used yet. Undefined when the username is taken. */
export async function insertOperator(db: Db, values: NewOperator): Promise<OperatorRow | undefined> {
  return db
    .insertInto('operators')
    .values({
      totp_secret: null,
      totp_last_step: null,
      locked_until: null,
      last_login_at: null,
      last_login_ip: null,
      ...values,
    })
    .onConflict((oc) => oc.constraint('operators_username').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function updateOperator(db: Db, id: string, values: Updateable<OperatorsTable>): Promise<void> {
  await db.updateTable('operators').set(values).where('id', '=', id).execute();
}

/**
 * Takes one try before the password is compared, in one statement so concurrent guesses are counted
 * one by one: false, and nothing counted, while the account is locked. The try that makes `lockAt`
 * sets the lock and starts the count over, so the account gets a full set of tries once the lock ends;
 * a sign-in that succeeds clears both.
 */
export async function reserveOperatorTry(
  db: Db,
  p: { id: string; now: Date; lockAt: number; lockUntil: Date },
): Promise<boolean> {
  const locks = sql<boolean>`failures + 1 >= ${p.lockAt}::int`;
  const result = await db
    .updateTable('operators')
    .set({
      failures: sql<number>`case when ${locks} then 0 else failures + 1 end`,
      locked_until: sql<Date | null>`case when ${locks} then ${p.lockUntil}::timestamptz end`,
    })
    .where('id', '=', p.id)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', p.now)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Records the accepted TOTP step unless a later or equal one was already accepted (a concurrent sign-in
 * with the same code); false means the code was just used.
 */
export async function claimTotpStep(db: Db, id: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('operators')
    .set({ totp_last_step: BigInt(step) })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', BigInt(step))]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertOperatorSession(
  db: Db,
  values: Insertable<OperatorSessionsTable>,
): Promise<void> {
  await db.insertInto('operator_sessions').values(values).execute();
}

/** The session with what the guard needs of its operator and merchant, in one read. */
export function findOperatorSession(db: Db, tokenHash: string) {
  return db
    .selectFrom('operator_sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .innerJoin('merchants as m', 'm.id', 'o.merchant_id')
    .select([
      's.id',
      's.totp_verified',
      's.last_seen_at',
      's.expires_at',
      's.revoked_at',
      'o.id as operator_id',
      'o.username',
      'o.role',
      'o.status',
      'o.totp_enabled',
      'o.merchant_id',
      'm.code as merchant_code',
    ])
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchOperatorSession(db: Db, id: string, now: Date): Promise<void> {
  await db.updateTable('operator_sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
}

export async function revokeOperatorSession(db: Db, id: string, now: Date): Promise<void> {
  await db
    .updateTable('operator_sessions')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function markSessionVerified(db: Db, id: string): Promise<void> {
  await db.updateTable('operator_sessions').set({ totp_verified: true }).where('id', '=', id).execute();
}

/** Ends every open session of an operator (disabled, role changed, TOTP reset). */
export async function revokeOperatorSessions(db: Db, operatorId: string, now: Date): Promise<void> {
  await db
    .updateTable('operator_sessions')
    .set({ revoked_at: now })
    .where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null)
    .execute();
}

// ---- audit log ----------------------------------------------------------------------------------

export interface AuditFilter {
  action?: string;
  operator?: string;
}

function auditQuery(db: Db, merchantId: string, filter: AuditFilter) {
  let query = db.selectFrom('audit_log').where('merchant_id', '=', merchantId);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.operator) query = query.where('operator_name', '=', filter.operator);
  return query;
}

export async function countAudit(db: Db, merchantId: string, filter: AuditFilter): Promise<number> {
  const row = await auditQuery(db, merchantId, filter)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listAudit(db: Db, merchantId: string, filter: AuditFilter, limit: number, offset: number) {
  return auditQuery(db, merchantId, filter)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Whether an action on a target is already in the audit log (a retried adjustment is audited once). */
export async function auditExists(
  db: Db,
  merchantId: string,
  action: string,
  targetId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('audit_log')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('action', '=', action)
    .where('target_id', '=', targetId)
    .executeTakeFirst();
  return row !== undefined;
}
