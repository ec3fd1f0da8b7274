import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { emblemFor, tileSvg, vendorSvg } from './catalog.art.ts';
import { nameIn } from './catalog.service.ts';

const gameArtParams = z.object({
  vendor: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/),
  file: z.string().regex(/^[A-Za-z0-9_.-]{1,64}\.svg$/),
});
const vendorArtParams = z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{1,32}\.svg$/) });
const artQuery = z.object({ lang: z.enum(['pt-BR', 'en']).default('en') });

/** A day in browser and CDN caches: the art only changes when a game is renamed. */
const CACHE = 'public, max-age=86400';

/** Our generated tile and vendor art (catalog.art.ts) as SVG images. */
export async function registerArtRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/lgw/games/art/:vendor/:file',
    { schema: { summary: 'Tile art of a catalog game (SVG, our own design)', tags: ['games'] } },
    async (request, reply) => {
      const { vendor, file } = parseInput(gameArtParams, request.params);
      const { lang } = parseInput(artQuery, request.query);
      const game = await ctx.db
        .selectFrom('games as g')
        .innerJoin('game_vendors as v', 'v.code', 'g.vendor')
        .select(['g.code', 'g.names', 'g.classify', 'g.game_type', 'v.name as vendor_name'])
        .where('g.vendor', '=', vendor)
        .where('g.code', '=', file.slice(0, -4))
        .executeTakeFirst();
      if (!game) throw new AppError('NOT_FOUND');
      const svg = tileSvg({
        key: `${vendor}:${game.code}`,
        title: nameIn(game.names, lang),
        subtitle: game.vendor_name,
        emblem: emblemFor(game.code, game.classify, game.game_type),
      });
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', CACHE)
        .send(svg);
    },
  );
  app.get(
    '/lgw/games/vendor-art/:file',
    { schema: { summary: 'A vendor badge (SVG, our own design)', tags: ['games'] } },
    async (request, reply) => {
      const { file } = parseInput(vendorArtParams, request.params);
      const vendor = await ctx.db
        .selectFrom('game_vendors')
        .select(['code', 'name'])
        .where('code', '=', file.slice(0, -4))
        .executeTakeFirst();
      if (!vendor) throw new AppError('NOT_FOUND');
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', CACHE)
        .send(vendorSvg(vendor.code, vendor.name));
    },
  );
}
