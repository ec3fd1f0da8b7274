import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { sql } from 'kysely';
import { agentsModule } from './modules/agents/index.ts';
import { backofficeModule } from './modules/backoffice/index.ts';
import { authModule } from './modules/auth/index.ts';
import { gamesModule } from './modules/games/index.ts';
import { ledgerModule } from './modules/ledger/index.ts';
import { crashModule } from './modules/crash/index.ts';
import { lotteryModule } from './modules/lottery/index.ts';
import { recordsModule } from './modules/records/index.ts';
import { pointsModule } from './modules/points/index.ts';
import { rebatesModule } from './modules/rebates/index.ts';
import { rewardsModule } from './modules/rewards/index.ts';
import { sportsbookModule } from './modules/sportsbook/index.ts';
import { activitiesModule } from './modules/activities/index.ts';
import { abuseModule } from './modules/abuse/index.ts';
import { bonusesModule } from './modules/bonuses/index.ts';
import { promotionsModule } from './modules/promotions/index.ts';
import { originalsModule } from './modules/originals/index.ts';
import { realtimeModule } from './modules/realtime/index.ts';
import { messagingModule } from './modules/messaging/index.ts';
import { bootDataFor, systemModule } from './modules/system/index.ts';
import { walletModule } from './modules/wallet/index.ts';
import type { AppContext, ServerModule } from './platform/context.ts';
import {
  clientErrorHandler,
  frameworkErrors,
  installErrorHandling,
  sendError,
} from './platform/http/error-handler.ts';
import { installInputGuard } from './platform/http/input-guard.ts';
import { stringify } from './platform/http/json.ts';
import { installSecurityHeaders } from './platform/http/security-headers.ts';
import { lazyRequestLoggers } from './platform/logging/request-logger.ts';
import { renderIndexHtml } from './web-shell.ts';
import { registerTestClock } from './platform/test-clock.routes.ts';

/** Registration order matters: system resolves the merchant that every later module reads. */
export const MODULES: ServerModule[] = [
  systemModule,
  agentsModule,
  authModule,
  messagingModule,
  ledgerModule,
  walletModule,
  backofficeModule,
  gamesModule,
  originalsModule,
  crashModule,
  lotteryModule,
  recordsModule,
  pointsModule,
  rebatesModule,
  rewardsModule,
  sportsbookModule,
  promotionsModule,
  activitiesModule,
  abuseModule,
  bonusesModule,
  realtimeModule,
];

/** Every route the app registered, for the bad-input sweep and diagnostics. */
export interface RouteSummary {
  method: string;
  url: string;
}
declare module 'fastify' {
  interface FastifyInstance {
    routeSummaries: RouteSummary[];
  }
}

const API_PREFIXES = ['/wps/', '/lgw/', '/bo/', '/providers/', '/docs', '/dev/', '/healthz', '/readyz'];

export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log as FastifyBaseLogger,
    // A request's pino child is made only when the request writes a line (request-logger.ts).
    childLoggerFactory: lazyRequestLoggers,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: ctx.config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    // Refusals made before routing, and those of Node's HTTP parser, answer in the envelope too.
    frameworkErrors,
    clientErrorHandler,
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  // zod validates in the handlers (parseInput); route schemas only document the API.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(() => (data) => stringify(data));
  installErrorHandling(app);
  // First of the request hooks, so that a refusal by the guard or a module's hook carries them too.
  await installSecurityHeaders(app);
  installInputGuard(app);
  const routes: RouteSummary[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  app.decorate('routeSummaries', routes);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Sorte API',
        version: '0.1.0',
        description:
          'Player, operator and provider API. Envelope: {success, value} or {success:false, code, message, details}.',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'token' },
          operatorKey: { type: 'apiKey', in: 'header', name: 'x-operator-key' },
          boToken: { type: 'apiKey', in: 'header', name: 'bo-token' },
        },
      },
    },
  });
  // The document still exists (app.swagger()); only its public UI and JSON under /docs are gated: in
  // production it maps every route for a visitor, so it is served there only with OPENAPI_DOCS=true.
  if (ctx.config.openapiDocs) await app.register(swaggerUi, { routePrefix: '/docs' });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ success: true, value: { status: 'ok' } }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await sql`select 1`.execute(ctx.db);
      return { success: true, value: { status: 'ready' } };
    } catch {
      return sendError(request, reply, 'INTERNAL', 503);
    }
  });

  registerTestClock(app, ctx);

  for (const module of MODULES) await module.register(app, ctx);
  await serveWebApp(app, ctx);
  return app;
}

