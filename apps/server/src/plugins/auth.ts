import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createForbiddenError, createUnauthenticatedError } from '../lib/http-error.js';
import { accountReportRoute } from '@portal/contract/ledger';
import { agentBookingDetailRoute, bookingDetailRoute, bookingEditDetailRoute } from '@portal/contract/booking-lifecycle';
import { checkAvailabilityRoute, searchAgentRoute } from '@portal/contract/bookings';
import { searchAgentByEmailRoute } from '@portal/contract/agents';
import { pnrDetailsRoute, pnrRespectToMySectorRoute, pnrRespectToMySectorUserRoute, searchFlightsRoute } from '@portal/contract/tickets';
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

/**
 * POST routes that only read (searches, details, reports). Every other successful POST may have changed who
 * may sign in (logout, a new password, a deactivated admin, a new name), so it clears the session cache.
 * A route missing here only costs a database lookup, never a stale session.
 */
const READ_ONLY_POSTS = new Set(
  [
    accountReportRoute,
    agentBookingDetailRoute,
    bookingDetailRoute,
    bookingEditDetailRoute,
    checkAvailabilityRoute,
    pnrDetailsRoute,
    pnrRespectToMySectorRoute,
    pnrRespectToMySectorUserRoute,
    searchAgentByEmailRoute,
    searchAgentRoute,
    searchFlightsRoute,
  ].map((route) => `/api${route.path}`),
);

/**
 * The seeds' API also writes through GET (000 §7, 001 §7: approve-user, reject-user, deleteagent, toggle-admin,
 * cancelbooking, delete...): such paths count as writes.
 */
const WRITING_GET = /^\/api\/(approve|reject|delete|toggle|cancel)/;

/** Whether a successful answer to this request may mean that data changed (and the session cache must go). */
export function isWriteRequest(method: string, routeUrl: string | undefined): boolean {
  if (method === 'HEAD' || method === 'OPTIONS') return false;
  if (method === 'GET') return routeUrl !== undefined && WRITING_GET.test(routeUrl);
  return routeUrl === undefined || !READ_ONLY_POSTS.has(routeUrl);
}

function readBearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  // A token is 43 base64url characters; anything far longer is not worth hashing.
  return match?.[1] && match[1].length <= 200 ? match[1] : undefined;
}

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
    if (access === 'optional') return;
    if (!request.user) throw createUnauthenticatedError();
    if (access === 'admin' && request.user.role !== 'admin') throw createForbiddenError();
  });
  // After the write has committed and before its answer leaves, so a client that sees the answer (a logout)
  // cannot be served from the old cache any more (see SessionCache for the requests already running).
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 && isWriteRequest(request.method, request.routeOptions.url)) cache.clear();
    return payload;
  });
}
