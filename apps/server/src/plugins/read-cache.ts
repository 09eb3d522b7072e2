import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptsGzip, COMPRESS_MIN_BYTES, gzipBody, gzipFor } from './compression.js';
import { ANY_GROUP_SCOPE, readScopesOf, touches, type ChangeScopes } from './change-scopes.js';
import { isWriteRequest } from './data-changes.js';
import type { CacheTiming } from './server-timing.js';

/** How long an answer is reused when nothing was written meanwhile (bounds staleness of time-based figures). */
export const READ_CACHE_TTL_MS = 5_000;
const MAX_ENTRY_BYTES = 8 * 1024 * 1024;
const MAX_TOTAL_BYTES = 64 * 1024 * 1024;

/** Never cached: liveness must ask the database; documents are files, not JSON. */
const UNCACHED = /^\/api\/(health|docs|booking-pdf|pnr-pdf|pnr-excel|private-files|general-report-xlsx|account-report-xlsx)(\/|$)/;

interface Entry {
  /** The answer's bytes: a Buffer is sent as it is, where a string would be measured and encoded on every hit. */
  body: Buffer;
  /** Its gzip, made when it is first sent to a client that accepts gzip (plugins/compression.ts) and reused after. */
  gzip: Promise<Buffer> | null;
  contentType: string;
  expiresAt: number;
  /** The scopes whose change drops it; null: every change does (change-scopes.ts). */
  depends: ReadonlySet<string> | null;
}

interface Pending {
  promise: Promise<Entry | null>;
  resolve: (entry: Entry | null) => void;
  /** What the answer depends on as far as the route tells before it runs (shared ticket reads: any group). */
  depends: ReadonlySet<string> | null;
  /** How long it is kept (change-scopes.ts: a ledger longer than the TTL). */
  keepMs: number;
}

interface Miss {
  key: string;
  /** The change count when the answer started: a change after it, to what the answer depends on, makes it unfit to keep. */
  since: number;
  pending: Pending;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on the request that computes an answer others may wait for (see registerReadCache). */
    readCacheMiss: Miss | null;
    /** Scopes a read's handler adds to what its answer depends on (addReadScopes). */
    readCacheScopes: string[] | null;
  }
}

/**
 * A shared ticket read names the groups its answer shows (their sold seats): the answer is then dropped when one
 * of those groups' seats change, not when any group's do (decision 040).
 */
export function addReadScopes(request: FastifyRequest, scopes: readonly string[]): void {
  (request.readCacheScopes ??= []).push(...scopes);
}

/** The last change of each scope, of any scope and of everything, as change counts (see Miss.since). */
class ChangeClock {
  private count = 0;
  private everything = 0;
  private anything = 0;
  private anyGroup = 0;
  private readonly byScope = new Map<string, number>();

  now(): number {
    return this.count;
  }

  tick(scopes: ChangeScopes): void {
    this.count += 1;
    this.anything = this.count;
    if (scopes === null) {
      this.everything = this.count;
      // Every scope is older than this change now: forget them.
      this.byScope.clear();
      return;
    }
    for (const scope of scopes) {
      this.byScope.set(scope, this.count);
      if (scope.startsWith('group:')) this.anyGroup = this.count;
    }
  }

  /** Whether something an answer depends on changed after `since`. */
  changedSince(since: number, depends: ReadonlySet<string> | null): boolean {
    if (this.everything > since) return true;
    if (depends === null) return this.anything > since;
    for (const scope of depends) {
      if (scope === ANY_GROUP_SCOPE ? this.anyGroup > since : (this.byScope.get(scope) ?? 0) > since) return true;
    }
    return false;
  }
}

/**
 * Read answers in memory for a few seconds (decision 009). Every read of the API, per caller, is kept for
 * READ_CACHE_TTL_MS unless data it depends on changes first: any write of this process, the hold sweeper, a
 * notification push, or (with REDIS_URL) another process's write drops the answers it may have altered
 * (plugins/data-changes.ts; what depends on what: change-scopes.ts, decision 040). Identical reads that
 * arrive while the first one is still computing wait for its answer instead of asking the database again.
 *
 * Why: on the embedded database every query is served one at a time, so 50 screens reloading the same list
 * queued behind each other; now one query answers them all. The key is the route, its query and body, and
 * the caller (answers are per user: an agent's list is its own), except for the ticket reads that answer every
 * signed-in caller alike. A write's answer is sent only after what it changed is dropped, so a client never
 * reads, from this process, an older state than a write it has seen.
 */
