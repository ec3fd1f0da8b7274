import {
  announcementParams,
  announcementPopupsQuery,
  announcementPopupsResponse,
  announcementSeenInput,
} from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { doc } from '../../platform/http/openapi.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { requestLanguage } from '../../platform/i18n/messages.ts';
import { requireMember } from '../auth/index.ts';
import { markAnnouncementSeenFor, popupAnnouncementsFor } from '../system/index.ts';

const tags = ['messaging'];

/**
 * Popup (PU) announcements: each opens once per player (remembered here, per version, so a changed
 * one opens again) or, for a visitor, once per browser (the site remembers what it showed).
 */
export async function registerMessagingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/wps/announcements/popups',
    {
      schema: doc({
        tags,
        summary:
          'Popup announcements in effect, in the caller’s language: for a signed-in member (token header) only those not yet seen at their version',
        querystring: announcementPopupsQuery,
        response: announcementPopupsResponse,
      }),
    },
    async (request) => {
      // A token that is sent must be valid: a lapsed session is told so rather than served as a visitor.
      const member = request.headers.token ? await requireMember(request) : null;
      const q = parseInput(announcementPopupsQuery, request.query);
      const list = await popupAnnouncementsFor(request, ctx.db, {
        memberId: member?.memberId ?? null,
        language: requestLanguage(request, q.language),
        now: ctx.clock.now(),
      });
      return { success: true, value: { list } };
    },
  );

  app.post(
    '/wps/announcements/:id/seen',
    {
      schema: doc({
        tags,
        summary:
          'The signed-in member saw this version of a popup announcement; it opens again only once changed',
        body: announcementSeenInput,
        response: z.object({ seen: z.literal(true) }),
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId } = await requireMember(request);
      const { id } = parseInput(announcementParams, request.params);
      const { version } = parseInput(announcementSeenInput, request.body);
      await markAnnouncementSeenFor(request, ctx.db, { memberId, id, version });
      return { success: true, value: { seen: true as const } };
    },
  );
}
