import { dashboardSummaryRoute, userDashboardRoute } from '@portal/contract/dashboard';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route.js';
import { getAdminDashboard, getUserDashboard } from './dashboard.usecases.js';

/** The dashboards (000 §7 dashboardsummary for admins, user-dashboard for every signed-in user; issue 5). */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const publicUrl = app.config.publicUrl;

  registerRoute(app, dashboardSummaryRoute, async () => ({ data: await getAdminDashboard({ db: app.db, publicUrl, board: app.ticketBoard }) }));

  registerRoute(app, userDashboardRoute, async () => ({ data: await getUserDashboard({ db: app.db, publicUrl }) }));
}
