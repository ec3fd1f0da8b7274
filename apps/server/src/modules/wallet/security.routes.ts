import { profilePatch, securityOverview as securityOverviewSchema } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { doc } from '../../platform/http/openapi.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { requireMember } from '../auth/index.ts';
import { securityOverview, updateProfile } from './security.service.ts';

/** The member centre's security page and the profile fields a member may edit. */
export async function registerSecurityRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/wps/member/security',
    {
      schema: doc({
        response: securityOverviewSchema,
        summary:
          'Security centre: masked contacts, real name, withdrawal password, payout accounts, recent sign-ins',
        tags: ['members'],
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId, merchantId } = await requireMember(request);
      return { success: true, value: await securityOverview(ctx.db, { memberId, merchantId }) };
    },
  );

  app.patch(
    '/wps/member/profile',
    {
      schema: doc({
        body: profilePatch,
        response: securityOverviewSchema,
        summary: 'Edit the nickname; set the real name while it is still empty',
        tags: ['members'],
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId, merchantId } = await requireMember(request);
      const patch = parseInput(profilePatch, request.body);
      await updateProfile(ctx.db, { memberId, merchantId }, patch);
      return { success: true, value: await securityOverview(ctx.db, { memberId, merchantId }) };
    },
  );
}
