import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';

// Placeholder until this part of the cashier lands.
export async function registerTransferRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
