import type { ServerModule } from '../../platform/context.ts';
import { registerAbuseRoutes } from './abuse.routes.ts';

export { type ClaimDecision, type ClaimInput, type ClaimMatch, reserveClaim } from './abuse.claims.ts';

/**
 * Abuse limits (issue 17 item 8): a module granting a once-only reward (the welcome bonus) calls
 * `reserveClaim` inside its own transaction; the claim's fingerprints (person, device, address,
 * payout account) are reserved and compared with the earlier claimants', and the merchant's rules
 * say which of them allow only one claim. Refusals and near-matches are flagged for the operators.
 */
export const abuseModule: ServerModule = {
  name: 'abuse',
  async register(app, ctx) {
    registerAbuseRoutes(app, ctx);
  },
};
