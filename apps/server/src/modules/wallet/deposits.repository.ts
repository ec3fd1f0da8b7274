import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import type { DepositsTable } from './wallet.tables.ts';

export type DepositRow = Selectable<DepositsTable>;
export type DepositChanges = Updateable<DepositsTable>;

function withChannel(db: Db) {
  return db
    .selectFrom('deposits as d')
    .innerJoin('payment_channels as c', 'c.id', 'd.channel_id')
    .innerJoin('merchants as m', 'm.id', 'd.merchant_id')
    .selectAll('d')
    .select([
      'c.name as channel_name',
      'c.type as channel_type',
      'c.gateway as channel_gateway',
      'c.account as channel_account',
      // The receiver's name a PIX charge shows the payer before they pay.
      'm.brand_name as merchant_name',
    ]);
}

/** A deposit with what its views need from the channel. */
export type DepositView = NonNullable<Awaited<ReturnType<typeof findById>>>;

export async function nextOrderNumber(db: Db): Promise<bigint> {
  const r = await sql<{ n: string }>`select nextval('cashier_order_seq')::text as n`.execute(db);
  return BigInt(r.rows[0]!.n);
}

export function findByIdempotencyKey(db: Db, memberId: string, key: string) {
  return withChannel(db)
    .where('d.member_id', '=', memberId)
    .where('d.idempotency_key', '=', key)
    .executeTakeFirst();
}

export function findForMember(db: Db, memberId: string, id: string) {
  return withChannel(db).where('d.member_id', '=', memberId).where('d.id', '=', id).executeTakeFirst();
}

export function findById(db: Db, id: string) {
  return withChannel(db).where('d.id', '=', id).executeTakeFirst();
}

export async function insertDeposit(db: Db, row: Insertable<DepositsTable>): Promise<string> {
  const r = await db.insertInto('deposits').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/**
 * Serialises one member's deposit requests (idempotency lookup, daily limits, insert), so two
 * concurrent requests cannot both pass a limit or both insert under one key.
 */
export async function lockMember(db: Db, memberId: string): Promise<void> {
  await db.selectFrom('members').select('id').where('id', '=', memberId).forUpdate().execute();
}

/** Orders of the member on the channel since a time that still count: pending or credited. */
export async function usageSince(
  db: Db,
  memberId: string,
  channelId: string,
  since: Date,
): Promise<{ count: number; totalMinor: bigint }> {
  const r = await db
    .selectFrom('deposits')
    .select([
      sql<string>`count(*)::text`.as('n'),
      sql<string>`coalesce(sum(amount_minor), 0)::text`.as('total'),
    ])
    .where('member_id', '=', memberId)
    .where('channel_id', '=', channelId)
    .where('status', 'in', ['pending', 'approved'])
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return { count: Number(r.n), totalMinor: BigInt(r.total) };
}

export interface MemberDepositFilter {
  memberId: string;
  status?: string;
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
}

export async function listForMember(db: Db, f: MemberDepositFilter) {
  let q = withChannel(db).where('d.member_id', '=', f.memberId);
  if (f.status) q = q.where('d.status', '=', f.status as DepositRow['status']);
  if (f.from) q = q.where('d.created_at', '>=', f.from);
  if (f.to) q = q.where('d.created_at', '<', f.to);
  const [rows, count] = await Promise.all([
    q.orderBy('d.created_at', 'desc').orderBy('d.id').limit(f.limit).offset(f.offset).execute(),
    q.clearSelect().select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The order row, locked until the caller's transaction ends: decisions on it apply one at a time. */
export function lockDeposit(db: Db, id: string): Promise<DepositRow | undefined> {
  return db.selectFrom('deposits').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateDeposit(db: Db, id: string, changes: DepositChanges): Promise<void> {
  await db.updateTable('deposits').set(changes).where('id', '=', id).execute();
}

/** Another order of the channel that already carries this gateway transaction id, if any. */
export function findByGatewayTxn(db: Db, channelId: string, gatewayTxnId: string) {
  return db
    .selectFrom('deposits')
    .select('id')
    .where('channel_id', '=', channelId)
    .where('gateway_txn_id', '=', gatewayTxnId)
    .executeTakeFirst();
}

export interface QueueFilter {
  merchantId: string;
  /** One order (the answer to a decision). */
  id?: string;
  status?: string;
  account?: string;
  limit: number;
  offset: number;
}

/** The operator's queue: oldest first, so what waits longest is handled first. */
export async function listQueue(db: Db, f: QueueFilter) {
  let q = db
    .selectFrom('deposits as d')
    .innerJoin('payment_channels as c', 'c.id', 'd.channel_id')
    .innerJoin('members as m', 'm.id', 'd.member_id')
    .where('d.merchant_id', '=', f.merchantId);
  if (f.id) q = q.where('d.id', '=', f.id);
  if (f.status) q = q.where('d.status', '=', f.status as DepositRow['status']);
  if (f.account) q = q.where(sql`lower(m.account)`, '=', f.account.toLowerCase());
  const [rows, count] = await Promise.all([
    q
      .selectAll('d')
      .select(['c.name as channel_name', 'm.account as member_account', 'm.payee_name as member_real_name'])
      .orderBy('d.created_at')
      .orderBy('d.id')
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    q.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
