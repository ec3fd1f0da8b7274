import type { ServerModule } from '../../platform/context.ts';
import { registerDepositRoutes } from './deposits.routes.ts';
import { registerGatewayRoutes } from './gateway.routes.ts';
import { registerTransferRoutes } from './transfers.routes.ts';
import { scheduleAutoReceipts } from './wallet.jobs.ts';
import { seedDemoCashier } from './wallet.seed.ts';
import { registerWithdrawalRoutes } from './withdrawals.routes.ts';

export { type CashierSettings, getCashierSettings } from './cashier-settings.ts';
export {
  addTurnoverRequirement,
  type TurnoverRequirement,
  type TurnoverStatus,
  turnoverStatus,
} from './turnover.ts';
/** Money leaving a member (withdrawals, transfers to others) is confirmed with the withdrawal password. */
export { checkWithdrawalPassword, hasWithdrawalPassword } from './withdrawal-password.service.ts';
export { sweepAutoReceipts } from './receipts.service.ts';
/** One transaction under the member's row lock with the withdrawal password checked (points redemptions). */
export { type GuardedSteps, type LockedMember, withPasswordChecked } from './password-guarded.ts';

/**
 * The cashier: payment channels, deposits (manual and gateway, with the built-in sandbox gateway),
 * withdrawals on ledger holds, payout accounts, the withdrawal password, turnover, receipt
 * confirmation, wallet transfers (main ↔ game wallets, along the agent tree) and the security centre.
 */
export const walletModule: ServerModule = {
  name: 'wallet',
  async register(app, ctx) {
    await registerDepositRoutes(app, ctx);
    await registerGatewayRoutes(app, ctx);
    await registerWithdrawalRoutes(app, ctx);
    await registerTransferRoutes(app, ctx);
    scheduleAutoReceipts(app, ctx);
  },
  seedDemo: seedDemoCashier,
};
