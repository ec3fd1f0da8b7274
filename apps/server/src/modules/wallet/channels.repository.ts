import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import type { PaymentChannelsTable } from './wallet.tables.ts';

export type ChannelRow = Selectable<PaymentChannelsTable>;
export type NewChannel = Insertable<PaymentChannelsTable>;
export type ChannelChanges = Updateable<PaymentChannelsTable>;

/** What players may use: switched on and in the merchant's currency, in the operator's order. */
export function listEnabledChannels(db: Db, merchantId: string, currency: string): Promise<ChannelRow[]> {
  return db
    .selectFrom('payment_channels')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('currency', '=', currency)
    .where('enabled', '=', true)
    .orderBy('sort_order')
    .orderBy('created_at')
    .execute();
}

export function listChannels(db: Db, merchantId: string): Promise<ChannelRow[]> {
  return db
    .selectFrom('payment_channels')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('sort_order')
    .orderBy('created_at')
    .execute();
}

export function findChannel(db: Db, merchantId: string, id: string): Promise<ChannelRow | undefined> {
  return db
    .selectFrom('payment_channels')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findChannelByName(db: Db, merchantId: string, name: string): Promise<ChannelRow | undefined> {
  return db
    .selectFrom('payment_channels')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('name', '=', name)
    .executeTakeFirst();
}

export function insertChannel(db: Db, row: NewChannel): Promise<ChannelRow> {
  return db.insertInto('payment_channels').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Locks the row so two operators' edits apply one after the other (the audit's "before" stays true). */
export function lockChannel(db: Db, merchantId: string, id: string): Promise<ChannelRow | undefined> {
  return db
    .selectFrom('payment_channels')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function updateChannel(db: Db, id: string, changes: ChannelChanges): Promise<ChannelRow> {
  return db
    .updateTable('payment_channels')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function merchantCurrency(
  db: Db,
  merchantId: string,
): Promise<{ currency: string; currencySymbol: string; brandName: string }> {
  return db
    .selectFrom('merchants')
    .select(['currency', 'currency_symbol as currencySymbol', 'brand_name as brandName'])
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
}
