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
import { auditActorOf } from '../audit/audit.usecases.js';
import { addMySector, deleteMySector, listMySectors, updateMySector } from './my-sectors.usecases.js';

/** My Sectors screen (001 §2, §7): admin only. */
export async function mySectorsRoutes(app: FastifyInstance): Promise<void> {
  const storage = { uploadsDir: app.uploadsDir, publicUrl: app.config.publicUrl };

  registerRoute(app, addMySectorRoute, async (request, reply) => {
    const data = await addMySector({ db: app.db, storage, input: request.body, userId: request.user?.id ?? null, actor: auditActorOf(request) });
    reply.code(201);
    return { message: MY_SECTOR_ADDED_MESSAGE, data };
  });

  registerRoute(app, updateMySectorRoute, async (request) => {
    const data = await updateMySector({
      db: app.db,
      storage,
      id: request.params.id,
      input: request.body,
      userId: request.user?.id ?? null,
      actor: auditActorOf(request),
    });
    return { message: MY_SECTOR_UPDATED_MESSAGE, data };
  });

  registerRoute(app, deleteMySectorRoute, async (request) => {
    await deleteMySector({ db: app.db, id: request.params.id, actor: auditActorOf(request) });
    return { message: MY_SECTOR_DELETED_MESSAGE };
  });

  registerRoute(app, listMySectorsRoute, async (request) =>
    listMySectors({
      db: app.db,
      pageRequest: getPageRequest({ request, publicUrl: app.config.publicUrl, page: request.query.page }),
    }),
  );
}
