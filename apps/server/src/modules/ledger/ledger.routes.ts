import { playMoneyTopUpRequest, playMoneyTopUpResponse, walletBalanceResponse } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { doc } from '../../platform/http/openapi.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { requireMember, walletCurrencyOf } from '../auth/index.ts';
import { getMerchant } from '../system/index.ts';
import { topUpPlayMoney } from './ledger.play-money.ts';
import { memberBalance } from './ledger.service.ts';

export async function registerLedgerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/wps/v2/wallets/balance',
    {
      schema: doc({
        response: walletBalanceResponse,
        summary: 'Balance of every wallet of the member, in minor units (play money for a trial account)',
        tags: ['wallet'],
        auth: 'member',
      }),
    },
    async (request) => {
      const auth = await requireMember(request);
      const merchant = getMerchant(request);
      const { currency, playMoney } = walletCurrencyOf(auth, merchant);
      // Accounts are created on the first read, so a new member sees 0.00 rather than an error.
      const balance = await memberBalance(ctx.db, auth.memberId, auth.merchantId, currency);
      return {
        success: true,
        value: {
          sumBalance: balance.sumBalanceMinor,
          balanceMinor: balance.sumBalanceMinor,
          currency: merchant.currency,
          currencySymbol: merchant.currencySymbol,
          wallets: balance.wallets,
          playMoney,
          ledgerCurrency: currency,
        },
      };
    },
  );
  app.post(
    '/wps/v2/wallets/play-money/top-up',
    {
      schema: doc({
        body: playMoneyTopUpRequest,
        response: playMoneyTopUpResponse,
        summary:
          "Free play: bring the trial account's play money back to its starting amount (never above); idempotent by key",
        tags: ['wallet'],
        auth: 'member',
      }),
    },
    async (request) => {
      const auth = await requireMember(request);
      const { idempotencyKey } = parseInput(playMoneyTopUpRequest, request.body);
      const merchant = getMerchant(request);
      const { currency, playMoney } = walletCurrencyOf(auth, merchant);
      if (!playMoney) throw new AppError('PLAY_MONEY_ONLY');
      const result = await topUpPlayMoney(ctx.db, {
        merchantId: auth.merchantId,
        memberId: auth.memberId,
        currency,
        idempotencyKey,
      });
      return {
        success: true,
        value: { ...result, currency: merchant.currency, ledgerCurrency: currency },
      };
    },
  );
}
