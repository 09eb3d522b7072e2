import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite puts content-hashed files under assets/: they never change, so browsers may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export function hasSpaBuild(webDistDir: string | undefined): webDistDir is string {
  return !!webDistDir && existsSync(path.join(webDistDir, 'index.html')) && statSync(webDistDir).isDirectory();
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * CSP sources for the inline scripts of the built index.html (the site version check, 000 §4, which runs
 * inline so that no page load waits for a separate request): their SHA-256, read once at start, so the
 * policy allows exactly these scripts and follows any edit of them.
 */
export function inlineScriptHashes(webDistDir: string): string[] {
  const html = readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, content]) => `'sha256-${createHash('sha256').update(content ?? '').digest('base64')}'`,
  );
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
