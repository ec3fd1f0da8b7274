import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import type { OriginalRoundsTable, OriginalsSettingsTable } from './originals.tables.ts';

export type RoundRow = Selectable<OriginalRoundsTable> & { server_seed_hash: string; client_seed: string };

function rounds(db: Db) {
  return db
    .selectFrom('original_rounds as r')
    .innerJoin('fairness_seeds as s', 's.id', 'r.seed_id')
    .selectAll('r')
    .select(['s.server_seed_hash', 's.client_seed']);
}

export async function findRound(
  db: Db,
  memberId: string,
  idempotencyKey: string,
): Promise<RoundRow | undefined> {
  return rounds(db)
    .where('r.member_id', '=', memberId)
    .where('r.idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

export async function findRoundById(db: Db, memberId: string, id: bigint): Promise<RoundRow | undefined> {
  return rounds(db).where('r.member_id', '=', memberId).where('r.id', '=', id).executeTakeFirst();
}

/** The merchant's limits, created with the defaults of migration 0042 on first read. */
export async function settings(db: Db, merchantId: string): Promise<Selectable<OriginalsSettingsTable>> {
  const read = () => db.selectFrom('originals_settings').selectAll().where('merchant_id', '=', merchantId);
  const existing = await read().executeTakeFirst();
  if (existing) return existing;
  await db
    .insertInto('originals_settings')
    .values({ merchant_id: merchantId })
    .onConflict((oc) => oc.column('merchant_id').doNothing())
    .execute();
  return read().executeTakeFirstOrThrow();
}

export async function lockActiveSeed(db: Db, memberId: string) {
  return db
    .selectFrom('fairness_seeds')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('status', '=', 'active')
    .forUpdate()
    .executeTakeFirst();
}

export async function advanceNonce(db: Db, seedId: bigint): Promise<void> {
  await db
    .updateTable('fairness_seeds')
    .set((eb) => ({ nonce: eb('nonce', '+', 1n) }))
    .where('id', '=', seedId)
    .execute();
}

export async function spendable(db: Db, accountId: bigint): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select(['balance_minor', 'pending_minor'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return row.balance_minor - row.pending_minor;
}

export async function insertRound(db: Db, row: Insertable<OriginalRoundsTable>): Promise<bigint> {
  const inserted = await db
    .insertInto('original_rounds')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}
