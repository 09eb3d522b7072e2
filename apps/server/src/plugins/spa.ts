import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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
  const pages = ['index.html', ...prerenderedFiles(webDistDir).map((file) => `${PRERENDER_DIR}/${file}`)];
  const hashes = new Set<string>();
  for (const page of pages) {
    const html = readFileSync(path.join(webDistDir, page), 'utf8');
    for (const [, content] of html.matchAll(INLINE_SCRIPT)) {
      hashes.add(`'sha256-${createHash('sha256').update(content ?? '').digest('base64')}'`);
    }
  }
  return [...hashes];
}

/** Where scripts/prerender.mjs writes the build-time HTML of public pages (decision 012). */
const PRERENDER_DIR = 'prerender';

function prerenderedFiles(webDistDir: string): string[] {
  const dir = path.join(webDistDir, PRERENDER_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((file) => file.endsWith('.html'));
}

/**
 * The HTML file (relative to the build) that answers a page of the SPA: the prerendered one for the exact
 * paths the build rendered (`/` -> prerender/index.html, `/signin` -> prerender/signin.html, query string
 * ignored), index.html for every other client-side route. Read once at start.
 */
export function spaPageResolver(webDistDir: string): (url: string) => string {
  const pages = new Map<string, string>();
  for (const file of prerenderedFiles(webDistDir)) {
    const name = file.slice(0, -'.html'.length);
    pages.set(name === 'index' ? '/' : `/${name}`, `${PRERENDER_DIR}/${file}`);
  }
  return (url) => pages.get(url.split('?')[0] ?? '') ?? 'index.html';
}

/**
 * Serves the built SPA at / (PRODUCT §1). Paths that are not files fall through to the not-found handler,
 * which answers index.html for client-side routes (see error-handler.ts).
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string, spaPage = spaPageResolver(webDistDir)): Promise<void> {
  const root = path.resolve(webDistDir);
  // '/' is a page like the others (with its prerendered HTML when the build made one), not the folder's index.
  app.get('/', { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile(spaPage('/')),
  );
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
