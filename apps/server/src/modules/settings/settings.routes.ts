import {
  ADMIN_ACTIVATED_MESSAGE,
  ADMIN_ADDED_MESSAGE,
  ADMIN_DEACTIVATED_MESSAGE,
  ADMIN_UPDATED_MESSAGE,
  addAdminRoute,
  getSettingsRoute,
  listAdminsRoute,
  publicSettingsRoute,
  SETTINGS_UPDATED_MESSAGE,
  toggleAdminRoute,
  updateAdminRoute,
  updateSettingsRoute,
} from '@portal/contract/settings';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditActorOf } from '../audit/audit.usecases.js';
import { registerRoute } from '../../lib/route.js';
import type { AuthUser } from '../auth/auth.usecases.js';
import {
  addAdmin,
  getAdminSettings,
  getPublicSettings,
  listAdmins,
  toggleAdmin,
  updateAdmin,
  updateSettings,
} from './settings.usecases.js';

function requireUser(request: FastifyRequest): AuthUser {
  // The auth hook has already answered 401/403 on admin routes without an admin.
  if (!request.user) throw new Error('route declared access admin but no user is set');
  return request.user;
}

/** Settings (001 §2 Settings; issue 7): the public desks and bank accounts, the admin settings and admin users. */
export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, publicSettingsRoute, async () => ({ data: await getPublicSettings({ db: app.db }) }));

  registerRoute(app, getSettingsRoute, async () => ({ data: await getAdminSettings({ db: app.db }) }));

  registerRoute(app, updateSettingsRoute, async (request) => {
    const data = await updateSettings({ db: app.db, actor: auditActorOf(request), input: request.body, userId: requireUser(request).id });
    return { message: SETTINGS_UPDATED_MESSAGE, data };
  });

  registerRoute(app, listAdminsRoute, async () => ({ data: await listAdmins({ db: app.db }) }));

  registerRoute(app, addAdminRoute, async (request, reply) => {
    const data = await addAdmin({ db: app.db, actor: auditActorOf(request), input: request.body });
    reply.code(201);
    return { message: ADMIN_ADDED_MESSAGE, data };
  });

  registerRoute(app, updateAdminRoute, async (request) => {
    const data = await updateAdmin({ db: app.db, actor: auditActorOf(request), id: request.params.id, input: request.body });
    return { message: ADMIN_UPDATED_MESSAGE, data };
  });

  registerRoute(app, toggleAdminRoute, async (request) => {
    const data = await toggleAdmin({ db: app.db, actor: auditActorOf(request), id: request.params.id, actorId: requireUser(request).id });
    if (!data.is_active) app.disconnectSessions({ userId: request.params.id });
    return { message: data.is_active ? ADMIN_ACTIVATED_MESSAGE : ADMIN_DEACTIVATED_MESSAGE, data };
  });
}
