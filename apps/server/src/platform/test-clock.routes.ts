import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isTestClock } from './clock.ts';
import type { AppContext } from './context.ts';
import { parseInput } from './http/validate.ts';

const moveBody = z.object({ at: z.iso.datetime({ offset: true }) });

/**
 * POST /dev/clock {at}: a browser journey moves the server's test clock forward (a day's end, a
 * period's settlement) instead of waiting for it. Only on a server started with TEST_CLOCK_START,
 * which production refuses to start with; the clock never goes back.
 */
export function registerTestClock(app: FastifyInstance, ctx: AppContext): void {
  const clock = ctx.clock;
  if (!ctx.config.TEST_CLOCK_START || ctx.config.NODE_ENV === 'production' || !isTestClock(clock)) return;
  app.post('/dev/clock', { schema: { hide: true } }, async (request) => {
    const { at } = parseInput(moveBody, request.body);
    clock.moveTo(new Date(at));
    return { success: true, value: { now: clock.now().toISOString() } };
  });
}
