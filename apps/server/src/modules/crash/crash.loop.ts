import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../platform/context.ts';
import { Ticker } from '../../platform/jobs.ts';
import { advanceRound, ensureChain } from './crash.engine.ts';
import { broadcastBet, broadcastRound } from './crash.events.ts';
import * as repo from './crash.repository.ts';
import type { CrashTimings } from './crash.timing.ts';

/**
 * The round loop. Every instance may run one, but only the holder of a merchant's lease (a row in
 * crash_leases, renewed every tick, taken over once it expires) advances that merchant's rounds;
 * the others serve bets and cash-outs from the database and push what the leader publishes on the
 * event bus. A row lease rather than an advisory lock: it works the same on PGlite and through a
 * pooled connection, and a leader that stalls loses it by time, not by connection loss.
 */
export class CrashLoop {
  readonly holder = randomUUID();
  private readonly ticker: Ticker;

  constructor(
    private readonly ctx: AppContext,
    private readonly timings: CrashTimings,
  ) {
    this.ticker = new Ticker(() => this.tick(), timings.tickMs);
  }

  start(): void {
    this.ticker.start();
  }

  /** Stops ticking, waits for the step in flight, and hands the leases back for a quick takeover. */
  async stop(): Promise<void> {
    await this.ticker.stop();
    await this.ctx.db.deleteFrom('crash_leases').where('holder', '=', this.holder).execute();
  }

  /** One pass over every merchant this instance leads. */
  async tick(): Promise<void> {
    try {
      const merchants = await this.ctx.db.selectFrom('merchants').select('id').execute();
      for (const { id } of merchants) if (await this.lead(id)) await this.step(id);
    } catch (error) {
      this.ctx.log.warn({ err: String(error) }, 'crash loop step failed');
    }
  }

  /** Takes or renews the merchant's lease; true while this instance holds it. */
  async lead(merchantId: string): Promise<boolean> {
    const now = this.ctx.clock.now();
    const expires = new Date(now.getTime() + this.timings.leaseMs);
    const row = await this.ctx.db
      .insertInto('crash_leases')
      .values({ merchant_id: merchantId, holder: this.holder, expires_at: expires })
      .onConflict((oc) =>
        oc
          .column('merchant_id')
          .doUpdateSet({ holder: this.holder, expires_at: expires })
          .where((eb) =>
            eb.or([eb('crash_leases.holder', '=', this.holder), eb('crash_leases.expires_at', '<', now)]),
          ),
      )
      .returning('holder')
      .executeTakeFirst();
    return row?.holder === this.holder;
  }

  async step(merchantId: string): Promise<void> {
    await ensureChain(this.ctx.db, merchantId, this.timings);
    const result = await advanceRound(this.ctx.db, merchantId, this.ctx.clock.now(), this.timings);
    if (result.roundId === null) return;
    if (result.phaseChanged)
      await broadcastRound(this.ctx, merchantId, result.roundId, this.timings.growthPerMs);
    else
      for (const bet of await repo.betsOf(this.ctx.db, result.roundId))
        if (result.cashedBetIds.includes(bet.id)) broadcastBet(this.ctx, bet);
  }
}
