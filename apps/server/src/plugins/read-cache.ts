import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptsGzip, COMPRESS_MIN_BYTES, gzipBody } from './compression.js';
import { isWriteRequest } from './data-changes.js';

/** How long an answer is reused when nothing was written meanwhile (bounds staleness of time-based figures). */
export const READ_CACHE_TTL_MS = 5_000;
const MAX_ENTRY_BYTES = 8 * 1024 * 1024;
const MAX_TOTAL_BYTES = 64 * 1024 * 1024;

/** Never cached: liveness must ask the database; documents are files, not JSON. */
const UNCACHED = /^\/api\/(health|docs|booking-pdf|pnr-pdf|pnr-excel|private-files|general-report-xlsx|account-report-xlsx)(\/|$)/;

interface Entry {
  /** The answer's bytes: a Buffer is sent as it is, where a string would be measured and encoded on every hit. */
  body: Buffer;
  /** Its gzip, made on the first hit that accepts gzip (plugins/compression.ts) and reused after. */
  gzip: Promise<Buffer> | null;
  contentType: string;
  expiresAt: number;
}

interface Pending {
  promise: Promise<Entry | null>;
  resolve: (entry: Entry | null) => void;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on the request that computes an answer others may wait for (see registerReadCache). */
    readCacheMiss: { key: string; generation: number; pending: Pending } | null;
  }
}

/**
 * Read answers in memory for a few seconds (decision 009). Every read of the API, per caller, is kept for
 * READ_CACHE_TTL_MS unless data changes first: any write of this process, the hold sweeper, a notification
 * push, or (with REDIS_URL) another process's write clears it all (plugins/data-changes.ts). Identical reads
 * that arrive while the first one is still computing wait for its answer instead of asking the database again.
 *
 * Why: on the embedded database every query is served one at a time, so 50 screens reloading the same list
 * queued behind each other; now one query answers them all. The key is the route, its query and body, and
 * the caller (answers are per user: an agent's list is its own). A write's answer is sent only after the cache
 * is cleared, so a client never reads, from this process, an older state than a write it has seen.
 */
export function registerReadCache(app: FastifyInstance, { ttlMs = READ_CACHE_TTL_MS }: { ttlMs?: number } = {}): void {
  const entries = new Map<string, Entry>();
  let pending = new Map<string, Pending>();
  let totalBytes = 0;
  let generation = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.body.length;
  };

  app.dataChanges.onChange(() => {
    entries.clear();
    totalBytes = 0;
    generation++;
    // Requests that arrive from now on must not wait for an answer computed before the change.
    pending = new Map();
  });

  const keyOf = (request: FastifyRequest): string | null => {
    const url = request.routeOptions.url;
    if (!url || (request.method !== 'GET' && request.method !== 'POST') || UNCACHED.test(url)) return null;
    if (isWriteRequest(request.method, url)) return null;
    // banners-list reads the Dash-Btn-Id header (001 §7); no other route reads request headers.
    const button = request.headers['dash-btn-id'] ?? '';
    const body = request.method === 'POST' ? JSON.stringify(request.body ?? null) : '';
    return `${request.user?.id ?? 0}\u0000${request.method} ${request.url}\u0000${String(button)}\u0000${body}`;
  };

  const sendEntry = async (request: FastifyRequest, reply: FastifyReply, entry: Entry) => {
    reply.header('content-type', entry.contentType).header('vary', 'accept-encoding');
    if (entry.body.length < COMPRESS_MIN_BYTES || !acceptsGzip(request)) return reply.send(entry.body);
    entry.gzip ??= gzipBody(entry.body);
    return reply.header('content-encoding', 'gzip').send(await entry.gzip);
  };

  app.decorateRequest('readCacheMiss', null);

  // preHandler: after the auth hook (the caller is known) and validation (a bad request is answered as usual).
  app.addHook('preHandler', async (request, reply) => {
    const key = keyOf(request);
    if (key === null) return;
    const now = Date.now();
    const entry = entries.get(key);
    if (entry && entry.expiresAt > now) return sendEntry(request, reply, entry);
    const waiting = pending.get(key);
    if (waiting) {
      // Only its time ran out (a change would have cleared it) and a fresh answer is on its way: the previous
      // one serves meanwhile, so a slow answer (a 2 MB ledger) does not stall every reader each TTL.
      if (entry) return sendEntry(request, reply, entry);
      const answer = await waiting.promise;
      if (answer) return sendEntry(request, reply, answer);
      return; // the first request failed: compute our own answer
    }
    let resolve!: (entry: Entry | null) => void;
    const promise = new Promise<Entry | null>((done) => (resolve = done));
    const own: Pending = { promise, resolve };
    pending.set(key, own);
    request.readCacheMiss = { key, generation, pending: own };
  });

  const settle = (request: FastifyRequest, entry: Entry | null) => {
    const miss = request.readCacheMiss;
    if (!miss) return;
    request.readCacheMiss = null;
    if (pending.get(miss.key) === miss.pending) pending.delete(miss.key);
    miss.pending.resolve(entry);
  };

  // Callback hooks, not async ones: they run on every answer (issue 8's overhead figure).
  app.addHook('onSend', (request, reply, payload, done) => {
    const miss = request.readCacheMiss;
    if (!miss) return done(null, payload);
    const contentType = String(reply.getHeader('content-type') ?? '');
    if (reply.statusCode !== 200 || typeof payload !== 'string' || !contentType.startsWith('application/json') || payload.length > MAX_ENTRY_BYTES) {
      // The previous answer, if its time ran out, is no longer the answer to serve.
      drop(miss.key);
      settle(request, null);
      return done(null, payload);
    }
    const body = Buffer.from(payload);
    const entry: Entry = { body, gzip: null, contentType, expiresAt: Date.now() + ttlMs };
    // Computed while data changed: good enough for the requests that were already waiting, not for later ones.
    if (miss.generation === generation && ttlMs > 0) {
      drop(miss.key);
      while (totalBytes + body.length > MAX_TOTAL_BYTES && entries.size > 0) drop(entries.keys().next().value!);
      entries.set(miss.key, entry);
      totalBytes += body.length;
    }
    settle(request, entry);
    done(null, body);
  });
  // An aborted or failed request must not leave others waiting.
  app.addHook('onResponse', (request, _reply, done) => {
    settle(request, null);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    settle(request, null);
    done();
  });
}
