import type { FastifyInstance, FastifyRequest } from 'fastify';
import { changePasswordRoute, logoutRoute } from '@portal/contract/auth';
import { myProfileRoute } from '@portal/contract/agents';
import { createForbiddenError, createUnauthenticatedError } from '../lib/http-error.js';
import { createPasswordChangeRequiredError } from '../modules/auth/auth.errors.js';
import { authenticateToken, type AuthUser } from '../modules/auth/auth.usecases.js';
import { SessionCache } from '../modules/auth/session-cache.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller; null for anonymous requests and on public routes. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** Recently looked-up tokens (modules/auth/session-cache.ts). */
    sessionCache: SessionCache;
  }
}

function readBearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  // A token is 43 base64url characters; anything far longer is not worth hashing.
  return match?.[1] && match[1].length <= 200 ? match[1] : undefined;
}

/** What a user whose change_password is set may still call (000 §4 forced modal; issue 16 point 6). */
const ALLOWED_BEFORE_PASSWORD_CHANGE = new Set([changePasswordRoute, logoutRoute, myProfileRoute].map((route) => `${route.method} /api${route.path}`));

/**
 * The one auth hook (STYLE: fastify/demo autohooks): every route declares its access in the contract
 * (registerRoute copies it to the route config) and this hook enforces it (PRODUCT §3, §4 roles).
 * It runs on onRequest, before the body is read, so anonymous uploads are refused without parsing them.
 */
export function registerAuth(app: FastifyInstance): void {
  const cache = new SessionCache();
  app.decorate('sessionCache', cache);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access ?? 'public';
    if (access === 'public') return;
    const token = readBearerToken(request);
    request.user = token ? await authenticateToken({ db: app.db, token, cache }) : null;
    if (request.user?.changePassword && !ALLOWED_BEFORE_PASSWORD_CHANGE.has(`${request.method} ${request.routeOptions.url}`)) {
      // Until the password is changed the server answers as the forced modal does: nothing else (issue 16 point 6).
      // Routes open to visitors answer as to a visitor.
      if (access === 'optional') {
        request.user = null;
        return;
      }
      throw createPasswordChangeRequiredError();
    }
    if (access === 'optional') return;
    if (!request.user) throw createUnauthenticatedError();
    if (access === 'admin' && request.user.role !== 'admin') throw createForbiddenError();
  });
  // Sessions may have changed with any write (logout, a rejected agent, a deactivated admin, a new name).
  app.dataChanges.onChange(() => cache.clear());
}
