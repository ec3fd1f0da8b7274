import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { runsBackgroundWork, Ticker } from '../../platform/jobs.ts';
import { pollPoints } from './points.earning.ts';

/** Points lag the settled bets by about this. */
export const POINTS_POLL_MS = 1_000;

/**
 * The earning consumer on instances that run background work, or wherever the bet rollups are asked
 * for (BET_ROLLUPS: the same switch, since both fold the same stream). Instances take batches in
 * turn on the checkpoint's row lock.
 */
export function schedulePointsEarning(app: FastifyInstance, ctx: AppContext): void {
  if (!runsBackgroundWork(ctx.config, ctx.config.BET_ROLLUPS)) return;
  const ticker = new Ticker(
    () =>
      pollPoints(ctx.db).then(
        () => undefined,
        (err) => ctx.log.warn({ err }, 'points earning failed'),
      ),
    POINTS_POLL_MS,
    true,
  );
  ticker.start();
  app.addHook('onClose', async () => ticker.stop());
}
