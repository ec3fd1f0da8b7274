import { memberInfoResponse } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { doc } from '../../platform/http/openapi.ts';
import { findMemberById, markFirstLoginDone, toMemberInfo } from '../members/index.ts';
import { requireMember } from './sessions.service.ts';

/**
 * The signed-in member's own info. Served by auth, not members: these routes need the session guard,
 * and auth reads the member rows, so members (the lower module) imports nothing of auth.
 */
export async function registerMemberRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/wps/member/info',
    {
      schema: doc({
        response: memberInfoResponse,
        summary: 'Member info',
        tags: ['members'],
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId } = await requireMember(request);
      const member = await findMemberById(ctx.db, memberId);
      // The guard just read this member; a miss means it was deleted in between.
      if (!member) throw new AppError('UNAUTHENTICATED');
      return { success: true, value: toMemberInfo(member) };
    },
  );

  app.post(
    '/wps/member/first-login',
    {
      schema: doc({
        response: z.object({ done: z.boolean(), firstTime: z.boolean() }),
        summary: 'Mark the first-login action done',
        tags: ['members'],
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId } = await requireMember(request);
      const marked = await markFirstLoginDone(ctx.db, memberId, ctx.clock.now());
      return { success: true, value: { done: true, firstTime: marked } };
    },
  );
}
