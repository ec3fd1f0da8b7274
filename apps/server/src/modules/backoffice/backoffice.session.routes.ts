import {
  operatorLoginRequest,
  operatorLoginResponse,
  operatorProfile,
  totpEnableRequest,
  totpSetupResponse,
} from '@sorte/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { doc } from '../../platform/http/openapi.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { requireOperatorSession } from './backoffice.guard.ts';
import * as sessions from './backoffice.session.service.ts';

const tags = ['backoffice'];
const ok = <T>(value: T) => ({ success: true as const, value });

function clientOf(request: FastifyRequest): sessions.Client {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua.slice(0, 255) : null };
}

/** Operator sign-in, sign-out, profile and TOTP enrolment: the only routes an unverified session reaches. */
export function registerSessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(
    '/bo/session/login',
    {
      schema: doc({
        body: operatorLoginRequest,
        response: operatorLoginResponse,
        summary: 'Operator sign-in: password, then the TOTP code once enrolled; the token goes in bo-token',
        tags,
      }),
    },
    async (request) => {
      const input = parseInput(operatorLoginRequest, request.body);
      return ok(await sessions.login(ctx, input, clientOf(request)));
    },
  );

  app.post(
    '/bo/session/logout',
    { schema: doc({ summary: 'End this back-office session', tags, auth: 'backoffice' }) },
    async (request) => {
      await sessions.logout(ctx, await requireOperatorSession(request));
      return ok(null);
    },
  );

  app.get(
    '/bo/session/me',
    {
      schema: doc({
        response: operatorProfile,
        summary: 'The signed-in operator, role and permissions (also before TOTP enrolment)',
        tags,
        auth: 'backoffice',
      }),
    },
    async (request) => ok(sessions.profileOf(await requireOperatorSession(request))),
  );

  app.post(
    '/bo/session/totp/setup',
    {
      schema: doc({
        response: totpSetupResponse,
        summary: 'A new TOTP secret and otpauth URL to scan; confirmed by /bo/session/totp/enable',
        tags,
        auth: 'backoffice',
      }),
    },
    async (request) => ok(await sessions.setupTotp(ctx, await requireOperatorSession(request))),
  );

  app.post(
    '/bo/session/totp/enable',
    {
      schema: doc({
        body: totpEnableRequest,
        summary: 'Turn TOTP on with a first code; the session becomes fully signed in',
        tags,
        auth: 'backoffice',
      }),
    },
    async (request) => {
      const session = await requireOperatorSession(request);
      const { code } = parseInput(totpEnableRequest, request.body);
      await sessions.enableTotp(ctx, session, code);
      return ok(sessions.profileOf({ ...session, totpEnabled: true, totpVerified: true }));
    },
  );
}
