import { dashboardDeadlinesRoute } from '@portal/contract/deadlines';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route.js';
import { getUpcomingDeadlines } from './deadlines.usecases.js';

/** The admin dashboard's Deadlines list (PRODUCT §6, decision 030). */
export async function deadlinesRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, dashboardDeadlinesRoute, async () => ({ data: await getUpcomingDeadlines({ db: app.db }) }));
}
