import { sendWhatsappCodeRoute, verifyWhatsappRoute } from '@portal/contract/auth';
import type { FastifyInstance } from 'fastify';
import { registerRoute, type RateLimitPolicy } from '../../lib/route.js';
import type { AuthUser } from '../auth/auth.usecases.js';
import { createOutboxWhatsappSender, type WhatsappSender } from './whatsapp-sender.js';
import { sendWhatsappCode, verifyWhatsappCode } from './whatsapp.usecases.js';

function requireUser(user: AuthUser | null): AuthUser {
  // The auth hook has already answered 401 on 'user' routes without a caller.
  if (!user) throw new Error('route declared access user but no user is set');
  return user;
}

/** Beyond one code per 30 s (the use case): at most 10 codes an hour per user, each being a message sent. */
const sendCodePerUser: RateLimitPolicy = {
  name: 'whatsapp-send-user',
  max: 10,
  timeWindowMs: 60 * 60_000,
  hook: 'preHandler',
  key: (request) => String(request.user?.id ?? request.ip),
};

export interface WhatsappRoutesOptions {
  /** How codes reach the user; default: e-mailed through the outbox (whatsapp-sender.ts). */
  sender?: WhatsappSender;
}

/**
 * WhatsApp verification (000 §4-§5, PRODUCT §4), for any signed-in user. The seed's client sends `agent_id`;
 * it is ignored and the caller's own account is used.
 */
export async function whatsappRoutes(app: FastifyInstance, options: WhatsappRoutesOptions = {}): Promise<void> {
  const sender = options.sender ?? createOutboxWhatsappSender();

  registerRoute(
    app,
    sendWhatsappCodeRoute,
    async (request) => {
      const message = await sendWhatsappCode({
        db: app.db,
        secret: app.appSecret,
        sender,
        userId: requireUser(request.user).id,
        phone: request.body.phone,
      });
      app.kickMail();
      return { message };
    },
    { rateLimit: [sendCodePerUser] },
  );

  registerRoute(app, verifyWhatsappRoute, async (request) => {
    const userId = requireUser(request.user).id;
    const message = await verifyWhatsappCode({
      db: app.db,
      secret: app.appSecret,
      userId,
      phone: request.body.phone,
      code: request.body.code,
    });
    // Verified: every token was revoked, so the sockets close too (issue 16 point 5).
    app.disconnectSessions({ userId });
    return { message };
  });
}
