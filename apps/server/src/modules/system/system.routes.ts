import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  announcementsQuery,
  announcementsResponse,
  domainRouteResponse,
  helpCenterResponse,
  permissionResponse,
  registerSettingResponse,
  systemStatusResponse,
  whitelabelResponse,
} from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { doc } from '../../platform/http/openapi.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { requestLanguage } from '../../platform/i18n/messages.ts';
import { merchantFromRequest } from './system.hooks.ts';
import {
  announcements,
  getSystemStatusFor,
  helpCenter,
  permissionOf,
  whitelabelOf,
} from './system.service.ts';
import { localizeArt } from './system.art.ts';

const tags = ['system'];
/**
 * Brand art lives beside this file; the bundled server (dist/main.js) finds it in the source tree,
 * which ships with the build, so the SVGs need no copy step.
 */
const ASSETS_DIR =
  [new URL('./assets/', import.meta.url), new URL('../src/modules/system/assets/', import.meta.url)]
    .map((u) => fileURLToPath(u))
    .find((dir) => existsSync(dir)) ?? fileURLToPath(new URL('./assets/', import.meta.url));
const assetName = z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{1,64}\.svg$/) });
const assetQuery = z.object({ lang: z.enum(['en', 'pt-BR']).optional() });

const ok = <T>(value: T) => ({ success: true as const, value });

export async function registerSystemRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/wps/system/whitelabel',
    {
      schema: doc({
        tags,
        summary: 'Brand, theme, flags and banners of the merchant',
        response: whitelabelResponse,
      }),
    },
    async (request) => ok(whitelabelOf(merchantFromRequest(request))),
  );

  app.get(
    '/wps/system/status',
    {
      schema: doc({
        tags,
        summary: 'System status for the caller: 0 normal, 1 maintenance, 2 region restricted',
        response: systemStatusResponse,
      }),
    },
    async (request) => ok(await getSystemStatusFor(merchantFromRequest(request), request.ip)),
  );

  app.get(
    '/wps/system/setting/register',
    {
      schema: doc({
        tags,
        summary: 'Registration methods, field rules and countries',
        response: registerSettingResponse,
      }),
    },
    async (request) => ok(merchantFromRequest(request).context.registration),
  );

  app.get(
    '/wps/system/domainRoute',
    {
      schema: doc({
        tags,
        summary: "The merchant's domains and app resources",
        response: domainRouteResponse,
      }),
    },
    async (request) => {
      const snapshot = merchantFromRequest(request);
      return ok({ domainList: snapshot.domains, resources: whitelabelOf(snapshot).resources });
    },
  );

  app.get(
    '/wps/system/permission',
    {
      schema: doc({
        tags,
        summary: 'Start-up bundle: whitelabel, registration, resources, customer service, CDNs, location',
        response: permissionResponse,
      }),
    },
    async (request) => ok(await permissionOf(merchantFromRequest(request), request.ip)),
  );

  app.get(
    '/wps/system/helpCenter',
    {
      schema: doc({
        tags,
        summary: "Help centre entries in the caller's language",
        response: helpCenterResponse,
      }),
    },
    async (request) => ok(await helpCenter(ctx.db, merchantFromRequest(request), requestLanguage(request))),
  );

  app.get(
    '/wps/announcements',
    {
      schema: doc({
        tags,
        summary: 'Current announcements, paginated (9 per page by default)',
        querystring: announcementsQuery,
        response: announcementsResponse,
      }),
    },
    async (request) => {
      const q = parseInput(announcementsQuery, request.query);
      const language = requestLanguage(request, q.language);
      return ok(
        await announcements(ctx.db, merchantFromRequest(request), { ...q, language, now: ctx.clock.now() }),
      );
    },
  );

  // Brand art (logo, banners). Names are content-stable, so browsers may cache them for a day; `?lang=`
  // draws a banner's words in the reader's language (an <img> cannot send the site's language otherwise).
  app.get('/assets-brand/:file', { schema: { hide: true } }, async (request, reply) => {
    const { file } = parseInput(assetName, request.params);
    const { lang } = parseInput(assetQuery, request.query);
    const body = await readFile(`${ASSETS_DIR}${file}`, 'utf8').catch(() => null);
    if (body === null) throw new AppError('NOT_FOUND');
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(lang ? localizeArt(body, lang) : body);
  });
}
