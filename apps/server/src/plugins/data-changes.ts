import { accountReportRoute } from '@portal/contract/ledger';
import { agentBookingDetailRoute, bookingDetailRoute, bookingEditDetailRoute } from '@portal/contract/booking-lifecycle';
import { checkAvailabilityRoute, searchAgentRoute } from '@portal/contract/bookings';
import { searchAgentByEmailRoute } from '@portal/contract/agents';
import { pnrDetailsRoute, pnrRespectToMySectorRoute, pnrRespectToMySectorUserRoute, searchFlightsRoute } from '@portal/contract/tickets';
import type { FastifyInstance } from 'fastify';
import { writeScopesOf, type ChangeScopes } from './change-scopes.js';

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
  /**
   * Data changed in this process: drop what the change may have altered from the local caches and tell the other
   * processes (with Redis). No scopes (or null): everything may have changed (change-scopes.ts, decision 040).
   */
  changed(scopes?: ChangeScopes): void;
  /** Another process said its data changed: the local caches only. */
  changedElsewhere(scopes?: ChangeScopes): void;
  /** A local cache to clear on every change of everything (the sessions'); scoped changes do not call it. */
  onChange(listener: () => void): void;
  /** A local cache that drops by scope (the reads'): called on every change, with null for everything. */
  onScopedChange(listener: (scopes: ChangeScopes) => void): void;
  /**
   * A way to tell the other processes (the realtime plugin's Redis adapter). A broadcast that takes no argument
   * cannot carry scopes: the other processes then hear every change as a change of everything.
   */
  addPeerBroadcast(broadcast: (scopes: ChangeScopes) => void): void;
}

/**
 * Scopes that a `changed()` without arguments means while `run` runs (synchronously): the notifier pushes each
 * stored notification through the realtime plugin, whose push says `changed()`, and one user's new notification
 * changes that user's notifications only (store-and-push-notifier.ts).
 */
let ambientScopes: ChangeScopes = null;
export function withChangeScopes(scopes: readonly string[], run: () => void): void {
  const previous = ambientScopes;
  ambientScopes = scopes;
  try {
    run();
  } finally {
    ambientScopes = previous;
  }
}

/**
 * One signal for the caches that trade a database query for a few seconds of memory (decision 009): every
 * successful write request, and every background job that writes (the hold sweeper), calls `changed()`.
 * Write requests signal in onSend, after their transaction committed and before the answer leaves, so a
 * client that has seen a write's answer never reads an older cached state from this process. A write that
 * change-scopes.ts knows says what it changed (decision 040), so the reads it cannot have altered stay cached.
 */
export function registerDataChanges(app: FastifyInstance): void {
  const everything: Array<() => void> = [];
  const scoped: Array<(scopes: ChangeScopes) => void> = [];
  const peers: Array<(scopes: ChangeScopes) => void> = [];
  const changeLocal = (scopes: ChangeScopes) => {
    for (const listener of scoped) listener(scopes);
    if (scopes === null) for (const listener of everything) listener();
  };
  const dataChanges: DataChanges = {
    changed(scopes = ambientScopes) {
      changeLocal(scopes);
      for (const broadcast of peers) {
        try {
          broadcast(scopes);
        } catch (error) {
          app.log.warn({ err: error }, 'could not tell the other processes that data changed');
        }
      }
    },
    changedElsewhere: (scopes = null) => changeLocal(scopes),
    onChange: (listener) => everything.push(listener),
    onScopedChange: (listener) => scoped.push(listener),
    addPeerBroadcast: (broadcast) => peers.push(broadcast),
  };
  app.decorate('dataChanges', dataChanges);
  // A callback hook for reads (every answer goes through it, issue 8's overhead figure); a write whose reach
  // change-scopes.ts knows reads its booking first.
  app.addHook('onSend', (request, reply, payload, done) => {
    const url = request.routeOptions.url;
    if (reply.statusCode >= 400 || !isWriteRequest(request.method, url)) return done(null, payload);
    writeScopesOf({ db: app.db, request, url, payload }).then(
      (scopes) => {
        dataChanges.changed(scopes);
        done(null, payload);
      },
      (error: unknown) => {
        request.log.warn({ err: error }, 'could not tell what a write changed: every cached read is dropped');
        dataChanges.changed(null);
        done(null, payload);
      },
    );
  });
}
