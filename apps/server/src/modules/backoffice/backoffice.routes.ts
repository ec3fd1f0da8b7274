import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { addOperatorApiAuthenticator } from '../system/index.ts';
import { registerMemberRoutes, registerOperatorAdminRoutes } from './backoffice.admin.routes.ts';
import { registerAuditRoutes } from './backoffice.audit.routes.ts';
import { bindBackofficeContext } from './backoffice.guard.ts';
import { registerEnrolmentRoutes } from './backoffice.enrolment.routes.ts';
import { authenticateMerchantConfig } from './backoffice.merchant-config.ts';
import { registerSessionRoutes } from './backoffice.session.routes.ts';

export async function registerBackofficeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  bindBackofficeContext(app, ctx);
  registerSessionRoutes(app, ctx);
  registerEnrolmentRoutes(app, ctx);
  registerAuditRoutes(app, ctx);
  registerOperatorAdminRoutes(app, ctx);
  registerMemberRoutes(app, ctx);
  addOperatorApiAuthenticator(app, authenticateMerchantConfig);
}
