import type { FastifyInstance } from 'fastify';

/** The agent ledger and the balance report (issue 5). */
export async function ledgerRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
