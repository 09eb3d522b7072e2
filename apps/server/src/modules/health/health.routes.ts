import { healthRoute } from '@portal/contract/health';
import type { FastifyInstance } from 'fastify';
import { pingDatabase } from '../../db/database.js';
import { registerRoute } from '../../lib/route.js';

/** GET /api/health (PRODUCT §3): 200 once the database answers, 503 while it does not. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, healthRoute, async (request, reply) => {
    try {
      await pingDatabase(app.db);
      return { status: 'ok' as const };
    } catch (error) {
      request.log.warn({ err: error }, 'health check: the database did not answer');
      reply.code(503);
      return { status: 'unavailable' as const };
    }
  });
}
