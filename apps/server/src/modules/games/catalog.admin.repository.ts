import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import { gameColumns, gameSortOrder, vendorColumns } from './catalog.repository.ts';

/** SQL of the operators' catalog screens: every catalog row with this merchant's switch and place. */

export function operatorVendors(db: Db, merchantId: string) {
  return db
    .selectFrom('game_vendors as v')
    .leftJoin('merchant_game_vendors as mv', (join) =>
      join.onRef('mv.vendor', '=', 'v.code').on('mv.merchant_id', '=', merchantId),
    )
    .select([
      ...vendorColumns,
      sql<boolean>`coalesce(mv.enabled, false)`.as('enabled'),
      sql<number>`coalesce(mv.sort_order, v.sort_order)`.as('sort_order'),
      (eb) =>
        eb
          .selectFrom('games')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('games.vendor', '=', 'v.code')
          .as('games'),
    ])
    .orderBy(sql`coalesce(mv.sort_order, v.sort_order)`)
    .orderBy('v.code')
    .execute();
}

export async function vendorExists(db: Db, code: string): Promise<boolean> {
  return Boolean(
    await db.selectFrom('game_vendors').select('code').where('code', '=', code).executeTakeFirst(),
  );
}

export async function upsertVendorSetting(
  db: Db,
  row: { merchantId: string; vendor: string; enabled?: boolean; sortOrder?: number; at: Date },
): Promise<void> {
  await db
    .insertInto('merchant_game_vendors')
    .values({
      merchant_id: row.merchantId,
      vendor: row.vendor,
      enabled: row.enabled ?? false,
      sort_order: row.sortOrder ?? 0,
      updated_at: row.at,
    })
    .onConflict((oc) =>
      oc.columns(['merchant_id', 'vendor']).doUpdateSet({
        ...(row.enabled !== undefined ? { enabled: row.enabled } : {}),
        ...(row.sortOrder !== undefined ? { sort_order: row.sortOrder } : {}),
        updated_at: row.at,
      }),
    )
    .execute();
}

/** A game is on for the merchant unless the merchant switched it off. */
const gameEnabled = sql<boolean>`coalesce(mg.enabled, true)`;

function operatorGamesQuery(db: Db, merchantId: string, vendor?: string) {
  let q = db
    .selectFrom('games as g')
    .innerJoin('game_vendors as v', 'v.code', 'g.vendor')
    .leftJoin('merchant_games as mg', (join) =>
      join.onRef('mg.game_id', '=', 'g.id').on('mg.merchant_id', '=', merchantId),
    );
  if (vendor) q = q.where('g.vendor', '=', vendor);
  return q;
}

export async function countOperatorGames(db: Db, merchantId: string, vendor?: string): Promise<number> {
  const row = await operatorGamesQuery(db, merchantId, vendor)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

export function operatorGames(
  db: Db,
  merchantId: string,
  vendor: string | undefined,
  limit: number,
  offset: number,
) {
  return operatorGamesQuery(db, merchantId, vendor)
    .select([...gameColumns, gameEnabled.as('enabled'), gameSortOrder.as('sort_order')])
    .orderBy('g.vendor')
    .orderBy(gameSortOrder)
    .orderBy('g.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export function findOperatorGame(db: Db, merchantId: string, gameId: bigint) {
  return db
    .selectFrom('games as g')
    .leftJoin('merchant_games as mg', (join) =>
      join.onRef('mg.game_id', '=', 'g.id').on('mg.merchant_id', '=', merchantId),
    )
    .select(['g.id', 'g.vendor', 'g.code', gameEnabled.as('enabled'), gameSortOrder.as('sort_order')])
    .where('g.id', '=', gameId)
    .executeTakeFirst();
}

export async function upsertGameSetting(
  db: Db,
  row: { merchantId: string; gameId: bigint; enabled: boolean; sortOrder: number; at: Date },
): Promise<void> {
  await db
    .insertInto('merchant_games')
    .values({
      merchant_id: row.merchantId,
      game_id: row.gameId,
      enabled: row.enabled,
      sort_order: row.sortOrder,
      updated_at: row.at,
    })
    .onConflict((oc) =>
      oc.columns(['merchant_id', 'game_id']).doUpdateSet({
        enabled: row.enabled,
        sort_order: row.sortOrder,
        updated_at: row.at,
      }),
    )
    .execute();
}

export async function merchantCurrency(db: Db, merchantId: string): Promise<string> {
  const row = await db
    .selectFrom('merchants')
    .select('currency')
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  return row.currency;
}
