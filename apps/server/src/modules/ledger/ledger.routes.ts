import { walletBalanceResponse } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { doc } from '../../platform/http/openapi.ts';
import { requireMember } from '../auth/index.ts';
import { getMerchant } from '../system/index.ts';
import { memberBalance } from './ledger.service.ts';

export async function registerLedgerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/wps/v2/wallets/balance',
    {
      schema: doc({
        response: walletBalanceResponse,
        summary: 'Balance of every wallet of the member, in minor units',
        tags: ['wallet'],
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId, merchantId } = await requireMember(request);
      const merchant = getMerchant(request);
      // Accounts are created on the first read, so a new member sees 0.00 rather than an error.
      const balance = await memberBalance(ctx.db, memberId, merchantId, merchant.currency);
      return {
        success: true,
        value: {
          sumBalance: balance.sumBalanceMinor,
          balanceMinor: balance.sumBalanceMinor,
          currency: merchant.currency,
          currencySymbol: merchant.currencySymbol,
          wallets: balance.wallets,
        },
      };
    },
  );
}
