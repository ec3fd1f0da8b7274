import type { ServerModule } from '../../platform/context.ts';
import { registerActivityRoutes } from './activities.routes.ts';
import { seedDemoActivity } from './activities.seed.ts';

/**
 * Activity applications (issue 17 item 2, spec §3): a member applies to a promotion with a comment
 * and up to three images (checked by content, kept in the object store); operators review the queue
 * and approve with a reward paid once through the ledger, or reject with a reason.
 */
export const activitiesModule: ServerModule = {
  name: 'activities',
  async register(app, ctx) {
    await registerActivityRoutes(app, ctx);
  },
  seedDemo: seedDemoActivity,
};
