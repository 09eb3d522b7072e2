/**
 * The bench's timed requests, as a browser makes them: kept-alive connections, the answer read whole, then inflated in
 * one native call (decision 063). Node's fetch (undici) inflates a gzipped answer through a zlib stream, one
 * thread-pool round trip per 16 KB of output and WHATWG streams around it: 8-24 ms of the bench's own time for the
 * busiest agent's 340 KB ledger, which a browser inflates in a few ms off its page's thread (curl: 5 ms in all). That
 * time, and the load generator's CPU it costs on the machine the server shares, was counted as the server's latency.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/** What every browser adds to its requests: the portal gzips JSON answers of 1 KB and more for it (decision 009). */
export const BROWSER_HEADERS: Readonly<Record<string, string>> = { 'accept-encoding': 'gzip, deflate, br' };

export interface BenchRequest {
  method?: string;
  headers?: Record<string, string>;
  /** A multipart form is encoded before the clock starts (the user's machine builds it, not the server's). */
  body?: string | Buffer | FormData;
}

export interface BenchAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body, inflated and decoded as UTF-8. */
  text: string;
  /** From the first byte written to the body read and inflated. */
  ms: number;
  /** The body's bytes as sent (compressed when it was). */
  wireBytes: number;
}

/** One agent for every request: kept-alive sockets, as many as the loops ask at once. */
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

function inflate(body: Buffer, encoding: string | undefined): Buffer {
  switch (encoding?.trim().toLowerCase()) {
    case undefined:
    case '':
    case 'identity':
      return body;
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(body);
    case 'deflate':
      return inflateSync(body);
    case 'br':
      return brotliDecompressSync(body);
    default:
      throw new Error(`unknown content-encoding ${encoding}`);
  }
}

async function encoded(body: BenchRequest['body']): Promise<{ bytes: Buffer | undefined; type: string | undefined }> {
  if (body === undefined) return { bytes: undefined, type: undefined };
  if (typeof body === 'string') return { bytes: Buffer.from(body), type: undefined };
  if (Buffer.isBuffer(body)) return { bytes: body, type: undefined };
  // The multipart encoding (boundary and all) of the platform's own Request.
  const request = new Request('http://bench.invalid/', { method: 'POST', body });
  return { bytes: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type') ?? undefined };
}

/**
 * Sends one request and reads its answer whole; rejects on a network error. A kept-alive connection the server closed
 * just as the request went out (ECONNRESET or EPIPE before any answer, on a reused socket) is retried once on a new
 * one, as browsers do; the time counts from that second attempt.
 */
export async function send(url: string, init: BenchRequest = {}): Promise<BenchAnswer> {
  const { bytes, type } = await encoded(init.body);
  const headers: Record<string, string> = { ...init.headers };
  if (type !== undefined) headers['content-type'] = type;
  if (bytes !== undefined) headers['content-length'] = String(bytes.length);
  const attempt = (retryIfStale: boolean): Promise<BenchAnswer> =>
    new Promise<BenchAnswer>((resolve, reject) => {
      const started = performance.now();
      let answered = false;
      const request = http.request(url, { method: init.method ?? 'GET', headers, agent }, (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          try {
            const wire = Buffer.concat(chunks);
            const text = inflate(wire, response.headers['content-encoding']).toString('utf8');
            resolve({ status: response.statusCode ?? 0, headers: response.headers, text, ms: performance.now() - started, wireBytes: wire.length });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      });
      request.on('error', (error: NodeJS.ErrnoException) => {
        const stale = retryIfStale && !answered && request.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
        if (stale) attempt(false).then(resolve, reject);
        else reject(error);
      });
      request.end(bytes);
    });
  return attempt(true);
}

/** A header's single value (the first when repeated), or null, as fetch's Headers.get gives it. */
export function headerOf(headers: IncomingHttpHeaders, name: string): string | null {
  const value = headers[name.toLowerCase()];
  if (value === undefined) return null;
  return Array.isArray(value) ? (value[0] ?? null) : value;
}
