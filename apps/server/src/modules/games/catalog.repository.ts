import type { GameType } from '@sorte/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';

/**
 * SQL of the game catalog. Everything a player sees goes through visibleGames: a game shows when its
 * vendor has an enabled row for the merchant and the merchant has not switched the game itself off.
 */

/** Popularity counts plays of this many recent days. */
const POPULAR_WINDOW_DAYS = 30;

export interface GameFilter {
  gameType?: GameType;
  vendor?: string;
  classify?: string;
  /** Search in this language's name (falling back to English). */
  name?: { text: string; language: string };
  /** Games a stake of this many minor units can join: minimum bet at most this. */
  maxMinBetMinor?: number;
  minLineNum?: number;
  hotOnly?: boolean;
}

/** Escapes LIKE wildcards, so a search for "a_b" matches that text and not "axb". */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function visibleGames(db: Db, merchantId: string) {
  return db
    .selectFrom('games as g')
    .innerJoin('game_vendors as v', 'v.code', 'g.vendor')
    .innerJoin('merchant_game_vendors as mv', (join) =>
      join
        .onRef('mv.vendor', '=', 'g.vendor')
        .on('mv.merchant_id', '=', merchantId)
        .on('mv.enabled', '=', true),
    )
    .leftJoin('merchant_games as mg', (join) =>
      join.onRef('mg.game_id', '=', 'g.id').on('mg.merchant_id', '=', merchantId),
    )
    .where((eb) => eb.or([eb('mg.enabled', 'is', null), eb('mg.enabled', '=', true)]));
}

type VisibleGames = ReturnType<typeof visibleGames>;

function filtered(query: VisibleGames, filter: GameFilter): VisibleGames {
  let q = query;
  if (filter.gameType) q = q.where('g.game_type', '=', filter.gameType);
  if (filter.vendor) q = q.where('g.vendor', '=', filter.vendor);
  if (filter.classify) q = q.where('g.classify', '=', filter.classify);
  if (filter.hotOnly) q = q.where('g.is_hot', '=', true);
  if (filter.maxMinBetMinor !== undefined)
    q = q.where(sql<boolean>`coalesce(g.min_bet_minor, 0) <= ${BigInt(filter.maxMinBetMinor)}`);
  if (filter.minLineNum) q = q.where('g.line_num', '>=', filter.minLineNum);
  if (filter.name?.text) {
    const { text, language } = filter.name;
    q = q.where(sql<boolean>`coalesce(g.names->>${language}, g.names->>'en') ilike ${likeContains(text)}`);
  }
  return q;
}

/** A game's place in the merchant's order: the merchant's own, else the catalog's. */
export const gameSortOrder = sql<number>`coalesce(mg.sort_order, g.sort_order)`;

/** What a game tile needs: the game's row and its vendor's. Also the operators' game list. */
export const gameColumns = [
  'g.id',
  'g.vendor',
  'g.code',
  'g.node_id',
  'g.game_type',
  'g.names',
  'g.icon_url',
  'g.is_hot',
  'g.classify',
  'g.min_bet_minor',
  'g.line_num',
  'g.default_play_type',
  'v.name as vendor_name',
  'v.popup_list',
  'v.free_play',
  'v.launch_kind',
] as const;

/** The merchant's order: vendors as arranged, then each game's own place, then age. */
function ordered<Q extends VisibleGames>(query: Q) {
  return query.orderBy('mv.sort_order').orderBy('g.vendor').orderBy(gameSortOrder).orderBy('g.id');
}

