import {
  addAgentRoute,
  AGENT_ADDED_MESSAGE,
  AGENT_APPROVED_MESSAGE,
  AGENT_DELETED_MESSAGE,
  AGENT_REJECTED_MESSAGE,
  AGENT_UPDATED_MESSAGE,
  approveAgentRoute,
  deleteAgentRoute,
  editAgentRoute,
  listAgentsRoute,
  listUsersRoute,
  myProfileRoute,
  PROFILE_UPDATED_MESSAGE,
  rejectAgentRoute,
  searchAgentByEmailRoute,
  updateAgentRoute,
  unlockUserRoute,
  updateMyProfileRoute,
  USER_UNLOCKED_MESSAGE,
} from '@portal/contract/agents';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notifyLowCredit } from '../credit/credit.usecases.js';
import { createUnauthenticatedError } from '../../lib/http-error.js';
import { getPageRequest } from '../../lib/pagination.js';
import { auditActorOf } from '../audit/audit.usecases.js';
import { registerRoute } from '../../lib/route.js';
import { createProfileReadOnlyError } from './agents.errors.js';
import {
  addAgent,
  approveAgent,
  deleteAgent,
  getAgent,
  getMyProfile,
  listAgents,
  listUsers,
  rejectAgent,
  searchAgentsByEmail,
  unlockUser,
  updateAgent,
  updateMyProfile,
} from './agents.usecases.js';

/** Agents, users and profiles (001 §2, §7; 000 §2 My Profile). Admin only except my-profile and update-my-profile. */
export async function agentsRoutes(app: FastifyInstance): Promise<void> {
  const storage = { uploadsDir: app.uploadsDir, publicUrl: app.config.publicUrl };
  const context = (request: FastifyRequest) => ({ db: app.db, storage, kickMail: () => app.kickMail(), actor: auditActorOf(request) });
  const publicUrl = app.config.publicUrl;

  // An agent's update-my-profile is refused before its body is validated: whatever it sends, the answer is
  // that its profile is changed through the admin (000 §2), not a list of field errors.
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.url !== `/api${updateMyProfileRoute.path}`) return;
    if (request.user && request.user.role !== 'admin') throw createProfileReadOnlyError();
  });

  registerRoute(app, listAgentsRoute, async (request) =>
    listAgents({ db: app.db, publicUrl, query: request.query, pageRequest: getPageRequest({ request, publicUrl, page: request.query.page }) }),
  );

  registerRoute(app, editAgentRoute, async (request) => ({ data: await getAgent({ db: app.db, id: request.params.id, publicUrl }) }));

  registerRoute(app, addAgentRoute, async (request, reply) => {
    const data = await addAgent({ ...context(request), input: request.body, userId: request.user!.id });
    reply.code(201);
    return { message: AGENT_ADDED_MESSAGE, data };
  });

  registerRoute(app, updateAgentRoute, async (request) => {
    const { agent, lowCredit } = await updateAgent({ ...context(request), id: request.params.id, input: request.body, userId: request.user!.id });
    await notifyLowCredit({ notifier: app.notifier, log: request.log, notice: lowCredit });
    return { message: AGENT_UPDATED_MESSAGE, data: agent };
  });

  registerRoute(app, approveAgentRoute, async (request) => {
    const data = await approveAgent({ ...context(request), id: request.params.id });
    return { message: AGENT_APPROVED_MESSAGE, data };
  });

  registerRoute(app, rejectAgentRoute, async (request) => {
    const data = await rejectAgent({ ...context(request), id: request.params.id });
    app.disconnectSessions({ userId: request.params.id });
    return { message: AGENT_REJECTED_MESSAGE, data };
  });

  registerRoute(app, deleteAgentRoute, async (request) => {
    await deleteAgent({ db: app.db, actor: auditActorOf(request), id: request.params.id });
    app.disconnectSessions({ userId: request.params.id });
    return { message: AGENT_DELETED_MESSAGE };
  });

  registerRoute(app, unlockUserRoute, async (request) => {
    await unlockUser({ db: app.db, actor: auditActorOf(request), id: request.body.id });
    return { message: USER_UNLOCKED_MESSAGE };
  });

  registerRoute(app, listUsersRoute, async (request) =>
    listUsers({ db: app.db, publicUrl, pageRequest: getPageRequest({ request, publicUrl, page: request.query.page }) }),
  );

  registerRoute(app, searchAgentByEmailRoute, async (request) => ({
    data: await searchAgentsByEmail({ db: app.db, query: request.body.searchquery, publicUrl }),
  }));

  registerRoute(app, myProfileRoute, async (request) => {
    if (!request.user) throw createUnauthenticatedError();
    return { data: await getMyProfile({ db: app.db, userId: request.user.id, publicUrl }) };
  });

  registerRoute(app, updateMyProfileRoute, async (request) => {
    if (!request.user) throw createUnauthenticatedError();
    const data = await updateMyProfile({ db: app.db, storage, user: request.user, actor: auditActorOf(request), input: request.body });
    return { message: PROFILE_UPDATED_MESSAGE, data };
  });
}
