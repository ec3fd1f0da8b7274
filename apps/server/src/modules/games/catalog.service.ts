import {
  type FavouriteGame,
  GAME_TYPES,
  type Game,
  type GameListQuery,
  type GameListResponse,
  type GameType,
  type GameVendor,
  type PageQuery,
  type VendorGroup,
} from '@sorte/contracts';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { offsetOf, pageOf } from '../../platform/http/paging.ts';
import * as repo from './catalog.repository.ts';

/** The catalog as a player sees it: rows shaped into the spec's fields, names in the request language. */

export type Language = 'pt-BR' | 'en';
/** Hot games: at most one lobby page. */
const HOT_LIMIT = 42;

export function gameArtUrl(vendor: string, code: string, language: Language): string {
  return `/lgw/games/art/${encodeURIComponent(vendor)}/${encodeURIComponent(code)}.svg?lang=${language}`;
}

export function vendorArtUrl(vendor: string): string {
  return `/lgw/games/vendor-art/${encodeURIComponent(vendor)}.svg`;
}

/** A vendor's catalog row (see repo.vendorColumns) as the lobbies, menus and operators' lists show it. */
export function vendorView(
  vendor: string,
  row: Pick<repo.MenuRow, 'name' | 'icon_url' | 'category' | 'popup_list' | 'free_play' | 'launch_kind'>,
  gameCount: number,
): GameVendor {
  return {
    vendor,
    name: row.name,
    iconUrl: row.icon_url ?? vendorArtUrl(vendor),
    category: row.category,
    popupList: row.popup_list,
    freePlay: row.free_play,
    launchKind: row.launch_kind,
    gameCount,
  };
}

export function nameIn(names: Record<string, string>, language: string): string {
  return names[language] ?? names.en ?? Object.values(names)[0] ?? '';
}

export function gameView(row: repo.GameRow, language: Language): Game {
  return {
    gameId: Number(row.id),
    nodeId: row.node_id,
    code: row.code,
    gameCode: row.code,
    vendor: row.vendor,
    vassalage: row.vendor,
    vendorName: row.vendor_name,
    gameType: row.game_type,
    gameName: nameIn(row.names, language),
    smallIcon: row.icon_url ?? gameArtUrl(row.vendor, row.code, language),
    isHot: row.is_hot,
    isGame: true,
    gameClassify: row.classify,
    minBetMinor: row.min_bet_minor === null ? null : Number(row.min_bet_minor),
    lineNum: row.line_num,
    defaultPlayType: row.default_play_type,
    launchKind: row.launch_kind,
    popupList: row.popup_list,
    freePlay: row.free_play,
  };
}

/**
 * Spec GET /lgw/games/game_menus: each category with its enabled vendors in the merchant's order,
 * only categories with at least one (spec §2: navigation shows only those).
 */
export async function gameMenus(db: Db, merchantId: string): Promise<VendorGroup[]> {
  const rows = await repo.menuRows(db, merchantId);
  const groups = new Map<GameType, { cards: Map<string, GameVendor>; classify: Set<string> }>();
  for (const row of rows) {
    let group = groups.get(row.game_type);
    if (!group) {
      group = { cards: new Map(), classify: new Set() };
      groups.set(row.game_type, group);
    }
    if (row.classify) group.classify.add(row.classify);
    const card = group.cards.get(row.vendor);
    if (card) card.gameCount += row.games;
    else group.cards.set(row.vendor, vendorView(row.vendor, row, row.games));
  }
  return GAME_TYPES.flatMap((title) => {
    const group = groups.get(title);
    if (!group) return [];
    return [{ title, cards: [...group.cards.values()], gameClassify: [...group.classify].sort() }];
  });
}

export async function gameList(
  db: Db,
  merchantId: string,
  query: GameListQuery,
  language: Language,
): Promise<GameListResponse> {
  const filter: repo.GameFilter = {
    gameType: query.gameType,
    vendor: query.vassalage,
    classify: query.gameClassify,
    name: query.gameName ? { text: query.gameName, language } : undefined,
    maxMinBetMinor: query.minBet,
    minLineNum: query.minLineNum,
  };
  const [total, rows] = await Promise.all([
    repo.countGames(db, merchantId, filter),
    repo.findGames(db, merchantId, filter, query.pageSize, offsetOf(query)),
  ]);
  const { list, ...page } = pageOf(
    rows.map((row) => gameView(row, language)),
    total,
    query,
  );
  return { games: list, ...page };
}

export async function hotGames(
  db: Db,
  merchantId: string,
  filter: { vendor?: string; gameType?: GameType },
  language: Language,
): Promise<Game[]> {
  const rows = await repo.findGames(db, merchantId, { ...filter, hotOnly: true }, HOT_LIMIT, 0);
  return rows.map((row) => gameView(row, language));
}

export async function popularGames(
  db: Db,
  merchantId: string,
  now: Date,
  count: number,
  language: Language,
): Promise<Game[]> {
  const rows = await repo.popularGames(db, merchantId, repo.popularSince(now), count);
  return rows.map((row) => gameView(row, language));
}

export async function newVendors(db: Db, merchantId: string, count: number): Promise<GameVendor[]> {
  const rows = await repo.newestVendors(db, merchantId, count);
  return rows.map((row) => vendorView(row.code, row, row.games));
}

// ---------------------------------------------------------------- a member's games

export interface Player {
  merchantId: string;
  memberId: string;
}

export async function recentGames(
  db: Db,
  player: Player,
  query: PageQuery & { vassalage?: string },
  language: Language,
) {
  const [total, rows] = await Promise.all([
    repo.countRecent(db, player.merchantId, player.memberId, query.vassalage),
    repo.findRecent(db, player.merchantId, player.memberId, query.vassalage, query.pageSize, offsetOf(query)),
  ]);
  const list = rows.map((row) => ({
    ...gameView(row, language),
    lastPlayedAt: new Date(row.last_played_at).toISOString(),
  }));
  return pageOf(list, total, query);
}

export async function favouriteGames(
  db: Db,
  player: Player,
  query: PageQuery & { gameType?: GameType },
  language: Language,
) {
  const [total, rows] = await Promise.all([
    repo.countFavourites(db, player.merchantId, player.memberId, query.gameType),
    repo.findFavourites(
      db,
      player.merchantId,
      player.memberId,
      query.gameType,
      query.pageSize,
      offsetOf(query),
    ),
  ]);
  const { list, ...page } = pageOf(
    rows.map((row) => gameView(row, language)),
    total,
    query,
  );
  return { content: list, ...page };
}

/** Stars a game the player can see; the spec's gameType, when sent, must be the game's. */
export async function addFavourite(db: Db, player: Player, input: FavouriteGame, now: Date): Promise<void> {
  const row = await repo.findVisibleGame(db, player.merchantId, {
    vendor: input.vendor,
    nodeId: input.nodeId,
  });
  if (!row || (input.gameType && input.gameType !== row.game_type)) throw new AppError('GAME_NOT_FOUND');
  await repo.addFavourite(db, player.memberId, row.id, now);
}

export async function removeFavourite(db: Db, player: Player, input: FavouriteGame): Promise<void> {
  await repo.removeFavourite(db, player.memberId, input.vendor, input.nodeId);
}
