import type { FastifyInstance } from 'fastify';

/** Payments and the General Report (issue 5). */
export async function paymentsRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
