import {
  EMAIL_QUEUED_MESSAGE,
  EMAIL_RESEND_MESSAGE,
  getEmailRoute,
  listEmailsRoute,
  resendEmailRoute,
  sendEmailRoute,
} from '@portal/contract/emails';
import type { FastifyInstance } from 'fastify';
import { getPageRequest } from '../../lib/pagination.js';
import { registerRoute } from '../../lib/route.js';
import { getEmail, listEmails, resendEmail, sendEmailToAgent } from './emails.usecases.js';

/** Emails page (PRODUCT §5): the outbox, view, resend, compose; admin only (001 §6). */
export async function emailsRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, listEmailsRoute, async (request) =>
    listEmails({ db: app.db, pageRequest: getPageRequest({ request, publicUrl: app.config.publicUrl, page: request.query.page }) }),
  );

  registerRoute(app, getEmailRoute, async (request) => ({ data: await getEmail({ db: app.db, id: request.params.id }) }));

  registerRoute(app, resendEmailRoute, async (request) => {
    await resendEmail({ db: app.db, id: request.params.id });
    app.kickMail();
    return { message: EMAIL_RESEND_MESSAGE };
  });

  registerRoute(app, sendEmailRoute, async (request, reply) => {
    const data = await sendEmailToAgent({ db: app.db, input: request.body });
    app.kickMail();
    reply.code(201);
    return { message: EMAIL_QUEUED_MESSAGE, data };
  });
}
