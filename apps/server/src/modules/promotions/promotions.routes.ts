import multipart from '@fastify/multipart';
import {
  operatorPromotion,
  operatorPromotionList,
  operatorPromotionQuery,
  PROMOTION_IMAGE_MAX_BYTES,
  promotionCardList,
  promotionDetail,
  promotionImage,
  promotionInput,
  promotionListQuery,
  promotionPreview,
  promotionPreviewRequest,
  promotionSettings,
  promotionSettingsUpdate,
  promotionStatusChange,
} from '@sorte/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { doc } from '../../platform/http/openapi.ts';
import { numericIdParams, parseInput } from '../../platform/http/validate.ts';
import { objectStoreFor } from '../../platform/storage/index.ts';
import type { UploadedFile } from '../../platform/storage/upload-check.ts';
import { requireMember } from '../auth/index.ts';
import { recordAudit, requireOperator } from '../backoffice/index.ts';
import { getMerchant } from '../system/index.ts';
import { sanitizeRichText } from './promotions.sanitize.ts';
import * as promotions from './promotions.service.ts';

const tags = ['promotions'];
const ok = <T>(value: T) => ({ success: true as const, value });
const idParams = numericIdParams;
const imageParams = z.object({ id: z.string().uuid() });

/**
 * The viewer of a public promotion route: the signed-in member when the request carries a live
 * session, otherwise a visitor (an expired or foreign token shows what a visitor sees, not an error).
 */
async function viewerOf(request: FastifyRequest): Promise<promotions.Viewer> {
  const merchantId = getMerchant(request).id;
  if (!request.headers.token) return { merchantId, memberId: null };
  try {
    const auth = await requireMember(request);
    return { merchantId, memberId: auth.memberId };
  } catch (error) {
    if (error instanceof AppError) return { merchantId, memberId: null };
    throw error;
  }
}

/**
 * Promotions (issue 17 item 1): the site's list and detail, shown by audience on the server (a
 * visitor sees the `all` and `new_players` ones), and the pictures; operators (`merchant.config`,
 * every change audited in its transaction) list, create, edit, publish and archive, upload pictures,
 * preview a body as it would be stored, and set the merchant's bonus switch.
 */
