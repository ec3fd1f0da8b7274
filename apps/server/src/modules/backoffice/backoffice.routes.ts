import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { registerAuditRoutes } from './backoffice.audit.routes.ts';
import { bindBackofficeContext } from './backoffice.guard.ts';
import { registerSessionRoutes } from './backoffice.session.routes.ts';

export async function registerBackofficeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  bindBackofficeContext(app, ctx);
  registerSessionRoutes(app, ctx);
  registerAuditRoutes(app, ctx);
}
