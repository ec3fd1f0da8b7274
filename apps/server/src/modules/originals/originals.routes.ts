import {
  fairnessState as fairnessStateSchema,
  rotateSeedsRequest,
  rotateSeedsResponse,
} from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { doc } from '../../platform/http/openapi.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { requireMember } from '../auth/index.ts';
import { fairnessState, rotateSeeds } from './originals.service.ts';

const tags = ['originals'];

export async function registerOriginalsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/wps/originals/fairness',
    {
      schema: doc({
        response: fairnessStateSchema,
        summary: 'The active seed pair: the hashed server seed, the client seed and the next nonce',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId, merchantId } = await requireMember(request);
      return { success: true, value: await fairnessState(ctx.db, { memberId, merchantId }) };
    },
  );
  app.post(
    '/wps/originals/fairness/rotate',
    {
      schema: doc({
        body: rotateSeedsRequest,
        response: rotateSeedsResponse,
        summary: 'Reveal the active server seed and start a new pair (optionally with your client seed)',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId, merchantId } = await requireMember(request);
      const { clientSeed } = parseInput(rotateSeedsRequest, request.body);
      const value = await rotateSeeds(ctx.db, { memberId, merchantId }, clientSeed, ctx.clock.now());
      return { success: true, value };
    },
  );
}
