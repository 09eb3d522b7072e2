import { AUDIT_PER_PAGE, auditListRoute } from '@portal/contract/audit';
import type { FastifyInstance } from 'fastify';
import { getPageRequest } from '../../lib/pagination.js';
import { registerRoute } from '../../lib/route.js';
import { getAuditPage } from './audit.usecases.js';

/** The audit trail (decision 035): admins read it; nobody writes it over HTTP. */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, auditListRoute, async (request) =>
    getAuditPage({
      db: app.db,
      query: request.query,
      pageRequest: getPageRequest({ request, publicUrl: app.config.publicUrl, page: request.query.page, perPage: AUDIT_PER_PAGE }),
    }),
  );
}