export async function countGames(db: Db, merchantId: string, filter: GameFilter): Promise<number> {
  const row = await filtered(visibleGames(db, merchantId), filter)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

export function findGames(db: Db, merchantId: string, filter: GameFilter, limit: number, offset: number) {
  return ordered(filtered(visibleGames(db, merchantId), filter))
    .select(gameColumns)
    .limit(limit)
    .offset(offset)
    .execute();
}
export type GameRow = Awaited<ReturnType<typeof findGames>>[number];

/** One visible game, by id or by vendor and node id / code. */
export function findVisibleGame(
  db: Db,
  merchantId: string,
  by: { gameId?: number; vendor?: string; nodeId?: string; code?: string },
) {
  let q = visibleGames(db, merchantId).select(gameColumns);
  if (by.gameId !== undefined) q = q.where('g.id', '=', BigInt(by.gameId));
  if (by.vendor) q = q.where('g.vendor', '=', by.vendor);
  if (by.nodeId) q = q.where('g.node_id', '=', by.nodeId);
  if (by.code) q = q.where('g.code', '=', by.code);
  return q.limit(1).executeTakeFirst();
}

/** A vendor's row as the menus and the vendor lists show it (after its code). */
const vendorDetails = [
  'v.name',
  'v.category',
  'v.icon_url',
  'v.popup_list',
  'v.free_play',
  'v.launch_kind',
] as const;
/** A vendor's code and details: the operators' vendor list starts with these too. */
export const vendorColumns = ['v.code', ...vendorDetails] as const;

/** Visible games per category and vendor, with their classify values: the raw material of the menus. */
export function menuRows(db: Db, merchantId: string) {
  const keys = ['g.game_type', 'g.vendor', 'g.classify', ...vendorDetails, 'mv.sort_order'] as const;
  return visibleGames(db, merchantId)
    .select([...keys, sql<number>`count(*)::int`.as('games')])
    .groupBy([...keys, 'v.created_at'])
    .orderBy('mv.sort_order')
    .orderBy('g.vendor')
    .execute();
}
export type MenuRow = Awaited<ReturnType<typeof menuRows>>[number];

/** Which of these vendors have at least one game a player of the merchant can see. */
export async function vendorsWithGames(db: Db, merchantId: string, vendors: string[]): Promise<Set<string>> {
  if (!vendors.length) return new Set();
  const rows = await visibleGames(db, merchantId)
    .select('g.vendor')
    .where('g.vendor', 'in', vendors)
    .distinct()
    .execute();
  return new Set(rows.map((r) => r.vendor));
}

/** Vendors with at least one visible game, newest in the catalog first. */
export function newestVendors(db: Db, merchantId: string, limit: number) {
  return visibleGames(db, merchantId)
    .select([...vendorColumns, sql<number>`count(*)::int`.as('games')])
    .groupBy(vendorColumns)
    .orderBy(sql`max(v.created_at)`, 'desc')
    .orderBy('v.code')
    .limit(limit)
    .execute();
}

/** Most played by the merchant's players lately; ties (and a quiet site) fall back to hot, then order. */
export function popularGames(db: Db, merchantId: string, since: Date, limit: number) {
  return visibleGames(db, merchantId)
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('game_recent')
          .select(['game_id', sql<number>`sum(play_count)::int`.as('plays')])
          .where('merchant_id', '=', merchantId)
          .where('last_played_at', '>', since)
          .groupBy('game_id')
          .as('p'),
      (join) => join.onRef('p.game_id', '=', 'g.id'),
    )
    .select(gameColumns)
    .orderBy(sql`coalesce(p.plays, 0)`, 'desc')
    .orderBy('g.is_hot', 'desc')
    .orderBy('mv.sort_order')
    .orderBy(gameSortOrder)
    .orderBy('g.id')
    .limit(limit)
    .execute();
}
export const popularSince = (now: Date) => new Date(now.getTime() - POPULAR_WINDOW_DAYS * 86_400_000);

// ---------------------------------------------------------------- a member's games

function recent(db: Db, merchantId: string, memberId: string, vendor?: string) {
  let q = visibleGames(db, merchantId)
    .innerJoin('game_recent as r', 'r.game_id', 'g.id')
    .where('r.member_id', '=', memberId);
  if (vendor) q = q.where('g.vendor', '=', vendor);
  return q;
}

export async function countRecent(db: Db, merchantId: string, memberId: string, vendor?: string) {
  const row = await recent(db, merchantId, memberId, vendor)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

export function findRecent(
  db: Db,
  merchantId: string,
  memberId: string,
  vendor: string | undefined,
  limit: number,
  offset: number,
) {
  return recent(db, merchantId, memberId, vendor)
    .select([...gameColumns, 'r.last_played_at'])
    .orderBy('r.last_played_at', 'desc')
    .orderBy('g.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Upserts the member's recent row: one per game, moved to the front and counted on every launch. */
export async function recordRecent(
  db: Db,
  row: { merchantId: string; memberId: string; gameId: bigint; at: Date },
): Promise<void> {
  await db
    .insertInto('game_recent')
    .values({
      merchant_id: row.merchantId,
      member_id: row.memberId,
      game_id: row.gameId,
      last_played_at: row.at,
    })
    .onConflict((oc) =>
      oc.columns(['member_id', 'game_id']).doUpdateSet({
        last_played_at: row.at,
        play_count: sql`game_recent.play_count + 1`,
      }),
    )
    .execute();
}

function favourites(db: Db, merchantId: string, memberId: string, gameType?: GameType) {
  let q = visibleGames(db, merchantId)
    .innerJoin('game_favourites as f', 'f.game_id', 'g.id')
    .where('f.member_id', '=', memberId);
  if (gameType) q = q.where('g.game_type', '=', gameType);
  return q;
}

export async function countFavourites(db: Db, merchantId: string, memberId: string, gameType?: GameType) {
  const row = await favourites(db, merchantId, memberId, gameType)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

export function findFavourites(
  db: Db,
  merchantId: string,
  memberId: string,
  gameType: GameType | undefined,
  limit: number,
  offset: number,
) {
  return favourites(db, merchantId, memberId, gameType)
    .select(gameColumns)
    .orderBy('f.created_at', 'desc')
    .orderBy('g.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function addFavourite(db: Db, memberId: string, gameId: bigint, at: Date): Promise<void> {
  await db
    .insertInto('game_favourites')
    .values({ member_id: memberId, game_id: gameId, created_at: at })
    .onConflict((oc) => oc.columns(['member_id', 'game_id']).doNothing())
    .execute();
}

/** Removes by vendor and node id without a visibility check: a switched-off game can still be unstarred. */
export async function removeFavourite(
  db: Db,
  memberId: string,
  vendor: string,
  nodeId: string,
): Promise<void> {
  await db
    .deleteFrom('game_favourites')
    .where('member_id', '=', memberId)
    .where('game_id', 'in', (eb) =>
      eb.selectFrom('games').select('id').where('vendor', '=', vendor).where('node_id', '=', nodeId),
    )
    .execute();
}
