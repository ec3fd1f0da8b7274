import type { ServerModule } from '../../platform/context.ts';
import { registerAgentRoutes } from './agents.routes.ts';

export { isAffiliateCodeValid } from './agents.service.ts';

/** Agents (spec §6). For now the affiliate-code check that registration relies on. */
export const agentsModule: ServerModule = {
  name: 'agents',
  register: registerAgentRoutes,
};