export async function registerPromotionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const store = objectStoreFor(ctx.config);

  app.get(
    '/wps/promotions',
    {
      schema: doc({
        querystring: promotionListQuery,
        response: promotionCardList,
        summary: "The promotions shown to the caller (a visitor, or the signed-in member's audience)",
        tags,
      }),
    },
    async (request, reply) => {
      const query = parseInput(promotionListQuery, request.query);
      const viewer = await viewerOf(request);
      reply.header('cache-control', 'private, no-store');
      const now = ctx.clock.now();
      const list = await promotions.listShown(ctx.db, viewer, now, query.placement);
      return ok({ list, serverTime: now.toISOString() });
    },
  );

  app.get(
    '/wps/promotions/:id',
    {
      schema: doc({
        response: promotionDetail,
        summary: 'One promotion shown to the caller, with its body (404 when it is not shown to them)',
        tags,
      }),
    },
    async (request, reply) => {
      const { id } = parseInput(idParams, request.params);
      const viewer = await viewerOf(request);
      reply.header('cache-control', 'private, no-store');
      return ok(await promotions.findShown(ctx.db, viewer, id, ctx.clock.now()));
    },
  );

  app.get(
    '/wps/promotions/images/:id',
    { schema: doc({ summary: "A promotion's picture (cover or body image)", tags }) },
    async (request, reply) => {
      const { id } = parseInput(imageParams, request.params);
      const image = await promotions.readImage(ctx.db, store, getMerchant(request).id, id);
      return reply
        .header('content-type', image.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(image.bytes);
    },
  );

  const bo = { tags: ['backoffice', 'promotions'], auth: 'backoffice' as const };

  app.get(
    '/bo/promotions',
    {
      schema: doc({
        querystring: operatorPromotionQuery,
        response: operatorPromotionList,
        summary: "The merchant's promotions, every status (or one), in display order",
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'merchant.config');
      const { status } = parseInput(operatorPromotionQuery, request.query);
      return ok({ list: await promotions.operatorList(ctx.db, operator.merchantId, status) });
    },
  );

  app.get(
    '/bo/promotions/settings',
    {
      schema: doc({
        response: promotionSettings,
        summary: "The merchant's bonus switch and its rule for withdrawals with an active bonus",
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'merchant.config');
      return ok(await promotions.promotionSettings(ctx.db, operator.merchantId));
    },
  );

  app.put(
    '/bo/promotions/settings',
    {
      schema: doc({
        body: promotionSettingsUpdate,
        response: promotionSettings,
        summary:
          'Turn bonuses on or off (off: no deposit bonus, reload or cashback promotion is shown); set the withdrawal rule while a bonus is active (forfeit or block)',
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'merchant.config');
      const input = parseInput(promotionSettingsUpdate, request.body);
      const after = await ctx.db.transaction().execute(async (trx) => {
        const changed = await promotions.updatePromotionSettings(trx, operator.merchantId, input);
        await recordAudit(trx, {
          operator,
          action: 'promotion_settings.update',
          targetType: 'merchant',
          targetId: operator.merchantCode,
          before: changed.before,
          after: changed.after,
        });
        return changed.after;
      });
      return ok(after);
    },
  );

  app.get(
    '/bo/promotions/:id',
    { schema: doc({ response: operatorPromotion, summary: 'One promotion, any status', ...bo }) },
    async (request) => {
      const operator = await requireOperator(request, 'merchant.config');
      const { id } = parseInput(idParams, request.params);
      return ok(await promotions.operatorFind(ctx.db, operator.merchantId, id));
    },
  );

  app.post(
    '/bo/promotions',
    {
      schema: doc({
        body: promotionInput,
        response: operatorPromotion,
        summary: 'Create a promotion (a draft; its body is sanitized)',
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'merchant.config');
      const input = parseInput(promotionInput, request.body);
      const created = await ctx.db.transaction().execute(async (trx) => {
        const promotion = await promotions.createPromotion(trx, operator.merchantId, input);
        await recordAudit(trx, {
          operator,
          action: 'promotion.create',
          targetType: 'promotion',
          targetId: String(promotion.id),
          after: promotion,
        });
        return promotion;
      });
      return ok(created);
    },
  );

  app.put(
    '/bo/promotions/:id',
    {
      schema: doc({
        body: promotionInput,
        response: operatorPromotion,
        summary: 'Replace a promotion (everything but its status; the body is sanitized)',
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'merchant.config');
      const { id } = parseInput(idParams, request.params);
      const input = parseInput(promotionInput, request.body);
      const updated = await ctx.db.transaction().execute(async (trx) => {
        const change = await promotions.updatePromotion(trx, operator.merchantId, id, input);
        await recordAudit(trx, {
          operator,
          action: 'promotion.update',
          targetType: 'promotion',
          targetId: String(id),
          before: change.before,
          after: change.after,
        });
        return change.after;
      });
      return ok(updated);
    },
  );

  app.post(
    '/bo/promotions/:id/status',
    {
      schema: doc({
        body: promotionStatusChange,
        response: operatorPromotion,
        summary: 'Publish, archive or return a promotion to draft',
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'merchant.config');
      const { id } = parseInput(idParams, request.params);
      const { status } = parseInput(promotionStatusChange, request.body);
      const after = await ctx.db.transaction().execute(async (trx) => {
        const change = await promotions.setStatus(trx, operator.merchantId, id, status);
        await recordAudit(trx, {
          operator,
          action: `promotion.${status === 'published' ? 'publish' : status === 'archived' ? 'archive' : 'unpublish'}`,
          targetType: 'promotion',
          targetId: String(id),
          before: { status: change.before },
          after: { status },
        });
        return change.after;
      });
      return ok(after);
    },
  );

  app.post(
    '/bo/promotions/preview',
    {
      schema: doc({
        body: promotionPreviewRequest,
        response: promotionPreview,
        summary: 'A body as it would be stored: sanitized, nothing written',
        ...bo,
      }),
    },
    async (request) => {
      await requireOperator(request, 'merchant.config');
      const { body } = parseInput(promotionPreviewRequest, request.body);
      return ok({ body: sanitizeRichText(body) });
    },
  );

  await app.register(async (scope) => {
    await scope.register(multipart, {
      preservePath: true,
      limits: { fileSize: PROMOTION_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 20 },
    });
    scope.post(
      '/bo/promotions/images',
      {
        schema: doc({
          response: promotionImage,
          summary:
            'Upload a picture (multipart/form-data, one PNG/JPG of ≤ 5 MB in `image`) for covers and bodies',
          ...bo,
        }),
      },
      async (request) => {
        const operator = await requireOperator(request, 'merchant.config');
        const file = await readOneImage(request);
        const image = await ctx.db.transaction().execute(async (trx) => {
          const stored = await promotions.uploadImage(trx, store, operator.merchantId, file);
          await recordAudit(trx, {
            operator,
            action: 'promotion_image.upload',
            targetType: 'promotion_image',
            targetId: stored.id,
            after: { width: stored.width, height: stored.height, bytes: file.bytes.length },
          });
          return stored;
        });
        return ok(image);
      },
    );
  });
}

/** The form's one file in `image`; busboy's size limit becomes the image code. */
async function readOneImage(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart()) throw new AppError('PROMOTION_UPLOAD_INVALID');
  let file: UploadedFile | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'image' || file)
        throw new AppError('PROMOTION_UPLOAD_INVALID');
      file = { fileName: part.filename, bytes: await part.toBuffer() };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('ACTIVITY_IMAGE_TOO_LARGE', { image: 0 });
    throw new AppError('PROMOTION_UPLOAD_INVALID');
  }
  if (!file) throw new AppError('PROMOTION_UPLOAD_INVALID');
  return file;
}
