import type { ServerModule } from '../../platform/context.ts';
import { LotteryEngine } from './lottery.engine.ts';
import { registerLotteryRoutes } from './lottery.routes.ts';
import { seedDemoFastLottery } from './lottery.seed.ts';
import { DEFAULT_ENGINE_TIMINGS, type EngineTimings } from './lottery.timing.ts';
import { registerVnLotteryRoutes } from './vn/vn.routes.ts';
import { seedDemoVnLottery } from './vn/vn.seed.ts';
import { runsBackgroundWork } from '../../platform/jobs.ts';

export type { EngineTimings } from './lottery.timing.ts';

export interface LotteryModuleOptions {
  timings?: Partial<EngineTimings>;
  /** Run the draw engine; by default LOTTERY_ENGINE, else on outside tests, and never on ROLE=api. */
  engine?: boolean;
}

/**
 * Lottery: fast draws every 1, 3 and 5 minutes and the Vietnamese daily draws. The engine (worker
 * role) schedules draws ahead, makes them and settles their tickets in bounded batches; any number
 * of instances may run it at once, since every step is guarded by row locks in the database.
 */
export function createLotteryModule(options: LotteryModuleOptions = {}): ServerModule {
  const timings = { ...DEFAULT_ENGINE_TIMINGS, ...options.timings };
  return {
    name: 'lottery',
    async register(app, ctx) {
      await registerLotteryRoutes(app, ctx);
      await registerVnLotteryRoutes(app, ctx);
      if (!runsBackgroundWork(ctx.config, options.engine ?? ctx.config.LOTTERY_ENGINE)) return;
      const engine = new LotteryEngine(ctx, timings);
      app.addHook('onReady', async () => engine.start());
      app.addHook('onClose', async () => engine.stop());
    },
    async seedDemo(ctx) {
      await seedDemoFastLottery(ctx);
      await seedDemoVnLottery(ctx);
    },
  };
}

export const lotteryModule = createLotteryModule();
