import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';

// PLACEHOLDER owned by the API helper: replaced by the real routes.
export async function registerLotteryRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
