import type { ServerModule } from '../../platform/context.ts';
import { scheduleNoncePurge } from './games.jobs.ts';
import { registerCatalogAdminRoutes } from './catalog.admin.routes.ts';
import { registerArtRoutes } from './catalog.art.routes.ts';
import { registerCatalogRoutes } from './catalog.routes.ts';
import { seedDemoVendors } from './games.seed.ts';
import { registerLaunchRoutes } from './launch.routes.ts';
import { registerProviderWalletRoutes } from './provider-wallet.routes.ts';

export { REFERENCE_VENDOR } from './games.seed.ts';
export { INHOUSE_VENDOR } from './catalog.seed.ts';
export { signProviderCall } from './provider-signature.ts';
/** For in-app games played without a launch (the lottery pages): a bet counts as playing the game. */
export { findVisibleGame, recordRecent } from './catalog.repository.ts';
/** For the wallet: a transfer-mode vendor's game wallet is offered only while the site shows its games. */
export { vendorsWithGames } from './catalog.repository.ts';

/**
 * Games. For now the first call of the seamless-wallet vendor API — the debit (a bet), signed,
 * replay-proof, idempotent by the vendor's transaction id, group-committed with its bet row. The
 * catalog, launch, the other wallet calls and the in-house games build on it.
 */
export const gamesModule: ServerModule = {
  name: 'games',
  async register(app, ctx) {
    await registerProviderWalletRoutes(app, ctx);
    await registerCatalogRoutes(app, ctx);
    await registerArtRoutes(app, ctx);
    await registerLaunchRoutes(app, ctx);
    await registerCatalogAdminRoutes(app, ctx);
    scheduleNoncePurge(app, ctx);
  },
  seedDemo: seedDemoVendors,
};
