import { PROVIDER_CLOCK_SKEW_MS } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { scheduleJob } from '../../platform/jobs.ts';
import { purgeNonces } from './provider-wallet.repository.ts';

const PURGE_EVERY_MS = 60_000;
const PURGE_BATCH = 10_000;

/**
 * A nonce only needs remembering while its call's timestamp is still acceptable; after twice the
 * clock window it can go. Bounded per run; several instances running it only repeat the deletes.
 */
export function scheduleNoncePurge(app: FastifyInstance, ctx: AppContext): void {
  scheduleJob(app, ctx, {
    name: 'nonce purge',
    everyMs: PURGE_EVERY_MS,
    step: () =>
      purgeNonces(ctx.db, new Date(ctx.clock.now().getTime() - 2 * PROVIDER_CLOCK_SKEW_MS), PURGE_BATCH),
  });
}
