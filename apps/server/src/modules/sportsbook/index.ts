import type { ServerModule } from '../../platform/context.ts';
import { runsBackgroundWork, scheduleJob } from '../../platform/jobs.ts';
import { FeedConsumer, type FeedConsumerOptions } from './sportsbook.consumer.ts';
import { publishOddsChanges } from './sportsbook.live.ts';
import { publishSettledBets } from './sportsbook.notify.ts';
import { registerSportsBetRoutes } from './sportsbook.bets.routes.ts';
import { registerSportsbookRoutes } from './sportsbook.routes.ts';
import { registerTradingRoutes } from './sportsbook.trading.routes.ts';
import { settlementPending, settleSportsBets } from './sportsbook.settle.ts';

export { startReferenceFeedBeside } from './reference-feed.boot.ts';
export { FeedConsumer, FeedIngestor, type RecoverRequest } from './sportsbook.consumer.ts';
export {
  applySnapshot,
  applyStreamMessage,
  type OddsChangesListener,
  readCursors,
} from './sportsbook.ingest.ts';
export {
  announceFixtures,
  type FixtureOdds,
  type MarketOdds,
  publishOddsChanges,
  readFixtureOdds,
  SPORTS_ODDS_CHANNEL,
} from './sportsbook.live.ts';
export { offeredOdds } from './sportsbook.margins.ts';
export { type MemberSportsBets, SPORTS_BETS_CHANNEL } from './sportsbook.notify.ts';
export { type SettleCounts, type SettledBet, settleSportsBets } from './sportsbook.settle.ts';
export type { SportsbookTables } from './sportsbook.tables.ts';

/** How often the settlement job looks for new facts: a settled match pays within about this. */
const SETTLE_EVERY_MS = 500;

export interface SportsbookModuleOptions {
  /** Run the feed consumer; by default SPORTSBOOK_FEED, else where background work runs. */
  consumer?: boolean;
  feed?: Partial<FeedConsumerOptions>;
}

/**
 * The sportsbook (issue 16): the odds feed's ingest (docs/sportsbook-feed.md) into the sb_* tables
 * and the players' read-only event screens. The consumer runs where background work runs, under a
 * lease, when there is a feed (FEED_URL or the reference feed); bet placement through the bet path
 * (sportsbook.bets.ts); settlement of the bets from the feed's facts (sportsbook.settle.ts), every
 * SETTLE_EVERY_MS where background work runs (instances may run it at once: they take disjoint work).
 */
export function createSportsbookModule(options: SportsbookModuleOptions = {}): ServerModule {
  return {
    name: 'sportsbook',
    async register(app, ctx) {
      registerSportsbookRoutes(app, ctx);
      registerSportsBetRoutes(app, ctx);
      registerTradingRoutes(app, ctx);
      scheduleJob(app, ctx, {
        name: 'sportsbook settlement',
        everyMs: SETTLE_EVERY_MS,
        step: async () =>
          (await settlementPending(ctx.db)) &&
          // Each batch's decided bets go to their players' sockets after its commit.
          settleSportsBets(ctx.db, ctx.clock.now(), { onSettled: (bets) => publishSettledBets(ctx, bets) }),
        // Where the feed's consumer runs (SPORTSBOOK_FEED: also a test server that asks for it).
        runs: options.consumer ?? ctx.config.SPORTSBOOK_FEED,
      });
      const url = options.feed?.url ?? ctx.config.feedUrl;
      if (!url || !runsBackgroundWork(ctx.config, options.consumer ?? ctx.config.SPORTSBOOK_FEED)) return;
      const consumer = new FeedConsumer(ctx.db, ctx.log, {
        token: ctx.config.FEED_TOKEN,
        // What each message changed goes out on the bus after its commit (the live odds sockets).
        onOddsChanges: (changes) => publishOddsChanges(ctx, changes),
        ...options.feed,
        url,
      });
      app.addHook('onReady', async () => consumer.start());
      app.addHook('onClose', async () => consumer.stop());
    },
  };
}

export const sportsbookModule = createSportsbookModule();
