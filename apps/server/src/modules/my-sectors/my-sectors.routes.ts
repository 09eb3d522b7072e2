import {
  addMySectorRoute,
  deleteMySectorRoute,
  listMySectorsRoute,
  MY_SECTOR_ADDED_MESSAGE,
  MY_SECTOR_DELETED_MESSAGE,
  MY_SECTOR_UPDATED_MESSAGE,
  updateMySectorRoute,
} from '@portal/contract/my-sectors';
import type { FastifyInstance } from 'fastify';
import { getPageRequest } from '../../lib/pagination.js';
import { registerRoute } from '../../lib/route.js';
import { catalogueRequestOf } from '../catalogue/catalogue.usecases.js';
import { addMySector, deleteMySector, listMySectors, updateMySector } from './my-sectors.usecases.js';

/** My Sectors screen (001 §2, §7): admin only. */
export async function mySectorsRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, addMySectorRoute, async (request, reply) => {
    const data = await addMySector({ ...catalogueRequestOf(app, request), input: request.body });
    reply.code(201);
    return { message: MY_SECTOR_ADDED_MESSAGE, data };
  });

  registerRoute(app, updateMySectorRoute, async (request) => {
    const data = await updateMySector({ ...catalogueRequestOf(app, request), id: request.params.id, input: request.body });
    return { message: MY_SECTOR_UPDATED_MESSAGE, data };
  });

  registerRoute(app, deleteMySectorRoute, async (request) => {
    await deleteMySector({ ...catalogueRequestOf(app, request), id: request.params.id });
    return { message: MY_SECTOR_DELETED_MESSAGE };
  });

  registerRoute(app, listMySectorsRoute, async (request) =>
    listMySectors({
      db: app.db,
      pageRequest: getPageRequest({ request, publicUrl: app.config.publicUrl, page: request.query.page }),
    }),
  );
}
