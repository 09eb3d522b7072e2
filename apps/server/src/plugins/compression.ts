import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Smaller answers gain nothing worth the CPU (and gzip would grow the tiniest ones). */
export const COMPRESS_MIN_BYTES = 1024;

/** From this size on, gzip level 4 rather than zlib's default 6 (decision 044), on libuv's thread pool. */
export const LARGE_BODY_BYTES = 64 * 1024;
export const LARGE_BODY_GZIP_LEVEL = 4;

const gzipAsync = promisify(gzip);

/**
 * An answer under 64 KB (a list page, search results, notifications) is gzipped at once on the serving thread: at most
 * about 0.1 ms, while zlib's asynchronous path costs 0.1-0.15 ms of CPU whatever the size (a stream, a thread pool
 * hand-off and the wake-up back), 5-10 times the compression itself for the common 2-8 KB answer (decision 060).
 * A large answer goes to libuv's thread pool at level 4, so a 2 MB ledger does not hold up other requests while it is
 * compressed: of an agent's 1.4 MB ledger, 9 ms of CPU and 215 KB against level 6's 21 ms and 200 KB (level 1: 7 ms,
 * 237 KB); the JSON is the same, only its wire size grows by 7 %.
 */
export function gzipBody(body: Buffer): Promise<Buffer> {
  if (body.length < LARGE_BODY_BYTES) {
    try {
      return Promise.resolve(gzipSync(body));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }
  return gzipAsync(body, { level: LARGE_BODY_GZIP_LEVEL });
}

/** A route's own gzip of the answer it sends (offerGzip), made only for a client that takes gzip. */
const offered = new WeakMap<FastifyRequest, () => Promise<Buffer>>();

/**
 * A route that keeps its answer's gzip in pieces (the ledger, decision 050) offers it here: the read cache and the
 * hook below send it instead of compressing the answer. It must be the gzip of the very bytes the route answers.
 */
export function offerGzip(request: FastifyRequest, gzip: () => Promise<Buffer>): void {
  offered.set(request, gzip);
}

/** The gzip of the answer `body` to `request`: the route's own when it offered one. */
export function gzipFor(request: FastifyRequest, body: Buffer): Promise<Buffer> {
  const own = offered.get(request);
  return own ? own() : gzipBody(body);
}

/** Whether the client takes gzip (every browser sends `Accept-Encoding: gzip, deflate, br`); `gzip;q=0` refuses it. */
export function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  if (!header) return false;
  // An explicit gzip entry decides over a wildcard, wherever each stands in the list (RFC 9110 §12.5.3).
  let wildcard: boolean | undefined;
  for (const part of header.toLowerCase().split(',')) {
    const [coding, ...params] = part.trim().split(';');
    if (coding !== 'gzip' && coding !== '*') continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (coding === 'gzip') return accepted;
    wildcard ??= accepted;
  }
  return wildcard ?? false;
}

/** JSON is what the API sends in bulk (lists, the ledger, search results); files and documents go as they are. */
export function isCompressibleJson(reply: FastifyReply): boolean {
  const contentType = reply.getHeader('content-type');
  return typeof contentType === 'string' && contentType.startsWith('application/json') && !reply.hasHeader('content-encoding');
}

/**
 * gzip for the API's JSON answers of 1 KB and more, when the client accepts it (decision 009 addendum): an
 * agent's full ledger is 2.4 MB of JSON but about a tenth of that on the wire, which matters on the mobile
 * connections many agents work from. Registered after the read cache, whose onSend keeps the plain answer;
 * the read cache sends its own stored gzip on a hit (with Content-Encoding set, so nothing is done here).
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.method === 'HEAD' || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return done(null, payload);
    if (!isCompressibleJson(reply)) return done(null, payload);
    reply.header('vary', 'accept-encoding');
    if (!acceptsGzip(request)) return done(null, payload);
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < COMPRESS_MIN_BYTES) return done(null, body);
    gzipFor(request, body).then(
      (compressed) => {
        reply.header('content-encoding', 'gzip');
        reply.removeHeader('content-length');
        done(null, compressed);
      },
      (error: unknown) => done(error as Error),
    );
  });
}
