import type { ServerModule } from '../../platform/context.ts';
import { registerMessagingRoutes } from './messaging.routes.ts';

/**
 * What the site tells its players beyond the system's public lists: for now, which popup
 * announcements a member has seen (the announcements themselves are the system module's content).
 */
export const messagingModule: ServerModule = {
  name: 'messaging',
  async register(app, ctx) {
    await registerMessagingRoutes(app, ctx);
  },
};
