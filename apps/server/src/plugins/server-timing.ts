import type { FastifyInstance } from 'fastify';

/**
 * SERVER_TIMING=1 (decision 057): every answer says how long the server took, from the request's arrival to its
 * answer leaving (`app;dur=` in ms, Fastify's reply.elapsedTime), after whatever the read cache said of it
 * (`cache;desc=hit|wait|miss`, read-cache.ts). A load generator can then tell the server's time from its own (a
 * 2 MB ledger inflating at the client) and a read answered from memory from one computed.
 *
 * Registered last, so its onSend runs after the read cache's and the compression's: their gzip is counted.
 */
export function registerServerTiming(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every answer.
  app.addHook('onSend', (_request, reply, payload, done) => {
    const cache = reply.getHeader('server-timing');
    const app = `app;dur=${reply.elapsedTime.toFixed(1)}`;
    reply.header('server-timing', cache === undefined ? app : `${String(cache)}, ${app}`);
    done(null, payload);
  });
}

/** What the read cache did with a read, for the Server-Timing header (set only when SERVER_TIMING=1). */
export type CacheTiming = 'hit' | 'wait' | 'miss';
