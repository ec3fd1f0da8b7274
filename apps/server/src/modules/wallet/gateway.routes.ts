import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { doc } from '../../platform/http/openapi.ts';
import { withRawBody } from '../../platform/http/raw-body.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { pushDepositStatus } from './cashier-push.ts';
import { enableSandboxAdapter } from './gateway.adapters.ts';
import { handleGatewayCallback } from './gateway.service.ts';
import { registerSandboxGateway } from './sandbox-gateway.ts';

/** A callback is a few hundred bytes; anything much larger is not one. */
const CALLBACK_BODY_LIMIT = 16_384;
const callbackParams = z.object({ gateway: z.string().max(32) });
const callbackAnswer = z.object({ depositId: z.string(), status: z.string() });

export async function registerGatewayRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The signature covers the exact bytes sent, so this route takes the body raw.
  await withRawBody(app, CALLBACK_BODY_LIMIT, (scope) => {
    scope.post(
      '/providers/payments/:gateway/callback',
      {
        schema: doc({
          response: callbackAnswer,
          summary: 'Payment gateway callback, signed: x-signature = hex HMAC-SHA256(secret, raw body)',
          tags: ['providers'],
          auth: 'provider',
        }),
      },
      async (request) => {
        const { gateway } = parseInput(callbackParams, request.params);
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = request.headers['x-signature'];
        const signature = Array.isArray(header) ? header[0] : header;
        const outcome = await handleGatewayCallback(ctx.db, ctx.clock, gateway, raw, signature, request.ip);
        // Not awaited: the gateway's acknowledgement never waits on (or fails with) the push.
        pushDepositStatus(ctx, outcome.depositId).catch((err) =>
          ctx.log.warn({ err: String(err), depositId: outcome.depositId }, 'deposit status push failed'),
        );
        return { success: true, value: outcome };
      },
    );
  });
  if (ctx.config.sandboxGateway) {
    enableSandboxAdapter();
    registerSandboxGateway(app, ctx);
  }
}
