import {
  bonusDetails,
  bonusSwitch,
  memberBonus,
  operatorBonusGrant,
  promotionBonusTerms,
} from '@sorte/contracts';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { doc } from '../../platform/http/openapi.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { requireMember } from '../auth/index.ts';
import { recordAudit, requireOperator } from '../backoffice/index.ts';
import { withLedgerTransaction } from '../ledger/index.ts';
import { bonusesEnabled } from '../promotions/index.ts';
import { getMerchant } from '../system/index.ts';
import * as bonuses from './bonus.service.ts';

const ok = <T>(value: T) => ({ success: true as const, value });
const memberParams = z.object({ id: z.uuid() });
const promotionParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * The member's bonusDetails (active bonus with its progress, past bonuses; `enabled: false` when the
 * merchant has bonuses off, and the site hides the screen); operators grant a bonus to a member
 * (`members.adjust`, audited; the switch readable with the same permission) and set a deposit-bonus promotion's bonus terms (`merchant.config`,
 * audited).
 */
export function registerBonusRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/wps/member/bonuses',
    {
      schema: doc({
        response: bonusDetails,
        summary: "The member's active bonus with its wagering progress, and past bonuses",
        tags: ['bonuses'],
        auth: 'member',
      }),
    },
    async (request) => {
      const auth = await requireMember(request);
      const { currency } = getMerchant(request);
      return ok(await bonuses.bonusDetails(ctx.db, auth.merchantId, auth.memberId, currency));
    },
  );

  const bo = { tags: ['backoffice', 'bonuses'], auth: 'backoffice' as const };

  // The switch alone, for whoever may grant: the member page offers "Grant bonus" only while it is on.
  app.get(
    '/bo/bonuses/switch',
    {
      schema: doc({
        response: bonusSwitch,
        summary: 'Whether the merchant offers bonuses (for operators who grant them)',
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'members.adjust');
      return ok({ bonusesEnabled: await bonusesEnabled(ctx.db, operator.merchantId) });
    },
  );

  app.post(
    '/bo/members/:id/bonuses',
    {
      schema: doc({
        body: operatorBonusGrant,
        response: memberBonus,
        summary: 'Grant a bonus with a wagering requirement to a member (idempotent, audited)',
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'members.adjust');
      const { id } = parseInput(memberParams, request.params);
      const input = parseInput(operatorBonusGrant, request.body);
      const granted = await withLedgerTransaction(ctx.db, async (trx) => {
        const { rows } = await sql<{ currency: string }>`
          select currency from members where id = ${id} and merchant_id = ${operator.merchantId}`.execute(
          trx,
        );
        if (!rows[0]) throw new AppError('BO_NOT_FOUND');
        const { currency } = rows[0];
        const { bonus: row, repeated } = await bonuses.operatorGrant(
          trx,
          ctx.clock,
          { merchantId: operator.merchantId, operatorId: operator.operatorId, currency },
          id,
          input,
        );
        const bonus = bonuses.toMemberBonus(row);
        // A retry answers the first grant; it was audited then.
        if (!repeated)
          await recordAudit(trx, {
            operator,
            action: 'bonus.grant',
            targetType: 'member',
            targetId: id,
            after: bonus,
            reason: input.reason,
          });
        return bonus;
      });
      return ok(granted);
    },
  );

  app.get(
    '/bo/promotions/:id/bonus-terms',
    {
      schema: doc({
        response: promotionBonusTerms.nullable(),
        summary: 'The bonus a deposit-bonus or reload promotion grants on a qualifying deposit',
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'merchant.config');
      const { id } = parseInput(promotionParams, request.params);
      await bonusPromotion(ctx, operator.merchantId, id);
      return ok(await bonuses.promotionTerms(ctx.db, String(id)));
    },
  );

  app.put(
    '/bo/promotions/:id/bonus-terms',
    {
      schema: doc({
        body: promotionBonusTerms,
        response: promotionBonusTerms,
        summary: "Set a deposit-bonus or reload promotion's bonus terms (audited)",
        ...bo,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'merchant.config');
      const { id } = parseInput(promotionParams, request.params);
      const terms = parseInput(promotionBonusTerms, request.body);
      await ctx.db.transaction().execute(async (trx) => {
        await bonusPromotion(ctx, operator.merchantId, id, trx);
        const before = await bonuses.promotionTerms(trx, String(id));
        await bonuses.setPromotionTerms(trx, String(id), terms);
        await recordAudit(trx, {
          operator,
          action: 'promotion.bonus_terms',
          targetType: 'promotion',
          targetId: String(id),
          before,
          after: terms,
        });
      });
      return ok(terms);
    },
  );
}

/** The operator's own deposit-bonus or reload promotion (locked inside a transaction), else a coded refusal. */
async function bonusPromotion(ctx: AppContext, merchantId: string, id: number, trx = ctx.db): Promise<void> {
  const { rows } = await sql<{ type: string }>`
    select type from promotions where id = ${id} and merchant_id = ${merchantId} for share`.execute(trx);
  if (!rows[0]) throw new AppError('PROMOTION_NOT_FOUND');
  if (rows[0].type !== 'deposit_bonus' && rows[0].type !== 'reload')
    throw new AppError('BONUS_TERMS_NOT_ALLOWED');
}
