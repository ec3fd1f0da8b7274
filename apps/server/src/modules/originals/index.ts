import type { ServerModule } from '../../platform/context.ts';
import { flushSingleRounds } from '../bets/index.ts';
import { registerOriginalsRoutes } from './originals.routes.ts';

export { activePair, hashServerSeed, type SeedOwner } from './originals.service.ts';

/**
 * In-house provably-fair games. For now the player's seed pairs (hashed server seed shown before
 * play, client seed of the player's choosing, nonce per bet, reveal on rotation); the games on top
 * use the outcome math of packages/fairness.
 */
export const originalsModule: ServerModule = {
  name: 'originals',
  async register(app, ctx) {
    await registerOriginalsRoutes(app, ctx);
    // An orderly shutdown (SIGTERM) lets the batches already taken commit and answer before the
    // database closes; a batch cut short would be rolled back whole anyway, but its players retried.
    app.addHook('onClose', () => flushSingleRounds(ctx.db));
  },
};
