import { SHARE_SETTINGS_SAVED_MESSAGE, shareTextRoute, updateShareSettingsRoute } from '@portal/contract/share';
import type { FastifyInstance } from 'fastify';
import { createUnauthenticatedError } from '../../lib/http-error.js';
import { registerRoute } from '../../lib/route.js';
import { getShareText, updateShareSettings } from './share.usecases.js';

/** Sharing fares on WhatsApp (PRODUCT §6, decision 026). */
export async function shareRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, shareTextRoute, async (request) => {
    if (!request.user) throw createUnauthenticatedError();
    return { data: await getShareText({ db: app.db, publicUrl: app.config.publicUrl, userId: request.user.id, query: request.query }) };
  });

  registerRoute(app, updateShareSettingsRoute, async (request) => {
    if (!request.user) throw createUnauthenticatedError();
    const data = await updateShareSettings({ db: app.db, user: request.user, markup: request.body.markup });
    return { message: SHARE_SETTINGS_SAVED_MESSAGE, data };
  });
}
