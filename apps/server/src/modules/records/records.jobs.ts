import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { runsBackgroundWork, Ticker } from '../../platform/jobs.ts';
import { pollRollups } from './records.rollups.ts';

/** How often the rollup consumer looks for new facts: the profit and loss lags the bets by about this. */
export const ROLLUP_POLL_MS = 200;

/**
 * The rollup consumer (records.rollups.ts) on instances that run background work, or wherever
 * BET_ROLLUPS=true (browser journeys run it under NODE_ENV=test). Several instances may run it: the
 * checkpoint's row lock takes them in turn, each batch applied once.
 */
export function scheduleRollups(app: FastifyInstance, ctx: AppContext): void {
  if (!runsBackgroundWork(ctx.config, ctx.config.BET_ROLLUPS)) return;
  const ticker = new Ticker(
    () =>
      pollRollups(ctx.db).then(
        () => undefined,
        (err) => ctx.log.warn({ err }, 'bet rollups failed'),
      ),
    ROLLUP_POLL_MS,
    true,
  );
  ticker.start();
  app.addHook('onClose', async () => ticker.stop());
}
