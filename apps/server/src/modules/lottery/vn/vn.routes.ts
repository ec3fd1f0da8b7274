import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';

// PLACEHOLDER owned by the VN helper: replaced by the real routes.
export async function registerVnLotteryRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
