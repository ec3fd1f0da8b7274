import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import type { WithdrawalsTable } from './wallet.tables.ts';

export type WithdrawalRow = Selectable<WithdrawalsTable>;

/**
 * The status a reader sees: an approved order past its auto-receipt time counts as received even
 * before the sweep (wallet.jobs.ts) has written it, so the player and the operator never see it flip.
 */
export function effectiveStatus(now: Date) {
  return sql<string>`case when w.status = 'approved' and w.auto_receipt_at <= ${now} then 'received' else w.status end`;
}

/** A withdrawal with what its views need: the payout account, the member, whether a proof exists. */
function withDetails(db: Db) {
  return db
    .selectFrom('withdrawals as w')
    .innerJoin('payout_accounts as p', 'p.id', 'w.payout_account_id')
    .innerJoin('members as m', 'm.id', 'w.member_id')
    .selectAll('w')
    .select([
      'p.type as account_type',
      'p.bank_name',
      'p.branch',
      'p.account_number',
      'p.pix_key_type',
      'p.pix_key',
      'p.holder_name',
      'm.account as member_account',
      'm.payee_name',
      sql<boolean>`exists (select 1 from withdrawal_proofs pr where pr.withdrawal_id = w.id)`.as('has_proof'),
    ]);
}

export type WithdrawalView = NonNullable<Awaited<ReturnType<typeof findForMember>>>;

export function findForMember(db: Db, memberId: string, id: string) {
  return withDetails(db).where('w.member_id', '=', memberId).where('w.id', '=', id).executeTakeFirst();
}

export function findForMerchant(db: Db, merchantId: string, id: string) {
  return withDetails(db).where('w.merchant_id', '=', merchantId).where('w.id', '=', id).executeTakeFirst();
}

export function findByIdempotencyKey(db: Db, memberId: string, key: string) {
  return withDetails(db)
    .where('w.member_id', '=', memberId)
    .where('w.idempotency_key', '=', key)
    .executeTakeFirst();
}

export interface ListFilter {
  merchantId: string;
  memberId?: string;
  /** Member account, exact match ignoring case (the operator queue's search). */
  account?: string;
  status?: string;
  from?: Date;
  to?: Date;
  now: Date;
  limit: number;
  offset: number;
}

/** One page, newest first, and the total; the status filter applies to the status readers see. */
export async function list(db: Db, f: ListFilter): Promise<{ rows: WithdrawalView[]; total: number }> {
  let query = withDetails(db).where('w.merchant_id', '=', f.merchantId);
  if (f.memberId) query = query.where('w.member_id', '=', f.memberId);
  if (f.account) query = query.where(sql`lower(m.account)`, '=', f.account.toLowerCase());
  if (f.status) query = query.where(effectiveStatus(f.now), '=', f.status);
  if (f.from) query = query.where('w.created_at', '>=', f.from);
  if (f.to) query = query.where('w.created_at', '<', f.to);
  const [rows, count] = await Promise.all([
    query.orderBy('w.created_at', 'desc').orderBy('w.id', 'desc').limit(f.limit).offset(f.offset).execute(),
    query.clearSelect().select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Withdrawals the member asked for since `since` that still count against the daily limit. */
export async function countSince(db: Db, memberId: string, since: Date): Promise<number> {
  const r = await db
    .selectFrom('withdrawals')
    .select(sql<string>`count(*)::text`.as('n'))
    .where('member_id', '=', memberId)
    .where('created_at', '>=', since)
    .where('status', '!=', 'rejected')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function nextOrderNumber(db: Db): Promise<bigint> {
  const r = await sql<{ n: string }>`select nextval('cashier_order_seq')::text as n`.execute(db);
  return BigInt(r.rows[0]!.n);
}

export async function insertWithdrawal(db: Db, row: Insertable<WithdrawalsTable>): Promise<string> {
  const r = await db.insertInto('withdrawals').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** Locks the order for a decision; another decision on it waits here and then sees the new status. */
export async function lockForMerchant(db: Db, merchantId: string, id: string) {
  return db
    .selectFrom('withdrawals')
    .selectAll()
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .forUpdate()
    .executeTakeFirst();
}

export async function lockForMember(db: Db, memberId: string, id: string) {
  return db
    .selectFrom('withdrawals')
    .selectAll()
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .forUpdate()
    .executeTakeFirst();
}

export async function update(
  db: Db,
  id: string,
  changes: Partial<Omit<Insertable<WithdrawalsTable>, 'id'>>,
): Promise<void> {
  await db.updateTable('withdrawals').set(changes).where('id', '=', id).execute();
}

export async function insertProof(
  db: Db,
  withdrawalId: string,
  contentType: string,
  bytes: Buffer,
  at: Date,
): Promise<void> {
  await db
    .insertInto('withdrawal_proofs')
    .values({ withdrawal_id: withdrawalId, content_type: contentType, bytes, created_at: at })
    .execute();
}

export async function findProof(db: Db, merchantId: string, withdrawalId: string) {
  return db
    .selectFrom('withdrawal_proofs as pr')
    .innerJoin('withdrawals as w', 'w.id', 'pr.withdrawal_id')
    .select(['pr.content_type', 'pr.bytes'])
    .where('w.merchant_id', '=', merchantId)
    .where('pr.withdrawal_id', '=', withdrawalId)
    .executeTakeFirst();
}

/**
 * Marks approved orders past their auto-receipt time as received, at most `limit` per call. SKIP
 * LOCKED leaves rows a player is confirming right now to that confirmation (and to the next sweep).
 */
export async function markAutoReceived(db: Db, now: Date, limit: number): Promise<number> {
  const r = await sql`
    update withdrawals set status = 'received', receipt_auto = true, resolved_at = auto_receipt_at,
      received_amount_minor = amount_minor - fee_minor
    where id in (
      select id from withdrawals where status = 'approved' and auto_receipt_at <= ${now}
      order by auto_receipt_at limit ${limit} for update skip locked)`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}
