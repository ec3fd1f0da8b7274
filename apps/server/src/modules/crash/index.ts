import type { ServerModule } from '../../platform/context.ts';
import { CrashLoop } from './crash.loop.ts';
import { registerCrashRoutes } from './crash.routes.ts';
import { type CrashTimings, DEFAULT_TIMINGS } from './crash.timing.ts';
import { runsBackgroundWork } from '../../platform/jobs.ts';

export { CRASH_SOURCE } from './crash.settle.ts';
export type { CrashTimings } from './crash.timing.ts';

export interface CrashModuleOptions {
  timings?: Partial<CrashTimings>;
  /** Run the round loop; by default CRASH_LOOP, else on outside tests, and never on ROLE=api. */
  loop?: boolean;
}

/**
 * Crash: one shared round for every player of a merchant, over WebSocket, seeded by a hash chain
 * whose terminating hash is published before the first round. The loop (one leader per merchant)
 * stops with the app, so a graceful shutdown never leaves a step half-way.
 */
export function createCrashModule(options: CrashModuleOptions = {}): ServerModule {
  const timings = { ...DEFAULT_TIMINGS, ...options.timings };
  return {
    name: 'crash',
    async register(app, ctx) {
      await registerCrashRoutes(app, ctx, timings);
      if (!runsBackgroundWork(ctx.config, options.loop ?? ctx.config.CRASH_LOOP)) return;
      const loop = new CrashLoop(ctx, timings);
      app.addHook('onReady', async () => loop.start());
      app.addHook('onClose', async () => loop.stop());
    },
  };
}

export const crashModule = createCrashModule();