/**
 * Serves the built SPA when there is one; unknown non-API GETs get index.html so history-mode routes
 * work on reload. Everything else unknown is a NOT_FOUND envelope.
 */
async function serveWebApp(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const root = resolve(ctx.config.WEB_DIST);
  const indexFile = resolve(root, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  // Each page carries its merchant's boot data (and the caller's status), so it is never cached as-is.
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const boot = await bootDataFor(app, request);
    const pathname = request.url.split('?', 1)[0] ?? '/';
    return reply
      .type('text/html')
      .header('cache-control', 'no-cache')
      .send(renderIndexHtml(indexHtml ?? '', boot, pathname));
  };
  if (indexHtml) {
    // Hashed asset names change with their content, so they may be cached for good.
    await app.register(fastifyStatic, {
      root,
      index: false,
      maxAge: '365d',
      immutable: true,
      // The web build writes .br/.gz beside each asset; the smallest the browser accepts is sent.
      preCompressed: true,
    });
    // The folder itself would answer 403, and the built index.html must not go out raw with the assets'
    // year-long cache: both are the SPA page. (/register.html and the like reach the not-found handler.)
    for (const path of ['/', '/index.html']) {
      app.get(path, { schema: { hide: true } }, (request, reply) => sendIndex(request, reply));
    }
  }
  const sendBackoffice = await serveBackoffice(app, root);
  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((p) => request.url.startsWith(p));
    // A missing file (an old hashed chunk after a deploy) must 404, or the browser would parse HTML as JS
    // and the route's chunk-retry could never see the failure. Spec routes such as /register.html are pages.
    const pathname = request.url.split('?', 1)[0] ?? '';
    const isFile = /\.[a-z0-9]+$/i.test(pathname) && !pathname.endsWith('.html');
    if (sendBackoffice && request.method === 'GET' && !isFile && pathname.startsWith(BACKOFFICE_PREFIX)) {
      return sendBackoffice(reply);
    }
    if (indexHtml && request.method === 'GET' && !isApi && !isFile) {
      return sendIndex(request, reply);
    }
    return sendError(request, reply, 'NOT_FOUND', 404);
  });
}

const BACKOFFICE_PREFIX = '/backoffice/';

/**
 * The operators' back office (apps/backoffice, built beside the web app) under /backoffice/: hashed
 * assets cached for good, its index.html never cached, and every other page path gets that index
 * (history-mode routes). Returns the index sender for the not-found handler, or null when not built.
 */
async function serveBackoffice(
  app: FastifyInstance,
  webRoot: string,
): Promise<((reply: FastifyReply) => FastifyReply) | null> {
  const root = resolve(webRoot, '..', '..', 'backoffice', 'dist');
  const indexFile = resolve(root, 'index.html');
  if (!existsSync(indexFile)) return null;
  const indexHtml = readFileSync(indexFile, 'utf8');
  const sendIndex = (reply: FastifyReply) =>
    reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml);
  await app.register(fastifyStatic, {
    root,
    prefix: BACKOFFICE_PREFIX,
    index: false,
    maxAge: '365d',
    immutable: true,
    decorateReply: false,
  });
  for (const path of ['/backoffice', BACKOFFICE_PREFIX, `${BACKOFFICE_PREFIX}index.html`]) {
    app.get(path, { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  }
  return sendIndex;
}
