import type { ServerModule } from '../../platform/context.ts';
import { scheduleJob } from '../../platform/jobs.ts';
import { registerRewardRoutes } from './rewards.routes.ts';
import { seedDemoRaffle } from './rewards.seed.ts';
import { runVipRebates } from './vip-rebates.ts';

export { operatorRaffles, raffleRunsNow } from './raffles.ts';
export { grantReward, type RewardGrant, verifyRewards } from './rewards.service.ts';

/** The VIP rebate run looks for a day to pay this often (each day is paid once: see vip-rebates.ts). */
const VIP_REBATE_EVERY_MS = 10 * 60_000;

/**
 * The reward centre (issue 17 item 4, member centre `rewardCenter`): claimable cash rewards with an
 * expiry, claimed once through the ledger; automatic daily VIP rebates (item 5) and raffles — lucky
 * draws and prize wheels on the provably-fair RNG (item 6) — put their rewards there.
 */
export const rewardsModule: ServerModule = {
  name: 'rewards',
  async register(app, ctx) {
    registerRewardRoutes(app, ctx);
    scheduleJob(app, ctx, {
      name: 'vip rebates',
      everyMs: VIP_REBATE_EVERY_MS,
      step: () => runVipRebates(ctx.db, ctx.clock.now()),
    });
  },
  seedDemo: seedDemoRaffle,
};
