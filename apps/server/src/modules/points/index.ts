import type { ServerModule } from '../../platform/context.ts';
import { schedulePointsEarning } from './points.jobs.ts';
import { registerPointsRoutes } from './points.routes.ts';
import { seedDemoPointsMall } from './points.seed.ts';

export { catchUpPoints, POINTS_CONSUMER, pointsHoldCommitted } from './points.earning.ts';
export { verifyPoints } from './points.service.ts';

/**
 * The points mall (issue 17 item 7): points earned on valid bets by a consumer of the settled-bet
 * stream, kept in a points journal of their own; items (goods with stock, cash where the merchant
 * allows it), redemptions and conversions on the withdrawal password, the history and the rules.
 */
export const pointsModule: ServerModule = {
  name: 'points',
  async register(app, ctx) {
    registerPointsRoutes(app, ctx);
    schedulePointsEarning(app, ctx);
  },
  seedDemo: seedDemoPointsMall,
};
