import {
  favouriteGame,
  favouritesQuery,
  favouritesValue,
  favouriteToggleValue,
  gameListQuery,
  gameListResponse,
  gameListValue,
  gameMenus as gameMenusSchema,
  hotGamesQuery,
  newVendorsQuery,
  newVendorsValue,
  popularGamesQuery,
  recentGamesQuery,
  recentGamesValue,
} from '@sorte/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { doc } from '../../platform/http/openapi.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { pickLanguage } from '../../platform/i18n/messages.ts';
import { requireMember } from '../auth/index.ts';
import { addBootPart, getMerchant } from '../system/index.ts';
import {
  addFavourite,
  favouriteGames,
  gameList,
  gameMenus,
  hotGames,
  type Language,
  newVendors,
  popularGames,
  recentGames,
  removeFavourite,
} from './catalog.service.ts';

const tags = ['games'];

/** The language names are shown and searched in: the request's `language`, else the headers. */
export function languageOf(request: FastifyRequest, explicit?: Language): Language {
  return explicit ?? pickLanguage(request.headers);
}

export async function registerCatalogRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Inlined into every page too: the side menu, the phone's tab bar and the home's tiles are drawn
  // from it, and arriving after the first render it moved them (a layout shift on every first visit).
  addBootPart(app, 'gameMenus', async (merchantId) => ({ list: await gameMenus(ctx.db, merchantId) }));
  app.get(
    '/lgw/games/game_menus',
    {
      schema: doc({
        response: gameMenusSchema,
        summary:
          'Categories (title) with their enabled vendors (cards) in order; only categories with a vendor',
        tags,
      }),
    },
    async (request) => ({ success: true, value: { list: await gameMenus(ctx.db, getMerchant(request).id) } }),
  );
  app.get(
    '/lgw/games/game_list',
    {
      schema: doc({
        querystring: gameListQuery,
        response: gameListResponse,
        summary:
          'Game list: gameType, vassalage, gameClassify, gameName (searched in the request language), minBet (minor units: games a stake this size can join), minLineNum; 42 a page',
        tags,
      }),
    },
    async (request) => {
      const query = parseInput(gameListQuery, request.query);
      const value = await gameList(
        ctx.db,
        getMerchant(request).id,
        query,
        languageOf(request, query.language),
      );
      return { success: true, value };
    },
  );
  app.get(
    '/lgw/games/hot',
    {
      schema: doc({
        querystring: hotGamesQuery,
        response: gameListValue,
        summary: 'Hot games (of one vendor or category when given), at most 42',
        tags,
      }),
    },
    async (request) => {
      const query = parseInput(hotGamesQuery, request.query);
      const list = await hotGames(
        ctx.db,
        getMerchant(request).id,
        { vendor: query.vassalage, gameType: query.gameType },
        languageOf(request, query.language),
      );
      return { success: true, value: { list } };
    },
  );
  app.get(
    '/lgw/games/popular',
    {
      schema: doc({
        querystring: popularGamesQuery,
        response: gameListValue,
        summary: 'Most played games of the last 30 days (count, default 20)',
        tags,
      }),
    },
    async (request) => {
      const query = parseInput(popularGamesQuery, request.query);
      const list = await popularGames(
        ctx.db,
        getMerchant(request).id,
        ctx.clock.now(),
        query.count,
        languageOf(request, query.language),
      );
      return { success: true, value: { list } };
    },
  );
  app.get(
    '/lgw/games/new_vendors',
    {
      schema: doc({
        querystring: newVendorsQuery,
        response: newVendorsValue,
        summary: 'New game vendors, newest first',
        tags,
      }),
    },
    async (request) => {
      const query = parseInput(newVendorsQuery, request.query);
      return {
        success: true,
        value: { list: await newVendors(ctx.db, getMerchant(request).id, query.count) },
      };
    },
  );

  // A player's own games.
  app.get(
    '/wps/game/recent',
    {
      schema: doc({
        querystring: recentGamesQuery,
        response: recentGamesValue,
        summary: 'Your recently launched games, newest first (value.list, value.totalPages)',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId, merchantId } = await requireMember(request);
      const query = parseInput(recentGamesQuery, request.query);
      const value = await recentGames(
        ctx.db,
        { memberId, merchantId },
        query,
        languageOf(request, query.language),
      );
      return { success: true, value };
    },
  );
  app.get(
    '/wps/game/favorites',
    {
      schema: doc({
        querystring: favouritesQuery,
        response: favouritesValue,
        summary: 'Your favourite games, newest first (value.content, totalPages)',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId, merchantId } = await requireMember(request);
      const query = parseInput(favouritesQuery, request.query);
      const value = await favouriteGames(
        ctx.db,
        { memberId, merchantId },
        query,
        languageOf(request, query.language),
      );
      return { success: true, value };
    },
  );
  app.put(
    '/wps/game/favorites',
    {
      schema: doc({
        body: favouriteGame,
        response: favouriteToggleValue,
        summary: 'Add a favourite game (nodeId, vendor, gameType); adding twice is harmless',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId, merchantId } = await requireMember(request);
      const input = parseInput(favouriteGame, request.body);
      await addFavourite(ctx.db, { memberId, merchantId }, input, ctx.clock.now());
      return { success: true, value: { nodeId: input.nodeId, vendor: input.vendor, favourite: true } };
    },
  );
  app.delete(
    '/wps/game/favorites',
    {
      schema: doc({
        querystring: favouriteGame,
        response: favouriteToggleValue,
        summary: 'Remove a favourite game (query: nodeId, vendor, gameType)',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId, merchantId } = await requireMember(request);
      const input = parseInput(favouriteGame, request.query);
      await removeFavourite(ctx.db, { memberId, merchantId }, input);
      return { success: true, value: { nodeId: input.nodeId, vendor: input.vendor, favourite: false } };
    },
  );
}
