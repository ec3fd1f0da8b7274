import {
  betRecordsQuery,
  betRecordsResponse,
  personalProfitQuery,
  personalProfitResponse,
  TRIAL_TYPE,
} from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { doc } from '../../platform/http/openapi.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { pickLanguage } from '../../platform/i18n/messages.ts';
import { requireMember } from '../auth/index.ts';
import { betRecords, personalProfit, RECORDS_TIME_ZONE } from './records.service.ts';

const tags = ['records'];

/** The member centre's betting records and personal profit and loss: the caller's own rounds only. */
export async function registerRecordsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/wps/member/records/personalHistoryCopy',
    {
      schema: doc({
        querystring: betRecordsQuery,
        response: betRecordsResponse,
        summary:
          'Your rounds of every game, newest first, filtered by category, vendor, game, status and days (≤ 90, in the merchant time zone), with the totals of the settled ones; games named in `language` (default: the request headers)',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      // The token first: an anonymous caller learns nothing, not even which query would be valid.
      const { memberId, merchantId } = await requireMember(request);
      const query = parseInput(betRecordsQuery, request.query);
      const caller = { memberId, merchantId, timeZone: RECORDS_TIME_ZONE };
      // As the game lists: the asked language, else the headers (the web sends Accept-Language).
      const language = query.language ?? pickLanguage(request.headers);
      return { success: true, value: await betRecords(ctx.db, caller, query, ctx.clock.now(), language) };
    },
  );

  app.get(
    '/wps/member/records/personalProfit',
    {
      schema: doc({
        querystring: personalProfitQuery,
        response: personalProfitResponse,
        summary: 'Your profit and loss over settled rounds per day, category or vendor, and the range total',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId, merchantId, type } = await requireMember(request);
      const query = parseInput(personalProfitQuery, request.query);
      // A trial's rounds are play money, which the rollups never hold: its P&L counts its rounds.
      const caller = { memberId, merchantId, timeZone: RECORDS_TIME_ZONE, playMoney: type === TRIAL_TYPE };
      return { success: true, value: await personalProfit(ctx.db, caller, query, ctx.clock.now()) };
    },
  );
}
