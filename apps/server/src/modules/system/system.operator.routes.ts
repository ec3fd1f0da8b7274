import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  operatorAnnouncementInput,
  operatorAnnouncementPatch,
  operatorBannerInput,
  operatorBannerPatch,
  operatorBrandPatch,
  operatorFieldRule,
  operatorFlagsPatch,
  operatorSecurityPatch,
  operatorStatusUpdate,
} from '@sorte/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { doc } from '../../platform/http/openapi.ts';
import { parseInput } from '../../platform/http/validate.ts';
import * as operator from './system.operator.service.ts';
import type { MerchantDirectory } from './system.service.ts';

const tags = ['operator'];
const merchantParams = z.object({ code: z.string().min(1).max(32) });
const fieldParams = merchantParams.extend({ field: z.string().min(1).max(64) });
const idParams = merchantParams.extend({ id: z.uuid() });
const ok = <T>(value: T) => ({ success: true as const, value });

/** The audit's "who": a short fingerprint of the key, never the key itself. */
export function operatorKeyId(key: string): string {
  return `key:${createHash('sha256').update(key).digest('hex').slice(0, 12)}`;
}

/**
 * The operator key in force: OPERATOR_API_KEY, or outside production a random key made at start and
 * printed to the log, so a developer can use the API without configuring anything. In production
 * without a key the operator API refuses every request.
 */
export function resolveOperatorKey(ctx: AppContext): string | null {
  if (ctx.config.OPERATOR_API_KEY) return ctx.config.OPERATOR_API_KEY;
  if (ctx.config.NODE_ENV === 'production') {
    ctx.log.warn('OPERATOR_API_KEY is not set: the operator API (/bo/merchants) is disabled');
    return null;
  }
  const key = randomBytes(24).toString('base64url');
  ctx.log.warn(
    `OPERATOR_API_KEY is not set: development operator key for this run is ${key} (send it as x-operator-key)`,
  );
  return key;
}

/** Compares digests so the comparison takes the same time whatever the length or content of the guess. */
function keyMatches(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Who an extra authenticator says is calling, and how their changes are also to be recorded. */
export interface OperatorApiIdentity {
  /** The "who" of the system's own operator audit. */
  actor: string;
  audit?: operator.OperatorChangeRecorder;
}

/**
 * Another way into the operator API besides the shared key: answers null when the request does not
 * carry its kind of credential (the key is then required), an identity when it does and is allowed for
 * this merchant, and throws when it carries one that is not. The back office registers one for operator
 * sessions, so this module needs no knowledge of operators (and the modules import in one direction).
 */
export type OperatorApiAuthenticator = (
  request: FastifyRequest,
  merchantCode: string,
) => Promise<OperatorApiIdentity | null>;

declare module 'fastify' {
  interface FastifyInstance {
    operatorApiAuthenticators: OperatorApiAuthenticator[];
  }
  interface FastifyRequest {
    /** Set when an extra authenticator let the request in: changes are recorded there too. */
    operatorAudit: operator.OperatorChangeRecorder | null;
  }
}

/** Adds an authenticator; call during registration (the list is read on every operator request). */
export function addOperatorApiAuthenticator(
  app: FastifyInstance,
  authenticator: OperatorApiAuthenticator,
): void {
  app.operatorApiAuthenticators.push(authenticator);
}

async function identify(request: FastifyRequest, key: string | null): Promise<void> {
  const { code } = (request.params ?? {}) as { code?: unknown };
  for (const extra of request.server.operatorApiAuthenticators) {
    const identity = await extra(request, typeof code === 'string' ? code : '');
    if (identity) {
      request.operatorKeyId = identity.actor;
      request.operatorAudit = identity.audit ?? null;
      return;
    }
  }
  request.operatorKeyId = authenticate(request, key);
}

/** The request's own deps: with the extra recorder of whoever authenticated it. */
function depsOf(request: FastifyRequest, deps: operator.OperatorDeps): operator.OperatorDeps {
  return request.operatorAudit ? { ...deps, audit: request.operatorAudit } : deps;
}

function authenticate(request: FastifyRequest, key: string | null): string {
  const raw = request.headers['x-operator-key'];
  const given = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !given || !keyMatches(given, key)) throw new AppError('OPERATOR_UNAUTHENTICATED');
  return operatorKeyId(given);
}

