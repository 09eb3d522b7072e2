import {
  listNotificationsRoute,
  markNotificationsReadRoute,
  NOTIFICATIONS_MARKED_READ_MESSAGE,
  unreadNotificationsCountRoute,
} from '@portal/contract/notifications';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getPageRequest } from '../../lib/pagination.js';
import { registerRoute } from '../../lib/route.js';
import { getNotificationsPage, getUnreadCount, markRead } from './notifications.usecases.js';

function requireUserId(request: FastifyRequest): number {
  // The auth hook has already answered 401 on user routes without a session.
  if (!request.user) throw new Error('route declared access user but no user is set');
  return request.user.id;
}

/** Stored notifications (000 §7 listofnotification, mark read, unread count); the caller's own only (PRODUCT §4). */
export async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  const publicUrl = app.config.publicUrl;

  registerRoute(app, listNotificationsRoute, async (request) =>
    getNotificationsPage({
      db: app.db,
      userId: requireUserId(request),
      pageRequest: getPageRequest({ request, publicUrl, page: request.query.page }),
    }),
  );

  registerRoute(app, unreadNotificationsCountRoute, async (request) => ({
    count: await getUnreadCount({ db: app.db, userId: requireUserId(request) }),
  }));

  registerRoute(app, markNotificationsReadRoute, async (request) => ({
    message: NOTIFICATIONS_MARKED_READ_MESSAGE,
    count: await markRead({ db: app.db, userId: requireUserId(request), input: request.body }),
  }));
}
