import { headerSearchRoute } from '@portal/contract/search';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerRoute } from '../../lib/route.js';
import type { AuthUser } from '../auth/auth.usecases.js';
import { searchEverything } from './search.usecases.js';

function requireUser(request: FastifyRequest): AuthUser {
  // The auth hook has already answered 401 on user routes without a user.
  if (!request.user) throw new Error('route declared access user but no user is set');
  return request.user;
}

/** The header search (000 §2 'Search by email , PNR'; issue 21 point 4, decision 023). */
export async function searchRoutes(app: FastifyInstance): Promise<void> {
  const publicUrl = app.config.publicUrl;

  registerRoute(app, headerSearchRoute, async (request) =>
    searchEverything({ db: app.db, publicUrl, user: requireUser(request), query: request.query.query }),
  );
}
