import type { FastifyInstance } from 'fastify';
import type { Config } from './config/config.ts';
import type { AppContext } from './context.ts';

/**
 * Background work: what runs on a schedule, where, and how it stops. Worker and all-in-one instances
 * run it; API-only instances and tests do not (tests drive steps themselves), unless a switch of
 * its own (`CRASH_LOOP`, `LOTTERY_ENGINE`) says otherwise.
 */
export function runsBackgroundWork(config: Pick<Config, 'NODE_ENV' | 'ROLE'>, override?: boolean): boolean {
  return override ?? (config.NODE_ENV !== 'test' && config.ROLE !== 'api');
}

/**
 * Runs `step` every `everyMs`, one at a time: a step still running when the next is due is not
 * started again (a slow database must not pile steps up). `stop` waits for the step in flight, so a
 * shutdown never leaves one half-way.
 */
export class Ticker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly step: () => Promise<void>,
    private readonly everyMs: number,
    /** An unref'd timer does not keep the process alive on its own (housekeeping). */
    private readonly unref = false,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (!this.running) this.running = this.step().finally(() => (this.running = null));
    }, this.everyMs);
    if (this.unref) this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}

/**
 * A housekeeping job: `step` every `everyMs` on instances that run background work (or as the
 * job's own switch, `runs`, says), a failure logged (and tried again next time), stopped with the
 * server.
 */
export function scheduleJob(
  app: FastifyInstance,
  ctx: AppContext,
  job: { name: string; everyMs: number; step: () => Promise<unknown>; runs?: boolean },
): void {
  if (!runsBackgroundWork(ctx.config, job.runs)) return;
  const ticker = new Ticker(
    () =>
      job.step().then(
        () => undefined,
        (err) => ctx.log.warn({ err }, `${job.name} failed`),
      ),
    job.everyMs,
    true,
  );
  ticker.start();
  app.addHook('onClose', async () => ticker.stop());
}
