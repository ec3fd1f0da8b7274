import type { ServerModule } from '../../platform/context.ts';
import { registerAgentRoutes } from './agents.routes.ts';
import { registerAgentBackofficeRoutes } from './backoffice.routes.ts';
import { scheduleContracts } from './contracts.jobs.ts';
import { registerContractRoutes } from './contracts.routes.ts';
import { seedDemoContracts } from './contracts.seed.ts';
import { registerNoticeRoutes } from './notices.routes.ts';
import { seedDemoAgent } from './agents.seed.ts';
import { registerTeamRoutes } from './team.routes.ts';
import { seedDemoTeam } from './team.seed.ts';

export { DEMO_AGENT, DEMO_PLAYER, seededMembersWithKnownPasswords } from './agents.seed.ts';
export { isAffiliateCodeValid } from './agents.service.ts';
/** The pending contract requests a member has to answer, per type (the consolidated funds answer). */
export { pendingRequestCounts } from './contracts.service.ts';

/** Agents (spec §6). For now the affiliate-code check that registration relies on. */
export const agentsModule: ServerModule = {
  name: 'agents',
  async register(app, ctx) {
    await registerAgentRoutes(app, ctx);
    // The agent centre's team reads and registration centre (issue 15).
    await registerTeamRoutes(app, ctx);
    // Dividend and salary contracts: their calls, and settlement at each period's end (docs/agents.md).
    registerContractRoutes(app, ctx);
    scheduleContracts(app, ctx);
    // The Announcement page and the contract notices (every step told to the other side).
    registerNoticeRoutes(app, ctx);
    // The operators' agent tree, contract rules, contracts, settlement runs and payout approvals.
    registerAgentBackofficeRoutes(app, ctx);
  },
  async seedDemo(ctx) {
    await seedDemoAgent(ctx);
    await seedDemoTeam(ctx);
    await seedDemoContracts(ctx);
  },
};
