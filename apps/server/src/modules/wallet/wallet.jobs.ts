import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { scheduleJob } from '../../platform/jobs.ts';
import { sweepAutoReceipts } from './receipts.service.ts';

const SWEEP_EVERY_MS = 60_000;

/**
 * Writes the auto-receipts on API-and-worker or worker instances; the timer stops with the server.
 * Readers already present an overdue order as received, so this only makes the rows say so too;
 * several instances sweeping at once skip each other's locked rows.
 */
export function scheduleAutoReceipts(app: FastifyInstance, ctx: AppContext): void {
  scheduleJob(app, ctx, {
    name: 'withdrawal auto-receipt sweep',
    everyMs: SWEEP_EVERY_MS,
    step: () => sweepAutoReceipts(ctx),
  });
}
