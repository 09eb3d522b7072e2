import { allBannersListRoute, BANNERS_PER_PAGE } from '@portal/contract/banners';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getPageRequest } from '../../lib/pagination.js';
import { registerRoute } from '../../lib/route.js';
import type { AuthUser } from '../auth/auth.usecases.js';
import { getBannersPage } from './banners.usecases.js';

function requireUser(request: FastifyRequest): AuthUser {
  // The auth hook has already answered 401 on user routes without a caller.
  if (!request.user) throw new Error('route declared access user but no user is set');
  return request.user;
}

/** Banners (000 §7 allbanners-list; adding, editing and deleting come with issue 7). */
export async function bannersRoutes(app: FastifyInstance): Promise<void> {
  const publicUrl = app.config.publicUrl;

  registerRoute(app, allBannersListRoute, async (request) =>
    getBannersPage({
      db: app.db,
      publicUrl,
      user: requireUser(request),
      pageRequest: getPageRequest({ request, publicUrl, page: request.query.page, perPage: BANNERS_PER_PAGE }),
    }),
  );
}
