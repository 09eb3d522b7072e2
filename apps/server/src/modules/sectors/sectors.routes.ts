import {
  addSectorRoute,
  deleteSectorRoute,
  listSectorsRoute,
  SECTOR_ADDED_MESSAGE,
  SECTOR_DELETED_MESSAGE,
  SECTOR_UPDATED_MESSAGE,
  updateSectorRoute,
} from '@portal/contract/sectors';
import type { FastifyInstance } from 'fastify';
import { getPageRequest } from '../../lib/pagination.js';
import { registerRoute } from '../../lib/route.js';
import { auditActorOf } from '../audit/audit.usecases.js';
import { addSector, deleteSector, listSectors, updateSector } from './sectors.usecases.js';

/** Sectors screen (001 §2, §7): admin only. */
export async function sectorsRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, addSectorRoute, async (request, reply) => {
    const data = await addSector({ db: app.db, input: request.body, actor: auditActorOf(request) });
    reply.code(201);
    return { message: SECTOR_ADDED_MESSAGE, data };
  });

  registerRoute(app, updateSectorRoute, async (request) => {
    const data = await updateSector({ db: app.db, id: request.params.id, input: request.body, actor: auditActorOf(request) });
    return { message: SECTOR_UPDATED_MESSAGE, data };
  });

  registerRoute(app, deleteSectorRoute, async (request) => {
    await deleteSector({ db: app.db, id: request.params.id, actor: auditActorOf(request) });
    return { message: SECTOR_DELETED_MESSAGE };
  });

  registerRoute(app, listSectorsRoute, async (request) =>
    listSectors({
      db: app.db,
      pageRequest: getPageRequest({ request, publicUrl: app.config.publicUrl, page: request.query.page }),
    }),
  );
}
