import { auditPage, auditQuery } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { doc } from '../../platform/http/openapi.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { offsetOf, pageOf } from '../../platform/http/paging.ts';
import { requireOperator } from './backoffice.guard.ts';
import * as repo from './backoffice.repository.ts';

/** GET /bo/audit: the merchant's audit log, newest first, by action and operator. */
export function registerAuditRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/bo/audit',
    {
      schema: doc({
        querystring: auditQuery,
        response: auditPage,
        summary: "The merchant's audit log of operator actions, newest first",
        tags: ['backoffice'],
        auth: 'backoffice',
      }),
    },
    async (request) => {
      const { merchantId } = await requireOperator(request, 'audit.read');
      const query = parseInput(auditQuery, request.query);
      const [total, rows] = await Promise.all([
        repo.countAudit(ctx.db, merchantId, query),
        repo.listAudit(ctx.db, merchantId, query, query.pageSize, offsetOf(query)),
      ]);
      const list = rows.map((row) => ({
        id: String(row.id),
        at: new Date(row.created_at).toISOString(),
        operator: row.operator_name,
        action: row.action,
        targetType: row.target_type,
        targetId: row.target_id,
        before: row.before,
        after: row.after,
        reason: row.reason,
        ip: row.ip,
      }));
      return { success: true, value: pageOf(list, total, query) };
    },
  );
}
