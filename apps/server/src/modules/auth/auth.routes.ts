import {
  changePasswordRoute,
  FORGOT_PASSWORD_MESSAGE,
  forgotPasswordRoute,
  loginRoute,
  logoutRoute,
  REGISTERED_MESSAGE,
  registerRoute as registerAccountRoute,
} from '@portal/contract/auth';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route.js';
import { notePlainSignIn } from '../../plugins/change-scopes.js';
import { rateLimitPolicies } from '../../plugins/rate-limit.js';
import { changePassword, login, logout, register, requestTemporaryPassword } from './auth.usecases.js';

function requireUser<T>(user: T | null): T {
  // The auth hook has already answered 401 on 'user' routes without a caller.
  if (!user) throw new Error('route declared access user but no user is set');
  return user;
}

export async function authRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(
    app,
    loginRoute,
    async (request) => {
      let revoked = false;
      const session = await login({
        db: app.db,
        email: request.body.email,
        password: request.body.password,
        userAgent: request.headers['user-agent'] ?? null,
        publicUrl: app.config.publicUrl,
        onSessionsRevoked: (userId) => {
          revoked = true;
          app.disconnectSessions({ userId });
        },
        onLocked: ({ emailQueued }) => {
          // A failed sign-in is no successful write, yet the agents list shows the lock at once (decision 009 caches).
          app.dataChanges.changed();
          if (emailQueued) app.kickMail();
        },
      });
      // Ending other sessions is a change of everything (the session cache forgets them); a plain sign-in is not.
      if (!revoked) notePlainSignIn(request);
      return { success: session };
    },
    { rateLimit: [rateLimitPolicies.loginPerIp, rateLimitPolicies.loginPerAddress] },
  );

  registerRoute(app, logoutRoute, async (request) => {
    const { tokenId } = requireUser(request.user);
    await logout({ db: app.db, tokenId });
    // The token's open sockets stop receiving the user's notifications at once (issue 16 point 5).
    app.disconnectSessions({ tokenId });
    return { message: 'Logged out successfully.' };
  });

  registerRoute(
    app,
    registerAccountRoute,
    async (request, reply) => {
      await register({ db: app.db, input: request.body });
      reply.code(201);
      return { message: REGISTERED_MESSAGE };
    },
    { rateLimit: [rateLimitPolicies.register] },
  );

  registerRoute(app, changePasswordRoute, async (request) => {
    const user = requireUser(request.user);
    await changePassword({
      db: app.db,
      userId: user.id,
      tokenId: user.tokenId,
      oldPassword: request.body.old_password,
      newPassword: request.body.new_password,
    });
    app.disconnectSessions({ userId: user.id, exceptTokenId: user.tokenId });
    return { message: 'Password changed successfully!' };
  });

  registerRoute(
    app,
    forgotPasswordRoute,
    async (request) => {
      if (await requestTemporaryPassword({ db: app.db, email: request.body.email })) app.kickMail();
      // The same answer whether or not a message was sent (PRODUCT §4).
      return { message: FORGOT_PASSWORD_MESSAGE };
    },
    { rateLimit: [rateLimitPolicies.forgotPasswordPerIp, rateLimitPolicies.forgotPasswordPerAddress] },
  );
}
