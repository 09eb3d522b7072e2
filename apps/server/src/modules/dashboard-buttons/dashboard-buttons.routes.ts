import {
  addButtonRoute,
  BUTTON_ADDED_MESSAGE,
  BUTTON_DELETED_MESSAGE,
  BUTTON_UPDATED_MESSAGE,
  DASHBOARD_BUTTONS_PER_PAGE,
  deleteButtonRoute,
  listDashButtonsRoute,
  updateButtonRoute,
} from '@portal/contract/dashboard-buttons';
import type { FastifyInstance } from 'fastify';
import { getPageRequest } from '../../lib/pagination.js';
import { registerRoute } from '../../lib/route.js';
import { catalogueRequestOf } from '../catalogue/catalogue.usecases.js';
import { addDashButton, editDashButton, getDashButtonsPage, removeDashButton } from './dashboard-buttons.usecases.js';

/** Custom Btn (001 §2, §7): admin only. */
export async function dashboardButtonsRoutes(app: FastifyInstance): Promise<void> {
  const publicUrl = app.config.publicUrl;

  registerRoute(app, listDashButtonsRoute, async (request) => {
    const page = request.query.page;
    const pageRequest =
      page === undefined
        ? { all: true as const, baseUrl: getPageRequest({ request, publicUrl, page: 1 }).baseUrl }
        : getPageRequest({ request, publicUrl, page, perPage: DASHBOARD_BUTTONS_PER_PAGE });
    return getDashButtonsPage({ db: app.db, pageRequest });
  });

  registerRoute(app, addButtonRoute, async (request, reply) => {
    const data = await addDashButton({ ...catalogueRequestOf(app, request), input: request.body });
    reply.code(201);
    return { message: BUTTON_ADDED_MESSAGE, data };
  });

  registerRoute(app, updateButtonRoute, async (request) => {
    const data = await editDashButton({ ...catalogueRequestOf(app, request), id: request.params.id, input: request.body });
    return { message: BUTTON_UPDATED_MESSAGE, data };
  });

  registerRoute(app, deleteButtonRoute, async (request) => {
    await removeDashButton({ ...catalogueRequestOf(app, request), id: request.params.id });
    return { message: BUTTON_DELETED_MESSAGE };
  });
}
