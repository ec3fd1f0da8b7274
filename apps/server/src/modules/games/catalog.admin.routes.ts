import {
  boGameUpdate,
  boGamesQuery,
  boGamesValue,
  boGameVendors,
  boGameVendor,
  boVendorUpdate,
} from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { doc } from '../../platform/http/openapi.ts';
import { pageOf } from '../../platform/http/paging.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { pickLanguage } from '../../platform/i18n/messages.ts';
import { requireOperator } from '../backoffice/index.ts';
import { gamesForOperator, updateGame, updateVendor, vendorsForOperator } from './catalog.admin.ts';

const tags = ['backoffice'];
const vendorParams = z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/) });
const gameParams = z.object({ gameId: z.string().regex(/^[1-9][0-9]{0,17}$/) });
const gameSetting = z.object({ gameId: z.number().int(), enabled: z.boolean(), sortOrder: z.number().int() });

/** The operators' catalog: which vendors and games the merchant offers, in which order. */
export async function registerCatalogAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/bo/games/vendors',
    {
      schema: doc({
        response: boGameVendors,
        summary: 'Every catalog vendor with this merchant’s switch and order',
        tags,
        auth: 'backoffice',
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'merchant.config');
      return { success: true, value: { list: await vendorsForOperator(ctx.db, operator.merchantId) } };
    },
  );
  app.patch(
    '/bo/games/vendors/:code',
    {
      schema: doc({
        body: boVendorUpdate,
        response: boGameVendor,
        summary: 'Switch a vendor on or off for this merchant, or move it (sortOrder, lower first)',
        tags,
        auth: 'backoffice',
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'merchant.config');
      const { code } = parseInput(vendorParams, request.params);
      const change = parseInput(boVendorUpdate, request.body);
      return { success: true, value: await updateVendor(ctx.db, operator, code, change, ctx.clock.now()) };
    },
  );
  app.get(
    '/bo/games/list',
    {
      schema: doc({
        querystring: boGamesQuery,
        response: boGamesValue,
        summary: 'Catalog games (of one vendor when given) with this merchant’s switch and order',
        tags,
        auth: 'backoffice',
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'merchant.config');
      const query = parseInput(boGamesQuery, request.query);
      const { list, total } = await gamesForOperator(
        ctx.db,
        operator.merchantId,
        query,
        pickLanguage(request.headers),
      );
      return { success: true, value: pageOf(list, total, query) };
    },
  );
  app.patch(
    '/bo/games/:gameId',
    {
      schema: doc({
        body: boGameUpdate,
        response: gameSetting,
        summary: 'Switch a game on or off for this merchant, or move it within its vendor (sortOrder)',
        tags,
        auth: 'backoffice',
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'merchant.config');
      const { gameId } = parseInput(gameParams, request.params);
      const change = parseInput(boGameUpdate, request.body);
      return {
        success: true,
        value: await updateGame(ctx.db, operator, BigInt(gameId), change, ctx.clock.now()),
      };
    },
  );
}
