import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite puts content-hashed files under assets/: they never change, so browsers may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export function hasSpaBuild(webDistDir: string | undefined): webDistDir is string {
  return !!webDistDir && existsSync(path.join(webDistDir, 'index.html')) && statSync(webDistDir).isDirectory();
}

/**
 * Serves the built SPA at / (PRODUCT §1). Paths that are not files fall through to the not-found handler,
 * which answers index.html for client-side routes (see error-handler.ts).
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string): Promise<void> {
  const root = path.resolve(webDistDir);
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    cacheControl: false,
    // scripts/build.mjs writes .br/.gz siblings of the text assets: sent when the browser accepts them.
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      const relative = path.relative(root, filePath).split(path.sep).join('/');
      // index.html names the current asset hashes, so it must be revalidated on every visit.
      reply.header('cache-control', relative.startsWith('assets/') ? IMMUTABLE : 'no-cache');
    },
  });
}
