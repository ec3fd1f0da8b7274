import { operatorEnrolmentRequest, operatorEnrolmentResponse } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { doc } from '../../platform/http/openapi.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { completeEnrolment } from './backoffice.enrolment.ts';

/**
 * The one route of the one-time enrolment link; no session exists yet, the token is the credential.
 * No throttle: a token has 256 bits, and a wrong one costs a SHA-256 and one indexed read (the
 * password is hashed only once a live token matched).
 */
export function registerEnrolmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(
    '/bo/session/enrolment',
    {
      schema: doc({
        body: operatorEnrolmentRequest,
        response: operatorEnrolmentResponse,
        summary:
          "Use a one-time enrolment link (npm run operator -- create|reset): sets the operator's password; TOTP is enrolled at the next sign-in",
        tags: ['backoffice'],
      }),
    },
    async (request) => {
      const input = parseInput(operatorEnrolmentRequest, request.body);
      return { success: true as const, value: await completeEnrolment(ctx, input, request.ip) };
    },
  );
}
