import { launchGameQuery, launchGameV2Query, launchGameValue } from '@sorte/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { doc } from '../../platform/http/openapi.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { requireMember } from '../auth/index.ts';
import { getMerchant } from '../system/index.ts';
import { languageOf } from './catalog.routes.ts';
import { launchGame } from './launch.service.ts';

const tags = ['games'];

export async function registerLaunchRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const launch = async (request: FastifyRequest, schema: z.ZodType<z.infer<typeof launchGameQuery>>) => {
    const auth = await requireMember(request);
    const query = parseInput(schema, request.query);
    const merchant = getMerchant(request);
    const value = await launchGame(
      ctx,
      { ...auth, currency: merchant.currency },
      query,
      languageOf(request, query.language),
    );
    return { success: true, value };
  };
  app.get(
    '/wps/game/launchGame',
    {
      schema: doc({
        querystring: launchGameQuery,
        response: launchGameValue,
        summary:
          'Launch a game (gameId, or vassalage with nodeId or gameCode): game_url is /inhouse/<code> for in-house games, the vendor address otherwise. Trial accounts only where the vendor allows free play.',
        tags,
        auth: 'member',
      }),
    },
    (request) => launch(request, launchGameQuery),
  );
  app.get(
    '/wps/game/v2/launchGame',
    {
      schema: doc({
        querystring: launchGameV2Query,
        response: launchGameValue,
        summary:
          'Launch v2 (spec §7: gameId, nodeId, accountType, confirmTrans, vassalage, launchMode, platform, clientType, username, merchantCode, language) answering game_url. The session is the token header; a token in the query is not used, so it never has to be in a logged URL.',
        tags,
        auth: 'member',
      }),
    },
    (request) => launch(request, launchGameV2Query),
  );
}
