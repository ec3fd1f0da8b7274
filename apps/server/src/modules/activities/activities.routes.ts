import multipart from '@fastify/multipart';
import {
  ACTIVITY_IMAGE_MAX_BYTES,
  ACTIVITY_IMAGES_MAX,
  activityApplication,
  activityApplicationPage,
  activityApplicationQuery,
  activityApplyFields,
  activityDecision,
  activityReviewItem,
  activityReviewPage,
  activityReviewQuery,
} from '@sorte/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { doc } from '../../platform/http/openapi.ts';
import { pageOf } from '../../platform/http/paging.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { objectStoreFor } from '../../platform/storage/index.ts';
import { requireMember, requireRealAccount } from '../auth/index.ts';
import { recordAudit, requireOperator } from '../backoffice/index.ts';
import * as activities from './activities.service.ts';

const tags = ['activities'];
const ok = <T>(value: T) => ({ success: true as const, value });
const id = z.coerce
  .number()
  .int()
  .min(1)
  .max(2 ** 53);
const idParams = z.object({ id });
const imageParams = z.object({
  id,
  position: z.coerce
    .number()
    .int()
    .min(0)
    .max(ACTIVITY_IMAGES_MAX - 1),
});

/**
 * Activity applications (spec §3, §5): the member applies with multipart/form-data (fields
 * `activityId`, `comment`; up to three files `images`), lists their applications and reads their own
 * images; operators (`promotions.review`) read the queue and the images and decide, audited. The
 * multipart parser lives in this plugin's scope only (file size, file count and part limits in
 * busboy, names kept with their paths so a path is refused rather than silently cut).
 */
export async function registerActivityRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const store = objectStoreFor(ctx.config);

  await app.register(async (scope) => {
    await scope.register(multipart, {
      preservePath: true,
      limits: {
        fileSize: ACTIVITY_IMAGE_MAX_BYTES,
        files: ACTIVITY_IMAGES_MAX,
        fields: 4,
        fieldSize: 2048,
        parts: ACTIVITY_IMAGES_MAX + 4,
        headerPairs: 20,
      },
    });
    scope.post(
      '/wps/member/activity/apply',
      {
        schema: doc({
          summary:
            'Apply to a promotion: multipart/form-data with activityId, comment (≤ 140 characters) and up to 3 PNG/JPG images of ≤ 5 MB each in `images`',
          response: activityApplication,
          tags,
          auth: 'member',
        }),
      },
      async (request) => {
        const auth = await requireRealAccount(request);
        const input = await readApplyForm(request);
        return ok(
          await activities.apply(
            ctx.db,
            store,
            { memberId: auth.memberId, merchantId: auth.merchantId },
            input,
            ctx.clock.now(),
          ),
        );
      },
    );
  });

  app.get(
    '/wps/member/activity/applications',
    {
      schema: doc({
        querystring: activityApplicationQuery,
        response: activityApplicationPage,
        summary: "The member's activity applications, newest first",
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const auth = await requireMember(request);
      const query = parseInput(activityApplicationQuery, request.query);
      const { list, total } = await activities.listOwn(ctx.db, auth.memberId, query);
      return ok(pageOf(list, total, query));
    },
  );

  app.get(
    '/wps/member/activity/applications/:id/images/:position',
    { schema: doc({ summary: "One of the member's own application images", tags, auth: 'member' }) },
    async (request, reply) => {
      const auth = await requireMember(request);
      const { id: applicationId, position } = parseInput(imageParams, request.params);
      const image = await activities.readImage(
        ctx.db,
        store,
        { memberId: auth.memberId },
        applicationId,
        position,
      );
      return sendImage(reply, image);
    },
  );

  const bo = { tags: ['backoffice', 'activities'], auth: 'backoffice' as const };

  app.get(
    '/bo/activity/applications',
    {
      schema: doc({
        querystring: activityReviewQuery,
        response: activityReviewPage,
        summary: 'The review queue: applications of one status (pending by default, oldest first)',
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'promotions.review');
      const query = parseInput(activityReviewQuery, request.query);
      const { list, total } = await activities.reviewQueue(ctx.db, operator.merchantId, query);
      return ok(pageOf(list, total, query));
    },
  );

  app.get(
    '/bo/activity/applications/:id/images/:position',
    { schema: doc({ summary: "An application's image, for review", ...bo }) },
    async (request, reply) => {
      const operator = await requireOperator(request, 'promotions.review');
      const { id: applicationId, position } = parseInput(imageParams, request.params);
      const image = await activities.readImage(
        ctx.db,
        store,
        { merchantId: operator.merchantId },
        applicationId,
        position,
      );
      return sendImage(reply, image);
    },
  );

  app.post(
    '/bo/activity/applications/:id/decision',
    {
      schema: doc({
        body: activityDecision,
        response: activityReviewItem,
        summary: 'Approve (with the reward, paid once through the ledger) or reject (with a reason)',
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'promotions.review');
      const { id: applicationId } = parseInput(idParams, request.params);
      const decision = parseInput(activityDecision, request.body);
      const application = await ctx.db.transaction().execute(async (trx) => {
        const decided = await activities.decide(trx, operator, applicationId, decision);
        await recordAudit(trx, {
          operator,
          action: `activity_application.${decision.decision}`,
          targetType: 'activity_application',
          targetId: String(applicationId),
          before: { status: decided.before },
          after: {
            status: decided.application.status,
            rewardMinor: decided.application.rewardMinor,
            currency: decided.application.currency,
          },
          reason: decision.decision === 'reject' ? decision.reason : null,
        });
        return decided.application;
      });
      return ok(application);
    },
  );
}

/** Stored bytes with their checked type, never sniffed by the browser, never cached by a proxy. */
function sendImage(reply: FastifyReply, image: { bytes: Buffer; contentType: string }) {
  return reply
    .header('content-type', image.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(image.bytes);
}

/** Reads the form: its two fields and up to three files in `images`; busboy's limits become our codes. */
async function readApplyForm(request: FastifyRequest): Promise<activities.ApplyInput> {
  if (!request.isMultipart()) throw new AppError('ACTIVITY_FORM_INVALID');
  const fields: Record<string, string> = {};
  const files: activities.UploadedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== 'images') throw new AppError('ACTIVITY_FORM_INVALID');
        files.push({ fileName: part.filename, bytes });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('ACTIVITY_IMAGE_TOO_LARGE', { image: files.length });
    if (code === 'FST_FILES_LIMIT') throw new AppError('ACTIVITY_TOO_MANY_IMAGES');
    throw new AppError('ACTIVITY_FORM_INVALID');
  }
  const parsed = parseInput(activityApplyFields, fields);
  return { activityId: parsed.activityId, comment: parsed.comment, files };
}
