import type { AppContext } from '../../platform/context.ts';
import { Ticker } from '../../platform/jobs.ts';
import { drawDue, scheduleAhead } from './lottery.draws.ts';
import { broadcastDraw } from './lottery.events.ts';
import { settleDrawn } from './lottery.settle.ts';
import type { EngineTimings } from './lottery.timing.ts';
import { vnEngineStep } from './vn/vn.step.ts';

export { drawDue, ensureDraws, hmac, scheduleAhead, sha256 } from './lottery.draws.ts';
export { cancelDraw, type SettleCounts, settleDrawn } from './lottery.settle.ts';

/**
 * The lottery engine: each tick schedules fast draws ahead, draws the due ones and settles what was
 * drawn, then keeps the Vietnamese draws scheduled and finishes their unfinished settlements. Leaderless — any number of instances run it at once: every step takes its rows under
 * `for update skip locked` (or inserts with `on conflict do nothing`), so instances split the work
 * instead of repeating it, and a killed instance's unfinished batch is simply taken again.
 */
export class LotteryEngine {
  private readonly ticker: Ticker;

  constructor(
    private readonly ctx: AppContext,
    private readonly timings: EngineTimings,
  ) {
    this.ticker = new Ticker(() => this.tick(), timings.tickMs);
  }

  start(): void {
    this.ticker.start();
  }

  /** Stops ticking and waits for the step in flight (its batch commits or rolls back whole). */
  stop(): Promise<void> {
    return this.ticker.stop();
  }

  /** One pass: schedule, draw, settle. A failing step is logged and retried on the next tick. */
  async tick(): Promise<void> {
    const { db, clock, log } = this.ctx;
    try {
      await scheduleAhead(db, clock.now(), this.timings);
    } catch (error) {
      log.warn({ err: String(error) }, 'lottery scheduling failed');
    }
    try {
      for (const draw of await drawDue(db, clock.now())) broadcastDraw(this.ctx, draw);
    } catch (error) {
      log.warn({ err: String(error) }, 'lottery draw failed');
    }
    try {
      const counts = await settleDrawn(db, clock.now(), this.timings.settleBatchSize);
      for (const draw of counts.settled) broadcastDraw(this.ctx, draw);
    } catch (error) {
      log.warn({ err: String(error) }, 'lottery settlement failed');
    }
    try {
      // The Vietnamese draws: the day's draws exist ahead of time, and an approved result's
      // settlement (or a cancellation's refund) cut short by a crash is finished here.
      await vnEngineStep(db, clock.now());
    } catch (error) {
      log.warn({ err: String(error) }, 'vn lottery step failed');
    }
  }
}
