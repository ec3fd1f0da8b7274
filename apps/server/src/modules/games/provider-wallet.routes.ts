import {
  providerAuthenticateAnswer,
  providerAuthenticateRequest,
  providerBalanceAnswer,
  providerBalanceRequest,
  providerCreditAnswer,
  providerCreditRequest,
  providerDebitAnswer,
  providerDebitRequest,
  providerEndRoundAnswer,
  providerEndRoundRequest,
  providerRollbackAnswer,
  providerRollbackRequest,
  vendorRoundQuery,
  vendorRoundRecall,
} from '@sorte/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { refuseForbiddenCharacters } from '../../platform/http/input-guard.ts';
import { doc } from '../../platform/http/openapi.ts';
import { withRawBody } from '../../platform/http/raw-body.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { requireMember } from '../auth/index.ts';
import { createProviderRounds, vendorRoundRecall as readRecall } from './provider-rounds.service.ts';
import { createProviderWallet, type ProviderCall } from './provider-wallet.service.ts';

/** A wallet call is a few hundred bytes. */
const CALL_BODY_LIMIT = 8_192;
const SIGNED =
  'signed: x-timestamp, x-nonce, x-signature = HMAC-SHA256(secret, "ts.nonce.body"); docs/providers.md';
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

/**
 * The body is parsed only after the signature over its exact bytes has been checked; then it meets
 * the edge's character guard, as a JSON body of any other route does before validation.
 */
function parseSignedJson(raw: Buffer): unknown {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new AppError('MALFORMED_JSON');
  }
  refuseForbiddenCharacters(body);
  return body;
}

export async function registerProviderWalletRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const wallet = createProviderWallet(ctx);
  const rounds = createProviderRounds(ctx, wallet);
  await withRawBody(app, CALL_BODY_LIMIT, (scope) => {
    /**
     * One signed call: every call passes the same signature and clock check (wallet.authenticate)
     * before its body is even parsed; each call then claims its nonce (see the services).
     */
    function call<Req extends z.ZodTypeAny>(
      name: string,
      body: Req,
      response: z.ZodTypeAny,
      summary: string,
      handle: (merchantId: string, call: ProviderCall, request: z.infer<Req>) => Promise<unknown>,
    ) {
      scope.post(
        `/providers/:vendor/:merchant/wallet/${name}`,
        {
          schema: doc({
            body,
            response,
            summary: `${summary} (${SIGNED})`,
            tags: ['providers'],
            auth: 'provider',
          }),
        },
        async (request) => {
          const signed = providerCall(request);
          const merchantId = await wallet.authenticate(signed);
          const parsed = parseInput(body, parseSignedJson(signed.rawBody));
          return { success: true, value: await handle(merchantId, signed, parsed) };
        },
      );
    }
    call(
      'authenticate',
      providerAuthenticateRequest,
      providerAuthenticateAnswer,
      'Seamless wallet: exchange the launch token for the player',
      rounds.authenticate,
    );
    call(
      'balance',
      providerBalanceRequest,
      providerBalanceAnswer,
      "Seamless wallet: the player's spendable balance",
      rounds.balance,
    );
    call(
      'debit',
      providerDebitRequest,
      providerDebitAnswer,
      'Seamless wallet: debit a bet; idempotent by txnId',
      wallet.debit,
    );
    call(
      'credit',
      providerCreditRequest,
      providerCreditAnswer,
      "Seamless wallet: credit a round's win; idempotent by txnId",
      rounds.credit,
    );
    call(
      'rollback',
      providerRollbackRequest,
      providerRollbackAnswer,
      'Seamless wallet: roll back a debit by its txnId (recorded even before the debit); idempotent',
      rounds.rollback,
    );
    call(
      'end-round',
      providerEndRoundRequest,
      providerEndRoundAnswer,
      'Seamless wallet: end a round; later debits and credits refused',
      rounds.endRound,
    );
  });

  app.get(
    '/wps/game/rounds/recall',
    {
      schema: doc({
        querystring: vendorRoundQuery,
        response: vendorRoundRecall,
        summary: 'One of your vendor game rounds with its bets, wins and rollbacks (recall)',
        tags: ['games'],
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId } = await requireMember(request);
      const { ref } = parseInput(vendorRoundQuery, request.query);
      const split = ref.indexOf(':');
      const [vendor, roundId] = [ref.slice(0, split), ref.slice(split + 1)];
      const recall = await readRecall(ctx.db, memberId, vendor, roundId);
      if (!recall) throw new AppError('PROVIDER_ROUND_UNKNOWN');
      return { success: true, value: recall };
    },
  );
}
