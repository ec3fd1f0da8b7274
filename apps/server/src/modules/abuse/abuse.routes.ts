import { abuseFlagPage, abuseFlagQuery, abuseRules, abuseRulesUpdate } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { doc } from '../../platform/http/openapi.ts';
import { pageOf } from '../../platform/http/paging.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { recordAudit, requireOperator } from '../backoffice/index.ts';
import { flaggedClaims } from './abuse.flags.ts';
import { rulesOf, saveRules } from './abuse.rules.ts';

const ok = <T>(value: T) => ({ success: true as const, value });

/**
 * The back office of the abuse limits: the flagged claims (refused ones and near-matches, with the
 * members involved) for anyone who reads members; the rules (which fingerprints allow one claim per
 * kind) for `merchant.config`, audited.
 */
export function registerAbuseRoutes(app: FastifyInstance, ctx: AppContext): void {
  const bo = { tags: ['backoffice', 'abuse'], auth: 'backoffice' as const };

  app.get(
    '/bo/abuse/flags',
    {
      schema: doc({
        querystring: abuseFlagQuery,
        response: abuseFlagPage,
        summary: 'Flagged claims (refused, near-matches) with the members who share their fingerprints',
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'members.read');
      const query = parseInput(abuseFlagQuery, request.query);
      const { list, total } = await flaggedClaims(ctx.db, operator.merchantId, query);
      return ok(pageOf(list, total, query));
    },
  );

  app.get(
    '/bo/abuse/rules',
    {
      schema: doc({
        response: abuseRules,
        summary: 'Which fingerprints (person, device, address, payout account) allow one claim, per kind',
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'merchant.config');
      return ok({ list: await rulesOf(ctx.db, operator.merchantId) });
    },
  );

  app.put(
    '/bo/abuse/rules',
    {
      schema: doc({
        body: abuseRulesUpdate,
        response: abuseRules,
        summary: 'Change the rules of the kinds sent; they apply to claims still to come',
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'merchant.config');
      const change = parseInput(abuseRulesUpdate, request.body);
      const list = await ctx.db.transaction().execute(async (trx) => {
        const before = await rulesOf(trx, operator.merchantId);
        await saveRules(trx, operator.merchantId, change.list);
        const after = await rulesOf(trx, operator.merchantId);
        await recordAudit(trx, {
          operator,
          action: 'abuse_rules.update',
          targetType: 'abuse_rules',
          targetId: operator.merchantId,
          before,
          after,
        });
        return after;
      });
      return ok({ list });
    },
  );
}
