import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers for the SPA and the API (PRODUCT §1: one process serves both). The policy fits the
 * built SPA: its own scripts and styles, inline styles (Mantine writes style attributes and tags),
 * pictures from the server, data: and blob: URLs (previews of uploads), and Socket.IO on the same host.
 */
export function securityHeaderOptions(inlineScriptHashes: readonly string[] = []): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        // index.html's inline scripts are allowed by their hashes only (plugins/spa.ts).
        scriptSrc: ["'self'", ...inlineScriptHashes],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // 'self' covers Socket.IO's ws:/wss: to this host (CSP 3); no other host (issue 16.10).
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        // No upgrade-insecure-requests: the default deployment is plain HTTP on a LAN address (PRODUCT §2).
      },
    },
    // PDFs and pictures open in new tabs and in <img>; the default same-origin policies would block nothing we need.
    crossOriginEmbedderPolicy: false,
  };
}

export const SECURITY_HEADER_OPTIONS: HelmetOptions = securityHeaderOptions();

/**
 * The headers helmet sets for these options, worked out once. The policy has no per-request part (no nonces,
 * no functions), so every answer carries the same headers; @fastify/helmet rebuilt helmet's middleware and
 * re-parsed the policy on every request, which was an eighth of a small API answer's cost (decision 009).
 */
export function computeSecurityHeaders(options: HelmetOptions = SECURITY_HEADER_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: number | string | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // helmet's middleware is synchronous; anything else would mean headers that depend on the request.
  if (!finished) throw new Error('helmet did not finish synchronously: the security headers cannot be computed once');
  return headers;
}

/**
 * Both header sets are worked out once: HSTS only for requests that came over HTTPS, directly or as a trusted
 * proxy says (X-Forwarded-Proto under TRUST_PROXY); over plain HTTP it would pin a LAN address to HTTPS (issue 16.10).
 * Every answer to a signed-in caller is `no-store`: a shared browser or proxy must not keep one user's data.
 */
export function registerSecurityHeaders(app: FastifyInstance, inlineScriptHashes: readonly string[] = []): void {
  const options = securityHeaderOptions(inlineScriptHashes);
  const overHttps = computeSecurityHeaders(options);
  const overHttp = computeSecurityHeaders({ ...options, strictTransportSecurity: false } as HelmetOptions);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.protocol === 'https' ? overHttps : overHttp);
    done();
  });
  app.addHook('onSend', (request, reply, _payload, done) => {
    if (request.user) reply.header('cache-control', 'no-store');
    done();
  });
}
