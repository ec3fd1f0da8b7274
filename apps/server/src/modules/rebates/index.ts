import type { ServerModule } from '../../platform/context.ts';
import { registerRebateRoutes } from './rebates.routes.ts';
import { seedDemoRebates } from './rebates.seed.ts';

export { verifyRebates } from './rebates.service.ts';

/**
 * Manual rebates (issue 17 item 5, member centre `manualRebate`): a rate per game category on the
 * valid stake since the last claim, read from the daily bet rollups, claimed by the member as cash
 * through the ledger (from the merchant's bonus pool) exactly once per key. Off unless the operator
 * sets a rate.
 */
export const rebatesModule: ServerModule = {
  name: 'rebates',
  async register(app, ctx) {
    registerRebateRoutes(app, ctx);
  },
  seedDemo: seedDemoRebates,
};
