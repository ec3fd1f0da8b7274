import { z } from 'zod';
import { MAX_PAGE_SIZE, pageQuery, paged } from './common.ts';
import { GAME_TYPES } from './game-types.ts';

/**
 * The game catalog (spec §3 'Game', 'Vendor group', 'Game list request', 'Recent games request',
 * 'Favourite game'; §7 game menus, list, hot, popular, recent, favourites, new vendors) and game
 * launch (§2 'Game launch rules', §7 launchGame and launch v2). Field names are the spec's.
 */

export { GAME_TYPES };
export const gameType = z.enum(GAME_TYPES);
export type GameType = z.infer<typeof gameType>;

/** How a vendor's games open: in-app route, seamless-wallet vendor, or a transfer-wallet vendor. */
export const LAUNCH_KINDS = ['inhouse', 'seamless', 'transfer'] as const;
export const launchKind = z.enum(LAUNCH_KINDS);
export type LaunchKind = z.infer<typeof launchKind>;

/** Spec §9: lobby page size 42, page 1. */
export const LOBBY_PAGE_SIZE = 42;
export const POPULAR_COUNT = 20;

export const vendorCode = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/);
export const gameCodeSchema = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/);
const nodeId = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/);
const gameIdParam = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
/** Optional request noise the spec's client sends (clientType, platform…): bounded, otherwise ignored. */
const token = z.string().max(64).optional();

/** A vendor (vassalage) as the lobbies and menus show it. */
export const gameVendor = z.object({
  vendor: vendorCode,
  name: z.string(),
  iconUrl: z.string(),
  /** The vendor's home category. */
  category: gameType,
  /** The spec's VASSALAGE flag: its games open from a popup game list. */
  popupList: z.boolean(),
  /** Trial (free play) accounts may launch its games. */
  freePlay: z.boolean(),
  launchKind,
  /** Enabled games of this vendor in the group's category. */
  gameCount: z.number().int(),
});
export type GameVendor = z.infer<typeof gameVendor>;

/** Spec 'Vendor group': a category (title) with its enabled vendors (cards) in the merchant's order. */
export const vendorGroup = z.object({
  title: gameType,
  cards: z.array(gameVendor),
  /** The classify values its games use, for the lobby filter. */
  gameClassify: z.array(z.string()),
});
export type VendorGroup = z.infer<typeof vendorGroup>;
export const gameMenus = z.object({ list: z.array(vendorGroup) });
export type GameMenus = z.infer<typeof gameMenus>;

/** Spec 'Game'. Money in integer minor units of the merchant's currency. */
export const game = z.object({
  gameId: z.number().int(),
  nodeId: z.string(),
  code: z.string(),
  gameCode: z.string(),
  vendor: z.string(),
  vassalage: z.string(),
  vendorName: z.string(),
  gameType,
  gameName: z.string(),
  smallIcon: z.string(),
  isHot: z.boolean(),
  isGame: z.boolean(),
  gameClassify: z.string().nullable(),
  minBetMinor: z.number().int().nullable(),
  lineNum: z.number().int().nullable(),
  defaultPlayType: z.string().nullable(),
  launchKind,
  popupList: z.boolean(),
  freePlay: z.boolean(),
});
export type Game = z.infer<typeof game>;

const languageParam = z.enum(['pt-BR', 'en']).optional();

/** Spec 'Game list request' (GET /lgw/games/game_list). minBet is in minor units. */
export const gameListQuery = pageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(LOBBY_PAGE_SIZE),
  gameType: gameType.optional(),
  vassalage: vendorCode.optional(),
  gameClassify: z
    .string()
    .regex(/^[a-z0-9_-]{1,32}$/)
    .optional(),
  gameName: z.string().trim().max(64).optional(),
  minBet: z.coerce.number().int().min(0).max(1e12).optional(),
  minLineNum: z.coerce.number().int().min(0).max(10_000).optional(),
  language: languageParam,
  clientType: token,
  platform: token,
  channel: token,
  merchant: token,
});
export type GameListQuery = z.infer<typeof gameListQuery>;
/** Response: games and totalPages (spec), plus the usual paging fields. */
export const gameListResponse = z.object({
  games: z.array(game),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type GameListResponse = z.infer<typeof gameListResponse>;

/** Hot games (spec: merchantCode, isPlatform 2, vassalage, platform, language; value.list). */
export const hotGamesQuery = z.object({
  vassalage: vendorCode.optional(),
  gameType: gameType.optional(),
  language: languageParam,
  merchantCode: token,
  isPlatform: token,
  platform: token,
});
export const gameListValue = z.object({ list: z.array(game) });

/** GET /lgw/games/popular (count 20, prizeMode, device, language): most played lately. */
export const popularGamesQuery = z.object({
  count: z.coerce.number().int().min(1).max(50).default(POPULAR_COUNT),
  language: languageParam,
  prizeMode: token,
  device: token,
});

/** New game vendors, newest first. */
export const newVendorsQuery = z.object({ count: z.coerce.number().int().min(1).max(20).default(10) });
export const newVendorsValue = z.object({ list: z.array(gameVendor) });

/** Spec 'Recent games request': clientType, vassalage, language; value.list and value.totalPages. */
export const recentGamesQuery = pageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(LOBBY_PAGE_SIZE),
  vassalage: vendorCode.optional(),
  language: languageParam,
  clientType: token,
});
export const recentGamesValue = paged(game.extend({ lastPlayedAt: z.string() }));

