import {
  transactionDetailQuery,
  transactionHistoryQuery,
  transactionHistoryResponse,
  transactionRecord,
} from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { pickLanguage } from '../../platform/i18n/messages.ts';
import type { AppContext } from '../../platform/context.ts';
import { doc } from '../../platform/http/openapi.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { requireMember } from '../auth/index.ts';
import { memberHistory, memberRecord } from './ledger.history.service.ts';

/** The member centre's account records (transactionHistory): the member's own ledger movements. */
export async function registerLedgerHistoryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/wps/member/transaction/history',
    {
      schema: doc({
        querystring: transactionHistoryQuery,
        response: transactionHistoryResponse,
        summary: "The member's wallet movements, newest first, with the balance after each",
        tags: ['wallet'],
        auth: 'member',
      }),
    },
    async (request) => {
      // The token first: an anonymous caller learns nothing, not even which query would be valid.
      const { memberId, merchantId } = await requireMember(request);
      const query = parseInput(transactionHistoryQuery, request.query);
      return {
        success: true,
        value: await memberHistory(
          ctx.db,
          ctx.clock,
          { memberId, merchantId },
          query,
          pickLanguage(request.headers),
        ),
      };
    },
  );

  app.get(
    '/wps/member/transaction/detail',
    {
      schema: doc({
        querystring: transactionDetailQuery,
        response: transactionRecord,
        summary: "One of the member's own records (another member's id is NOT_FOUND)",
        tags: ['wallet'],
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId, merchantId } = await requireMember(request);
      const { id } = parseInput(transactionDetailQuery, request.query);
      const language = pickLanguage(request.headers);
      return { success: true, value: await memberRecord(ctx.db, { memberId, merchantId }, id, language) };
    },
  );
}
