import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';

// Placeholder until the back-office routes land.
export async function registerBackofficeRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
