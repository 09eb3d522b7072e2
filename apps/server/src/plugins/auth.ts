import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler, RouteOptions } from 'fastify';
import type { Access } from '@portal/contract/common';
import { changePasswordRoute, logoutRoute } from '@portal/contract/auth';
import { myProfileRoute } from '@portal/contract/agents';
import { createForbiddenError, createUnauthenticatedError } from '../lib/http-error.js';
import { createPasswordChangeRequiredError } from '../modules/auth/auth.errors.js';
import { authenticateToken, cachedCaller, type AuthUser } from '../modules/auth/auth.usecases.js';
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

/** The caller found (or not) for a route of this access: the error to answer with, or undefined to go on. */
function admit(request: FastifyRequest, user: AuthUser | null, access: Exclude<Access, 'public'>, url: string): Error | undefined {
  request.user = user;
  if (user?.changePassword && !ALLOWED_BEFORE_PASSWORD_CHANGE.has(`${request.method} ${url}`)) {
    // Until the password is changed the server answers as the forced modal does: nothing else (issue 16 point 6).
    // Routes open to visitors answer as to a visitor.
    if (access === 'optional') {
      request.user = null;
      return undefined;
    }
    return createPasswordChangeRequiredError();
  }
  if (access === 'optional') return undefined;
  if (!user) return createUnauthenticatedError();
  if (access === 'admin' && user.role !== 'admin') return createForbiddenError();
  return undefined;
}

/**
 * The one auth check (STYLE: fastify/demo autohooks): every route declares its access in the contract
 * (registerRoute copies it to the route config) and this hook enforces it (PRODUCT §3, §4 roles).
 * It runs on onRequest, before the body is read, so anonymous uploads are refused without parsing them.
 *
 * Attached per route when the route is added (onRoute), with the route's access and path in hand, rather than as
 * one app-wide hook that read request.routeOptions (a new object on every read) on every request; public routes
 * get no hook at all. A callback hook, not an async one: a token the session cache knows is answered
 * synchronously, without a promise or a trip through the microtask queue (issue 20 point 2, decision 041).
 */
function authHook(app: FastifyInstance, cache: SessionCache, access: Exclude<Access, 'public'>, url: string): onRequestHookHandler {
  return function authenticate(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
    const token = readBearerToken(request);
    if (token === undefined) return done(admit(request, null, access, url));
    const cached = cachedCaller(cache, token);
    if (cached !== undefined) return done(admit(request, cached, access, url));
    authenticateToken({ db: app.db, token, cache }).then(
      (user) => done(admit(request, user, access, url)),
      (error: unknown) => done(error as Error),
    );
  };
}

function hookList<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

export function registerAuth(app: FastifyInstance): void {
  const cache = new SessionCache();
  app.decorate('sessionCache', cache);
  app.decorateRequest('user', null);
  app.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access ?? 'public';
    if (access === 'public') return;
    // First among the route's own onRequest hooks (its rate limits count only callers who may call it).
    route.onRequest = [authHook(app, cache, access, route.url), ...hookList(route.onRequest)];
  });
  // Sessions may have changed with any write (logout, a rejected agent, a deactivated admin, a new name).
  app.dataChanges.onChange(() => cache.clear());
}
