import type { ServerModule } from '../../platform/context.ts';
import { scheduleJob } from '../../platform/jobs.ts';
import { registerBonusRoutes } from './bonus.routes.ts';
import { seedDemoBonusTerms } from './bonus.seed.ts';
import { expireDue } from './bonus.service.ts';

export { type BatchBonuses, type BonusPlan, lockBonuses } from './bonus.bets.ts';
export { type DeferredBonuses, lockDeferred } from './bonus.deferred.ts';
export { grantOnDeposit, onWithdrawalRequest } from './bonus.service.ts';

const EXPIRY_EVERY_MS = 60_000;

/**
 * Bonuses with wagering (issue 17 item 3): the rules (bonus.wagering.ts), the bonus wallet in the
 * ledger beside cash, grants on a qualifying deposit (the wallet's deposit credit calls
 * `grantOnDeposit`) or by an operator, the bonus side of the bet path (`lockBonuses` at placement —
 * the in-house single-round bets settle in the same batch, vendor debits, mines/hilo starts, crash
 * bets and lottery slips leave the slip open — and `lockDeferred` at a later settlement: vendor
 * credits, rollbacks and round ends, the end of a mines/hilo round, a crash cash-out or bust, a
 * lottery ticket settled or refunded — piece by piece, `part`), the withdrawal rule
 * (`onWithdrawalRequest`), the expiry sweep and the member's bonusDetails.
 * docs/architecture.md, "Bonuses".
 */
export const bonusesModule: ServerModule = {
  name: 'bonuses',
  async register(app, ctx) {
    registerBonusRoutes(app, ctx);
    // Ends bonuses whose time is up; instances sweeping at once skip each other's locked rows.
    scheduleJob(app, ctx, {
      name: 'bonus expiry sweep',
      everyMs: EXPIRY_EVERY_MS,
      step: () => expireDue(ctx.db, ctx.clock.now()),
    });
  },
  seedDemo: seedDemoBonusTerms,
};
