import type { FastifyInstance } from 'fastify';

/** The dashboards (issue 5). */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
