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
import { auditActorOf } from '../audit/audit.usecases.js';
import { addAirline, deleteAirline, listAirlines, updateAirline } from './airlines.usecases.js';

/** Airlines screen (001 §2, §7): admin only. */
export async function airlinesRoutes(app: FastifyInstance): Promise<void> {
  const storage = { uploadsDir: app.uploadsDir, publicUrl: app.config.publicUrl };

  registerRoute(app, addAirlineRoute, async (request, reply) => {
    const data = await addAirline({ db: app.db, storage, input: request.body, userId: request.user?.id ?? null, actor: auditActorOf(request) });
    reply.code(201);
    return { message: AIRLINE_ADDED_MESSAGE, data };
  });

  registerRoute(app, updateAirlineRoute, async (request) => {
    const data = await updateAirline({
      db: app.db,
      storage,
      id: request.params.id,
      input: request.body,
      userId: request.user?.id ?? null,
      actor: auditActorOf(request),
    });
    return { message: AIRLINE_UPDATED_MESSAGE, data };
  });

  registerRoute(app, deleteAirlineRoute, async (request) => {
    await deleteAirline({ db: app.db, id: request.params.id, actor: auditActorOf(request) });
    return { message: AIRLINE_DELETED_MESSAGE };
  });

  registerRoute(app, listAirlinesRoute, async (request) =>
    listAirlines({
      db: app.db,
      pageRequest: getPageRequest({ request, publicUrl: app.config.publicUrl, page: request.query.page }),
    }),
  );
}
