import {
  addGroupRoute,
  deleteGroupRoute,
  editGroupRoute,
  generalRoute,
  GROUP_ADDED_MESSAGE,
  GROUP_CLOSED_MESSAGE,
  GROUP_DELETED_MESSAGE,
  GROUP_REOPENED_MESSAGE,
  GROUP_UPDATED_MESSAGE,
  listGroupHistoryRoute,
  listGroupsRoute,
  updateGroupRoute,
  updateGroupStatusRoute,
} from '@portal/contract/groups';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route.js';
import { auditActorOf } from '../audit/audit.usecases.js';
import {
  addGroup,
  deleteGroup,
  getGeneralLookups,
  getGroup,
  getGroupPage,
  setGroupClosed,
  updateGroup,
} from './groups.usecases.js';

/** Groups (001 §7, issue 3): every route admin-only. */
export async function groupsRoutes(app: FastifyInstance): Promise<void> {
  const publicUrl = app.config.publicUrl;

  registerRoute(app, generalRoute, async () => ({ data: await getGeneralLookups({ db: app.db }) }));

  registerRoute(app, listGroupsRoute, async (request) =>
    getGroupPage({ db: app.db, publicUrl, path: listGroupsRoute.path, closed: false, query: request.query }),
  );

  registerRoute(app, listGroupHistoryRoute, async (request) =>
    getGroupPage({ db: app.db, publicUrl, path: listGroupHistoryRoute.path, closed: true, query: request.query }),
  );

  registerRoute(app, editGroupRoute, async (request) => ({
    data: await getGroup({ db: app.db, publicUrl, groupId: request.params.id }),
  }));

  registerRoute(app, addGroupRoute, async (request, reply) => {
    const id = await addGroup({ db: app.db, actor: auditActorOf(request), input: request.body });
    reply.code(201);
    return { message: GROUP_ADDED_MESSAGE, data: { id } };
  });

  registerRoute(app, updateGroupRoute, async (request) => {
    const { group_id: groupId, ...input } = request.body;
    const id = await updateGroup({ db: app.db, actor: auditActorOf(request), groupId, input });
    return { message: GROUP_UPDATED_MESSAGE, data: { id } };
  });

  registerRoute(app, updateGroupStatusRoute, async (request) => {
    const closed = request.body.close_status === 1;
    await setGroupClosed({ db: app.db, actor: auditActorOf(request), groupId: request.body.group_id, closed });
    return { message: closed ? GROUP_CLOSED_MESSAGE : GROUP_REOPENED_MESSAGE };
  });

  registerRoute(app, deleteGroupRoute, async (request) => {
    await deleteGroup({ db: app.db, actor: auditActorOf(request), groupId: request.params.id });
    return { message: GROUP_DELETED_MESSAGE };
  });
}