export async function registerOperatorRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  directory: MerchantDirectory,
): Promise<void> {
  const key = resolveOperatorKey(ctx);
  const deps: operator.OperatorDeps = { db: ctx.db, config: ctx.config, clock: ctx.clock, directory };
  if (!app.hasDecorator('operatorApiAuthenticators')) app.decorate('operatorApiAuthenticators', []);
  await app.register(async (bo) => {
    bo.decorateRequest('operatorKeyId', '');
    bo.decorateRequest('operatorAudit', null);
    bo.addHook('onRequest', async (request) => identify(request, key));
    registerConfigRoutes(bo, deps);
    registerContentRoutes(bo, deps);
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    operatorKeyId: string;
  }
}

function registerConfigRoutes(bo: FastifyInstance, deps: operator.OperatorDeps): void {
  const d = (summary: string, body?: z.ZodTypeAny) => ({
    schema: doc({ tags, summary, auth: 'operator', ...(body ? { body } : {}) }),
  });

  bo.get(
    '/bo/merchants/:code/config',
    d('Whole configuration of a merchant, with the latest audit entries'),
    async (request) => {
      const { code } = parseInput(merchantParams, request.params);
      return ok(await operator.merchantConfig(depsOf(request, deps), code));
    },
  );
  bo.patch(
    '/bo/merchants/:code/flags',
    d('Turn feature flags on or off (only the flags named)', operatorFlagsPatch),
    async (request) => {
      const { code } = parseInput(merchantParams, request.params);
      return ok(
        await operator.setFlags(
          depsOf(request, deps),
          code,
          request.operatorKeyId,
          parseInput(operatorFlagsPatch, request.body),
        ),
      );
    },
  );
  bo.put(
    '/bo/merchants/:code/registration-fields/:field',
    d('Change the validation rule of one registration field', operatorFieldRule),
    async (request) => {
      const { code, field } = parseInput(fieldParams, request.params);
      return ok(
        await operator.setFieldRule(
          depsOf(request, deps),
          code,
          request.operatorKeyId,
          field,
          parseInput(operatorFieldRule, request.body),
        ),
      );
    },
  );
  bo.patch(
    '/bo/merchants/:code/brand',
    d('Change brand, theme, currency, languages, domains, countries, links', operatorBrandPatch),
    async (request) => {
      const { code } = parseInput(merchantParams, request.params);
      return ok(
        await operator.setBrand(
          depsOf(request, deps),
          code,
          request.operatorKeyId,
          parseInput(operatorBrandPatch, request.body),
        ),
      );
    },
  );
  bo.put(
    '/bo/merchants/:code/status',
    d('Set maintenance and region restriction', operatorStatusUpdate),
    async (request) => {
      const { code } = parseInput(merchantParams, request.params);
      return ok(
        await operator.setStatus(
          depsOf(request, deps),
          code,
          request.operatorKeyId,
          parseInput(operatorStatusUpdate, request.body),
        ),
      );
    },
  );
  bo.patch(
    '/bo/merchants/:code/security',
    d('Change login, lockout, password and SMS limits', operatorSecurityPatch),
    async (request) => {
      const { code } = parseInput(merchantParams, request.params);
      return ok(
        await operator.setSecurity(
          depsOf(request, deps),
          code,
          request.operatorKeyId,
          parseInput(operatorSecurityPatch, request.body),
        ),
      );
    },
  );
}

function registerContentRoutes(bo: FastifyInstance, deps: operator.OperatorDeps): void {
  const d = (summary: string, body?: z.ZodTypeAny) => ({
    schema: doc({ tags, summary, auth: 'operator', ...(body ? { body } : {}) }),
  });

  bo.post('/bo/merchants/:code/banners', d('Add a banner', operatorBannerInput), async (request) => {
    const { code } = parseInput(merchantParams, request.params);
    return ok(
      await operator.createBanner(
        depsOf(request, deps),
        code,
        request.operatorKeyId,
        parseInput(operatorBannerInput, request.body),
      ),
    );
  });
  bo.put('/bo/merchants/:code/banners/:id', d('Change a banner', operatorBannerPatch), async (request) => {
    const { code, id } = parseInput(idParams, request.params);
    return ok(
      await operator.updateBanner(
        depsOf(request, deps),
        code,
        request.operatorKeyId,
        id,
        parseInput(operatorBannerPatch, request.body),
      ),
    );
  });
  bo.delete('/bo/merchants/:code/banners/:id', d('Delete a banner'), async (request) => {
    const { code, id } = parseInput(idParams, request.params);
    return ok(await operator.deleteBanner(depsOf(request, deps), code, request.operatorKeyId, id));
  });
  bo.post(
    '/bo/merchants/:code/announcements',
    d('Add an announcement', operatorAnnouncementInput),
    async (request) => {
      const { code } = parseInput(merchantParams, request.params);
      return ok(
        await operator.createAnnouncement(
          depsOf(request, deps),
          code,
          request.operatorKeyId,
          parseInput(operatorAnnouncementInput, request.body),
        ),
      );
    },
  );
  bo.put(
    '/bo/merchants/:code/announcements/:id',
    d('Change an announcement', operatorAnnouncementPatch),
    async (request) => {
      const { code, id } = parseInput(idParams, request.params);
      return ok(
        await operator.updateAnnouncement(
          depsOf(request, deps),
          code,
          request.operatorKeyId,
          id,
          parseInput(operatorAnnouncementPatch, request.body),
        ),
      );
    },
  );
  bo.delete('/bo/merchants/:code/announcements/:id', d('Delete an announcement'), async (request) => {
    const { code, id } = parseInput(idParams, request.params);
    return ok(await operator.deleteAnnouncement(depsOf(request, deps), code, request.operatorKeyId, id));
  });
}
