import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { runsBackgroundWork, Ticker } from '../../platform/jobs.ts';
import { catchUpHourly } from './contracts.hourly.ts';
import { catchUpRealtime } from './contracts.realtime.ts';
import { settleDue } from './contracts.settlement.ts';

/**
 * The contract settlement engine (contracts.settlement.ts) on instances that run background work,
 * or wherever AGENT_CONTRACTS=true (browser journeys under NODE_ENV=test). Any number of instances
 * may run it: each period's run row is claimed by one, the others find it done. Driven by the app's
 * clock, so a test clock moves it.
 */
export function scheduleContracts(app: FastifyInstance, ctx: AppContext): void {
  if (!runsBackgroundWork(ctx.config, ctx.config.AGENT_CONTRACTS)) return;
  const ticker = new Ticker(
    () =>
      // The hourly figures and real-time rounds first, so a period that just ended is settled on all its bets.
      catchUpHourly(ctx.db)
        .then(() => catchUpRealtime(ctx.db))
        .then(() => settleDue(ctx.db, ctx.clock.now(), { graceMs: ctx.config.AGENT_CONTRACTS_GRACE_MS }))
        .then(
          () => undefined,
          (err) => ctx.log.warn({ err }, 'agent contract settlement failed'),
        ),
    // How often it looks for ended periods: a payout comes at most this long after the grace.
    ctx.config.AGENT_CONTRACTS_TICK_MS,
    true,
  );
  ticker.start();
  app.addHook('onClose', async () => ticker.stop());
}
