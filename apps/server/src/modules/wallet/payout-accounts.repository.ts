import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import type { PayoutAccountsTable } from './wallet.tables.ts';

export type PayoutAccountRow = Selectable<PayoutAccountsTable>;

/**
 * Locks the member's row for the rest of the transaction and reads what the cashier rules need.
 * Every cashier change that counts something per member (accounts, daily withdrawals) or sets the
 * real name takes this lock first, so two concurrent requests cannot both pass a count.
 */
export async function lockMember(db: Db, memberId: string, merchantId: string) {
  return db
    .selectFrom('members')
    .select(['id', 'payee_name', 'payment_password_hash'])
    .where('id', '=', memberId)
    .where('merchant_id', '=', merchantId)
    .forUpdate()
    .executeTakeFirst();
}

/** Sets the real name only while it is still empty; false when it was already set. */
export async function setRealNameIfEmpty(db: Db, memberId: string, realName: string): Promise<boolean> {
  const r = await db
    .updateTable('members')
    .set({ payee_name: realName })
    .where('id', '=', memberId)
    .where('payee_name', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function setNickname(db: Db, memberId: string, nickname: string): Promise<void> {
  await db.updateTable('members').set({ nickname }).where('id', '=', memberId).execute();
}

export async function listActive(db: Db, memberId: string, merchantId: string): Promise<PayoutAccountRow[]> {
  return db
    .selectFrom('payout_accounts')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('merchant_id', '=', merchantId)
    .where('removed_at', 'is', null)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'asc')
    .orderBy('id')
    .execute();
}

/** One of the member's accounts, removed ones included (old withdrawals keep pointing at them). */
export async function findOwn(
  db: Db,
  memberId: string,
  merchantId: string,
  id: string,
): Promise<PayoutAccountRow | undefined> {
  return db
    .selectFrom('payout_accounts')
    .selectAll()
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
}

export async function insertAccount(db: Db, row: Insertable<PayoutAccountsTable>): Promise<PayoutAccountRow> {
  return db.insertInto('payout_accounts').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function markRemoved(db: Db, id: string, at: Date): Promise<void> {
  await db
    .updateTable('payout_accounts')
    .set({ removed_at: at, is_default: false })
    .where('id', '=', id)
    .execute();
}

/** Makes `id` the member's only default account. */
export async function setDefault(db: Db, memberId: string, id: string): Promise<void> {
  await db
    .updateTable('payout_accounts')
    .set({ is_default: sql<boolean>`id = ${id}` })
    .where('member_id', '=', memberId)
    .where('removed_at', 'is', null)
    .execute();
}
