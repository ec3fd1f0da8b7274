import { affiliateCheckResponse } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { doc } from '../../platform/http/openapi.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { getMerchant } from '../system/index.ts';
import { isAffiliateCodeValid } from './agents.service.ts';

const affiliateQuery = z.object({
  code: z.string().trim().min(1).max(32),
  domain: z.string().max(255).optional(),
});

export async function registerAgentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/wps/agent/affiliate',
    {
      schema: doc({
        querystring: affiliateQuery,
        response: affiliateCheckResponse,
        summary: 'Check an affiliate (invitation) code',
        tags: ['agents'],
      }),
    },
    async (request) => {
      const { code } = parseInput(affiliateQuery, request.query);
      const valid = await isAffiliateCodeValid(ctx, getMerchant(request).id, code);
      return { success: true, value: { valid, code } };
    },
  );
}
