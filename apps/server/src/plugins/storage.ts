import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { NOT_FOUND_MESSAGE } from './error-handler.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files live (DATA_DIR/uploads); storage paths of the files table are relative to it. */
    uploadsDir: string;
  }
}

export const UPLOADS_PREFIX = '/uploads';

/** Public files are named by their content (files.usecases.ts), so a URL never changes meaning: cache for a year. */
const PUBLIC_CACHE_CONTROL = 'public, max-age=31536000, immutable';

let processTemporaryDir: string | undefined;

/**
 * An in-memory database ('memory://') has no data directory, yet uploads need a disk: one temporary directory
 * per process, removed when the process exits.
 */
function getProcessTemporaryUploadsDir(): string {
  if (!processTemporaryDir) {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-uploads-'));
    processTemporaryDir = dir;
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  return processTemporaryDir;
}

export function resolveUploadsDir(dataDir: string): string {
  return dataDir === 'memory://' ? getProcessTemporaryUploadsDir() : path.resolve(dataDir, 'uploads');
}

/**
 * File storage (PRODUCT §1): files under DATA_DIR/uploads. Public ones (logos, pictures, banners) are served
 * at /uploads/public/…; private ones (passport and visa scans) only through signed links (a later issue).
 * Anything else under /uploads answers a JSON 404, never the SPA's index.html, so a missing picture is a
 * broken image rather than a page of HTML.
 */
export async function registerStorage(app: FastifyInstance): Promise<void> {
  const uploadsDir = resolveUploadsDir(app.config.dataDir);
  const publicDir = path.join(uploadsDir, 'public');
  await mkdir(publicDir, { recursive: true });
  app.decorate('uploadsDir', uploadsDir);

  await app.register(
    async (scope) => {
      // The not-found handler of this prefix: a missing public file and any other /uploads path.
      scope.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: NOT_FOUND_MESSAGE }));
      await scope.register(fastifyStatic, {
        root: publicDir,
        prefix: '/public/',
        decorateReply: false,
        index: false,
        list: false,
        dotfiles: 'deny',
        // A folder is not a file: 404 (not @fastify/static's 403), like any other missing path.
        allowedPath: (pathName) => !pathName.endsWith('/'),
        cacheControl: false,
        setHeaders: (reply) => {
          reply.header('cache-control', PUBLIC_CACHE_CONTROL);
        },
      });
      // Without this, /uploads/private/… would match the SPA's catch-all route and answer index.html.
      scope.get('/*', { schema: { hide: true } }, async (_request, reply) => reply.callNotFound());
      scope.get('/', { schema: { hide: true }, prefixTrailingSlash: 'no-slash' }, async (_request, reply) => reply.callNotFound());
    },
    { prefix: UPLOADS_PREFIX },
  );
}
