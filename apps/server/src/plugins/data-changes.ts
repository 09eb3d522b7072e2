import { accountReportRoute } from '@portal/contract/ledger';
import { agentBookingDetailRoute, bookingDetailRoute, bookingEditDetailRoute } from '@portal/contract/booking-lifecycle';
import { checkAvailabilityRoute, searchAgentRoute } from '@portal/contract/bookings';
import { searchAgentByEmailRoute } from '@portal/contract/agents';
import { pnrDetailsRoute, pnrRespectToMySectorRoute, pnrRespectToMySectorUserRoute, searchFlightsRoute } from '@portal/contract/tickets';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tells the in-memory caches (sessions, reads) that data changed; see registerDataChanges. */
    dataChanges: DataChanges;
  }
}

/**
 * POST routes that only read (searches, details, reports). Every other successful POST may have changed
 * data (a booking, a payment, a logout, a deactivated admin, a new name). A route missing here only costs
 * a cache miss, never a stale answer.
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

/** Whether a successful answer to this request may mean that data changed. */
export function isWriteRequest(method: string, routeUrl: string | undefined): boolean {
  if (method === 'HEAD' || method === 'OPTIONS') return false;
  if (method === 'GET') return routeUrl !== undefined && WRITING_GET.test(routeUrl);
  return routeUrl === undefined || !READ_ONLY_POSTS.has(routeUrl);
}

export interface DataChanges {
  /** Data changed in this process: clear the local caches and tell the other processes (with Redis). */
  changed(): void;
  /** Another process said its data changed: clear the local caches only. */
  changedElsewhere(): void;
  /** A local cache to clear on every change. */
  onChange(listener: () => void): void;
  /** A way to tell the other processes (the realtime plugin's Redis adapter). */
  addPeerBroadcast(broadcast: () => void): void;
}

/**
 * One signal for the caches that trade a database query for a few seconds of memory (decision 009): every
 * successful write request, and every background job that writes (the hold sweeper), calls `changed()`.
 * Write requests signal in onSend, after their transaction committed and before the answer leaves, so a
 * client that has seen a write's answer never reads an older cached state from this process.
 */
export function registerDataChanges(app: FastifyInstance): void {
  const listeners: Array<() => void> = [];
  const peers: Array<() => void> = [];
  const clearLocal = () => {
    for (const listener of listeners) listener();
  };
  const dataChanges: DataChanges = {
    changed() {
      clearLocal();
      for (const broadcast of peers) {
        try {
          broadcast();
        } catch (error) {
          app.log.warn({ err: error }, 'could not tell the other processes that data changed');
        }
      }
    },
    changedElsewhere: clearLocal,
    onChange: (listener) => listeners.push(listener),
    addPeerBroadcast: (broadcast) => peers.push(broadcast),
  };
  app.decorate('dataChanges', dataChanges);
  // A callback hook, not an async one: it runs on every answer (issue 8's overhead figure).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode < 400 && isWriteRequest(request.method, request.routeOptions.url)) dataChanges.changed();
    done(null, payload);
  });
}
