import { providerDebitAnswer, providerDebitRequest } from '@sorte/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { doc } from '../../platform/http/openapi.ts';
import { withRawBody } from '../../platform/http/raw-body.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { createProviderWallet, type ProviderCall } from './provider-wallet.service.ts';

/** A wallet call is a few hundred bytes. */
const CALL_BODY_LIMIT = 8_192;
const vendorParams = z.object({
  merchant: z.string().min(1).max(32),
  vendor: z.string().regex(/^[a-z0-9_-]{1,32}$/),
});

function header(request: FastifyRequest, name: string): string | undefined {
  const raw = request.headers[name];
  return Array.isArray(raw) ? raw[0] : raw;
}

function providerCall(request: FastifyRequest): ProviderCall {
  const { merchant, vendor } = parseInput(vendorParams, request.params);
  return {
    merchantCode: merchant,
    vendor,
    headers: {
      timestamp: header(request, 'x-timestamp'),
      nonce: header(request, 'x-nonce'),
      signature: header(request, 'x-signature'),
    },
    rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
  };
}

/** The body is parsed only after the signature over its exact bytes has been checked. */
function parseSignedJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new AppError('MALFORMED_JSON');
  }
}

export async function registerProviderWalletRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const wallet = createProviderWallet(ctx);
  await withRawBody(app, CALL_BODY_LIMIT, (scope) => {
    scope.post(
      '/providers/:vendor/:merchant/wallet/debit',
      {
        schema: doc({
          body: providerDebitRequest,
          response: providerDebitAnswer,
          summary:
            'Seamless wallet: debit a bet (signed: x-timestamp, x-nonce, x-signature = HMAC-SHA256(secret, "ts.nonce.body")); idempotent by txnId',
          tags: ['providers'],
          auth: 'provider',
        }),
      },
      async (request) => {
        const call = providerCall(request);
        const merchantId = await wallet.authenticate(call);
        const body = parseInput(providerDebitRequest, parseSignedJson(call.rawBody));
        return { success: true, value: await wallet.debit(merchantId, call, body) };
      },
    );
  });
}
