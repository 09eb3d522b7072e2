import type { FastifyInstance } from 'fastify';

/** Banners (allbanners-list; the rest with issue 7). */
export async function bannersRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