/** Spec 'Favourite game': nodeId, vendor, gameType (add: PUT body, remove: DELETE query). */
export const favouriteGame = z.object({ nodeId, vendor: vendorCode, gameType: gameType.optional() });
export type FavouriteGame = z.infer<typeof favouriteGame>;
/** Favourites list (clientType 3, platform, language, gameType); value.content and totalPages. */
export const favouritesQuery = pageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(LOBBY_PAGE_SIZE),
  gameType: gameType.optional(),
  language: languageParam,
  clientType: token,
  platform: token,
});
export const favouritesValue = z.object({
  content: z.array(game),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export const favouriteToggleValue = z.object({
  nodeId: z.string(),
  vendor: z.string(),
  favourite: z.boolean(),
});

/**
 * GET /wps/game/launchGame: a game by gameId, or by vendor (vassalage) and nodeId or gameCode.
 * The session token travels in the `token` header only, never in a URL that lands in access logs.
 */
export const launchGameQuery = z.object({
  gameId: gameIdParam.optional(),
  nodeId: nodeId.optional(),
  vassalage: vendorCode.optional(),
  vendor: vendorCode.optional(),
  gameCode: gameCodeSchema.optional(),
  language: languageParam,
});
/** Launch v2 (spec §7): gameId, nodeId, accountType 1, confirmTrans 0, vassalage, launchMode 'GLS', … */
export const launchGameV2Query = launchGameQuery.extend({
  accountType: token,
  confirmTrans: token,
  launchMode: token,
  platform: token,
  clientType: token,
  username: token,
  token: z.string().max(128).optional(),
  merchantCode: token,
});
export type LaunchGameQuery = z.infer<typeof launchGameQuery>;
/**
 * game_url: an in-app path (`/inhouse/<code>`) for in-house games, an absolute vendor URL otherwise;
 * game_url2 is the spec's alternative address (unused: null).
 */
export const launchGameValue = z.object({
  game_url: z.string(),
  game_url2: z.string().nullable(),
  gameId: z.number().int(),
  nodeId: z.string(),
  vendor: z.string(),
  gameCode: z.string(),
  /** The game's name in the request language (for the /game bar). */
  gameName: z.string(),
  gameType,
  launchKind,
});
export type LaunchGameValue = z.infer<typeof launchGameValue>;

// ---------------------------------------------------------------- back office

/** One vendor with this merchant's switch and order. */
export const boGameVendor = gameVendor.extend({ enabled: z.boolean(), sortOrder: z.number().int() });
export const boGameVendors = z.object({ list: z.array(boGameVendor) });
export const boVendorUpdate = z
  .object({
    enabled: z.boolean().optional(),
    sortOrder: z.number().int().min(-100_000).max(100_000).optional(),
  })
  .refine((v) => v.enabled !== undefined || v.sortOrder !== undefined, 'nothing to change');
export const boGamesQuery = pageQuery.extend({ vendor: vendorCode.optional() });
/** A catalog game with this merchant's switch and order; minBetMinor is in the merchant's currency. */
export const boGame = game.extend({
  enabled: z.boolean(),
  sortOrder: z.number().int(),
  currency: z.string(),
});
export const boGamesValue = paged(boGame);
export const boGameUpdate = boVendorUpdate;
export type BoGameVendor = z.infer<typeof boGameVendor>;
export type BoGame = z.infer<typeof boGame>;
