import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers for the SPA and the API (PRODUCT §1: one process serves both). The policy fits the
 * built SPA: its own scripts and styles, inline styles (Mantine writes style attributes and tags),
 * pictures from the server, data: and blob: URLs (previews of uploads), and Socket.IO on the same host.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        // No upgrade-insecure-requests: the default deployment is plain HTTP on a LAN address (PRODUCT §2).
      },
    },
    // PDFs and pictures open in new tabs and in <img>; the default same-origin policies would block nothing we need.
    crossOriginEmbedderPolicy: false,
  });
}
