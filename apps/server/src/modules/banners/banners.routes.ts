import {
  addBannerRoute,
  allBannersListRoute,
  publicBannersListRoute,
  BANNER_ADDED_MESSAGE,
  BANNER_DELETED_MESSAGE,
  BANNER_UPDATED_MESSAGE,
  BANNERS_PER_PAGE,
  bannersListRoute,
  dashBtnIdHeaderSchema,
  deleteBannerRoute,
  updateBannerRoute,
} from '@portal/contract/banners';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getPageRequest } from '../../lib/pagination.js';
import { registerRoute } from '../../lib/route.js';
import { catalogueRequestOf } from '../catalogue/catalogue.usecases.js';
import type { AuthUser } from '../auth/auth.usecases.js';
import { createDashBtnHeaderError } from './banners.errors.js';
import { addBanner, editBanner, getBannersPage, getButtonBannersPage, removeBanner } from './banners.usecases.js';

function requireUser(request: FastifyRequest): AuthUser {
  // The auth hook has already answered 401 on user routes without a caller.
  if (!request.user) throw new Error('route declared access user but no user is set');
  return request.user;
}

/** The button id of banners-list, from its Dash-Btn-Id header (001 §7); 422 when missing or not an id. */
function readDashBtnId(request: FastifyRequest): number {
  const raw = request.headers['dash-btn-id'];
  const parsed = dashBtnIdHeaderSchema.safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) throw createDashBtnHeaderError(parsed.error.issues[0]?.message ?? 'The Dash-Btn-Id header must be a valid id.');
  return parsed.data;
}

/** Banners (000 §7 allbanners-list; 001 §2 Promotion and p/{id}/{name}, §7 calls): writes are admin only. */
export async function bannersRoutes(app: FastifyInstance): Promise<void> {
  const publicUrl = app.config.publicUrl;

  registerRoute(app, publicBannersListRoute, async (request) =>
    getBannersPage({
      db: app.db,
      user: null,
      pageRequest: getPageRequest({ request, publicUrl, page: request.query.page, perPage: BANNERS_PER_PAGE }),
    }),
  );

  registerRoute(app, allBannersListRoute, async (request) =>
    getBannersPage({
      db: app.db,
      user: requireUser(request),
      pageRequest: getPageRequest({ request, publicUrl, page: request.query.page, perPage: BANNERS_PER_PAGE }),
    }),
  );

  registerRoute(app, bannersListRoute, async (request) =>
    getButtonBannersPage({
      db: app.db,
      user: requireUser(request),
      dashBtnId: readDashBtnId(request),
      pageRequest: getPageRequest({ request, publicUrl, page: request.query.page, perPage: BANNERS_PER_PAGE }),
    }),
  );

  registerRoute(app, addBannerRoute, async (request, reply) => {
    const data = await addBanner({ ...catalogueRequestOf(app, request), input: request.body });
    reply.code(201);
    return { message: BANNER_ADDED_MESSAGE, data };
  });

  registerRoute(app, updateBannerRoute, async (request) => {
    const data = await editBanner({ ...catalogueRequestOf(app, request), id: request.params.id, input: request.body });
    return { message: BANNER_UPDATED_MESSAGE, data };
  });

  registerRoute(app, deleteBannerRoute, async (request) => {
    await removeBanner({ ...catalogueRequestOf(app, request), id: request.params.id });
    return { message: BANNER_DELETED_MESSAGE };
  });
}