export function registerReadCache(app: FastifyInstance, { ttlMs = READ_CACHE_TTL_MS, timing = false }: { ttlMs?: number; timing?: boolean } = {}): void {
  const entries = new Map<string, Entry>();
  let pending = new Map<string, Pending>();
  let totalBytes = 0;
  const clock = new ChangeClock();

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.body.length;
  };
  const altered = (scopes: readonly string[], depends: ReadonlySet<string> | null) => depends === null || touches(scopes, depends);

  app.dataChanges.onScopedChange((scopes) => {
    clock.tick(scopes);
    if (scopes === null) {
      entries.clear();
      totalBytes = 0;
      // Requests that arrive from now on must not wait for an answer computed before the change.
      pending = new Map();
      return;
    }
    for (const [key, entry] of entries) if (altered(scopes, entry.depends)) drop(key);
    for (const [key, waiting] of pending) if (altered(scopes, waiting.depends)) pending.delete(key);
  });

  const keyOf = (request: FastifyRequest): { key: string; depends: ReadonlySet<string> | null; keepMs: number } | null => {
    const url = request.routeOptions.url;
    if (!url || (request.method !== 'GET' && request.method !== 'POST') || UNCACHED.test(url)) return null;
    if (isWriteRequest(request.method, url)) return null;
    const { shared, depends, keepMs = ttlMs } = readScopesOf(request, url);
    // banners-list reads the Dash-Btn-Id header (001 §7); no other route reads request headers.
    const button = request.headers['dash-btn-id'] ?? '';
    const body = request.method === 'POST' ? JSON.stringify(request.body ?? null) : '';
    const caller = shared ? (request.user ? 'signed-in' : 'visitor') : (request.user?.id ?? 0);
    return { key: `${caller}\u0000${request.method} ${request.url}\u0000${String(button)}\u0000${body}`, depends, keepMs };
  };

  /** SERVER_TIMING=1: what the cache did with the read (server-timing.ts adds the server's time after it). */
  const mark = (reply: FastifyReply, outcome: CacheTiming) => {
    if (timing) reply.header('server-timing', `cache;desc=${outcome}`);
  };

  const sendEntry = async (request: FastifyRequest, reply: FastifyReply, entry: Entry, outcome: CacheTiming) => {
    mark(reply, outcome);
    reply.header('content-type', entry.contentType).header('vary', 'accept-encoding');
    if (entry.body.length < COMPRESS_MIN_BYTES || !acceptsGzip(request)) return reply.send(entry.body);
    entry.gzip ??= gzipBody(entry.body);
    return reply.header('content-encoding', 'gzip').send(await entry.gzip);
  };

  app.decorateRequest('readCacheMiss', null);
  app.decorateRequest('readCacheScopes', null);

  // preHandler: after the auth hook (the caller is known) and validation (a bad request is answered as usual).
  app.addHook('preHandler', async (request, reply) => {
    const keyed = keyOf(request);
    if (keyed === null) return;
    const { key, depends, keepMs } = keyed;
    const now = Date.now();
    const entry = entries.get(key);
    if (entry && entry.expiresAt > now) return sendEntry(request, reply, entry, 'hit');
    const waiting = pending.get(key);
    if (waiting) {
      // Only its time ran out (a change would have cleared it) and a fresh answer is on its way: the previous
      // one serves meanwhile, so a slow answer (a 2 MB ledger) does not stall every reader each TTL.
      if (entry) return sendEntry(request, reply, entry, 'hit');
      const answer = await waiting.promise;
      if (answer) return sendEntry(request, reply, answer, 'wait');
      return; // the first request failed: compute our own answer
    }
    let resolve!: (entry: Entry | null) => void;
    const promise = new Promise<Entry | null>((done) => (resolve = done));
    const own: Pending = { promise, resolve, depends, keepMs };
    pending.set(key, own);
    request.readCacheMiss = { key, since: clock.now(), pending: own };
    mark(reply, 'miss');
  });

  /** The route's scopes, with the groups the handler named in place of 'any group'. */
  const dependsOf = (routeScopes: ReadonlySet<string> | null, added: string[] | null): ReadonlySet<string> | null => {
    if (routeScopes === null || added === null) return routeScopes;
    return new Set([...[...routeScopes].filter((scope) => scope !== ANY_GROUP_SCOPE), ...added]);
  };

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
    // A string, or JSON bytes a route made ready (lib/json-bytes.ts, decision 047).
    const answer = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : null;
    if (reply.statusCode !== 200 || answer === null || !contentType.startsWith('application/json') || answer.length > MAX_ENTRY_BYTES) {
      // The previous answer, if its time ran out, is no longer the answer to serve.
      drop(miss.key);
      settle(request, null);
      return done(null, payload);
    }
    const body = typeof answer === 'string' ? Buffer.from(answer) : answer;
    const entry: Entry = { body, gzip: null, contentType, expiresAt: Date.now() + miss.pending.keepMs, depends: dependsOf(miss.pending.depends, request.readCacheScopes) };
    // Computed while data it depends on changed: good enough for the requests that were already waiting, not for later ones.
    if (!clock.changedSince(miss.since, entry.depends) && ttlMs > 0) {
      drop(miss.key);
      while (totalBytes + body.length > MAX_TOTAL_BYTES && entries.size > 0) drop(entries.keys().next().value!);
      entries.set(miss.key, entry);
      totalBytes += body.length;
    }
    // One gzip for this answer and every later hit (compression.ts sees Content-Encoding set and leaves it).
    const zipped = body.length >= COMPRESS_MIN_BYTES && acceptsGzip(request);
    if (zipped) entry.gzip = gzipFor(request, body);
    settle(request, entry);
    if (!zipped) return done(null, body);
    reply.header('vary', 'accept-encoding');
    entry.gzip!.then(
      (compressed) => {
        reply.header('content-encoding', 'gzip').removeHeader('content-length');
        done(null, compressed);
      },
      (error: unknown) => done(error as Error),
    );
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
