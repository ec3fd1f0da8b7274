import type { AppContext } from '../../platform/context.ts';
import type { EngineTimings } from './lottery.timing.ts';

// PLACEHOLDER owned by the engine helper: replaced by the real engine.
export class LotteryEngine {
  constructor(
    readonly ctx: AppContext,
    readonly timings: EngineTimings,
  ) {}
  start(): void {}
  async stop(): Promise<void> {}
}
