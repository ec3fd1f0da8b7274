import { startReferenceFeed } from '../../../../reference-feed/src/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { runsBackgroundWork } from '../../platform/jobs.ts';

/**
 * Starts the reference odds feed (apps/reference-feed) beside the server, outside production, on
 * the instance that runs background work (docs/sportsbook-feed.md §10): its own listener on
 * REFERENCE_FEED_PORT, read by the sportsbook's consumer over WebSocket like any provider's feed.
 * Answers a close function, or null when off, not this instance's work, or the port is taken (a
 * warning; the platform runs anyway, and another instance's feed may be the one on that port).
 */
export async function startReferenceFeedBeside(ctx: AppContext): Promise<(() => Promise<void>) | null> {
  const { config } = ctx;
  if (!config.referenceFeed || !runsBackgroundWork(config, config.SPORTSBOOK_FEED)) return null;
  try {
    const feed = await startReferenceFeed({
      port: config.REFERENCE_FEED_PORT,
      host: '127.0.0.1',
      speed: config.REFERENCE_FEED_SPEED,
      seed: config.REFERENCE_FEED_SEED,
      sports: config.REFERENCE_FEED_SPORTS,
      fixturesPerSport: config.REFERENCE_FEED_FIXTURES,
      token: config.FEED_TOKEN,
    });
    ctx.log.info(`reference odds feed at ${feed.url} (speed ${config.REFERENCE_FEED_SPEED})`);
    return feed.close;
  } catch (err) {
    ctx.log.warn({ err }, 'reference odds feed not started (port in use?)');
    return null;
  }
}
