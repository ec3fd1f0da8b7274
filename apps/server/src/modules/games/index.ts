import type { ServerModule } from '../../platform/context.ts';
import { scheduleNoncePurge } from './games.jobs.ts';
import { seedDemoVendors } from './games.seed.ts';
import { registerProviderWalletRoutes } from './provider-wallet.routes.ts';

export { REFERENCE_VENDOR } from './games.seed.ts';
export { signProviderCall } from './provider-signature.ts';

/**
 * Games. For now the first call of the seamless-wallet vendor API — the debit (a bet), signed,
 * replay-proof, idempotent by the vendor's transaction id, group-committed with its bet row. The
 * catalog, launch, the other wallet calls and the in-house games build on it.
 */
export const gamesModule: ServerModule = {
  name: 'games',
  async register(app, ctx) {
    await registerProviderWalletRoutes(app, ctx);
    scheduleNoncePurge(app, ctx);
  },
  seedDemo: seedDemoVendors,
};
