import {
  addAirlineRoute,
  AIRLINE_ADDED_MESSAGE,
  AIRLINE_DELETED_MESSAGE,
  AIRLINE_UPDATED_MESSAGE,
  deleteAirlineRoute,
  listAirlinesRoute,
  updateAirlineRoute,
} from '@portal/contract/airlines';
import type { FastifyInstance } from 'fastify';
import { getPageRequest } from '../../lib/pagination.js';
import { registerRoute } from '../../lib/route.js';
import { catalogueRequestOf } from '../catalogue/catalogue.usecases.js';
import { addAirline, deleteAirline, listAirlines, updateAirline } from './airlines.usecases.js';

/** Airlines screen (001 §2, §7): admin only. */
export async function airlinesRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, addAirlineRoute, async (request, reply) => {
    const data = await addAirline({ ...catalogueRequestOf(app, request), input: request.body });
    reply.code(201);
    return { message: AIRLINE_ADDED_MESSAGE, data };
  });

  registerRoute(app, updateAirlineRoute, async (request) => {
    const data = await updateAirline({ ...catalogueRequestOf(app, request), id: request.params.id, input: request.body });
    return { message: AIRLINE_UPDATED_MESSAGE, data };
  });

  registerRoute(app, deleteAirlineRoute, async (request) => {
    await deleteAirline({ ...catalogueRequestOf(app, request), id: request.params.id });
    return { message: AIRLINE_DELETED_MESSAGE };
  });

  registerRoute(app, listAirlinesRoute, async (request) =>
    listAirlines({
      db: app.db,
      pageRequest: getPageRequest({ request, publicUrl: app.config.publicUrl, page: request.query.page }),
    }),
  );
}
