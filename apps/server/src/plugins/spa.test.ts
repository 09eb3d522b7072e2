import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers.js';

const VERSION_SCRIPT = "(function () { if (localStorage.getItem('version') !== '1.0') location.reload(); })();";
const INDEX_HTML = `<!doctype html><html><head><script>${VERSION_SCRIPT}</script></head><body><div id="root"></div><script src="/assets/app.js"></script></body></html>`;

const BIG_JS = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `row ${i}`))};`;

let t: TestApp;
let webDistDir: string;
beforeAll(async () => {
  webDistDir = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
  mkdirSync(path.join(webDistDir, 'assets'));
  writeFileSync(path.join(webDistDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(webDistDir, 'assets', 'app.js'), 'console.log("app")');
  writeFileSync(path.join(webDistDir, 'favicon.svg'), '<svg/>');
  // What scripts/build.mjs writes beside a big enough asset.
  writeFileSync(path.join(webDistDir, 'assets', 'big.js'), BIG_JS);
  writeFileSync(path.join(webDistDir, 'assets', 'big.js.br'), brotliCompressSync(BIG_JS));
  writeFileSync(path.join(webDistDir, 'assets', 'big.js.gz'), gzipSync(BIG_JS));
  t = await buildTestApp({ webDistDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webDistDir, { recursive: true, force: true });
});

describe('static SPA (PRODUCT §1)', () => {
  it('when / is requested, then index.html is served without long caching', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe(INDEX_HTML);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('when a client-side route is requested, then index.html answers it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dashboard/book/12?tab=passengers' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('when a hashed asset is requested, then it is cached for a year', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("app")');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('when the browser accepts brotli, then the precompressed .br asset is sent with its encoding', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/big.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(BIG_JS);
  });

  it('when the browser accepts only gzip, then the .gz asset is sent; without encodings, the plain file', async () => {
    const gzipped = await t.app.inject({ method: 'GET', url: '/assets/big.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(BIG_JS);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/big.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
  });

  it('when a file has no precompressed sibling, then it is sent as it is', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('console.log("app")');
  });

  it('when a top-level file is requested, then it is served and revalidated', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('when an unknown /api path is requested, then 404 JSON, not index.html', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.' });
  });

  it('when a page is served, then the CSP allows the SPA and its websocket', async () => {
    const csp = (await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    // 'self' covers the same host's ws:/wss: (Socket.IO); no other host (issue 16.10).
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
  });

  it("when any answer is sent, then the CSP allows index.html's inline version script by its SHA-256, and only it", async () => {
    const hash = createHash('sha256').update(VERSION_SCRIPT).digest('base64');
    for (const url of ['/', '/api/health']) {
      const csp = (await t.app.inject({ method: 'GET', url })).headers['content-security-policy'] as string;
      expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`);
    }
  });
});

describe('prerendered public pages (decision 012)', () => {
  const EXTRA_SCRIPT = "console.log('prerendered page only')";
  const HOME_HTML = `<!doctype html><html><head><script>${VERSION_SCRIPT}</script></head><body><div id="root" data-prerendered="/"><h1>Airline group tickets</h1></div></body></html>`;
  const SIGNIN_HTML = `<!doctype html><html><head><script>${VERSION_SCRIPT}</script><script>${EXTRA_SCRIPT}</script></head><body><div id="root" data-prerendered="/signin"><h2>Log In</h2>${'<p>Welcome back.</p>'.repeat(100)}</div></body></html>`;
  let p: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-web-prerendered-'));
    mkdirSync(path.join(dir, 'prerender'));
    writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(dir, 'prerender', 'index.html'), HOME_HTML);
    writeFileSync(path.join(dir, 'prerender', 'signin.html'), SIGNIN_HTML);
    writeFileSync(path.join(dir, 'prerender', 'signin.html.gz'), gzipSync(SIGNIN_HTML));
    p = await buildTestApp({ webDistDir: dir });
  });
  afterAll(async () => {
    await p.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("when / is opened, then the home page's prerendered HTML answers, revalidated on every visit", async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await p.app.inject({ method, url: '/' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      if (method === 'GET') expect(response.body).toBe(HOME_HTML);
    }
  });

  it('when /signin is opened, with or without a query string, then its prerendered HTML answers, gzipped when accepted', async () => {
    expect((await p.app.inject({ method: 'GET', url: '/signin' })).body).toBe(SIGNIN_HTML);
    expect((await p.app.inject({ method: 'GET', url: '/signin?from=home' })).body).toBe(SIGNIN_HTML);
    const gzipped = await p.app.inject({ method: 'GET', url: '/signin', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SIGNIN_HTML);
  });

  it('when any other page of the SPA is opened, then the plain index.html answers it', async () => {
    for (const url of ['/dashboard', '/signin/extra', '/about-us', '/search/LHE/JED/2026-12-05']) {
      const response = await p.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX_HTML);
    }
  });

  it("when a prerendered page carries an inline script of its own, then the CSP allows it by its hash too", async () => {
    const csp = (await p.app.inject({ method: 'GET', url: '/signin' })).headers['content-security-policy'] as string;
    const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    expect(csp).toContain(`script-src 'self' ${hash(VERSION_SCRIPT)} ${hash(EXTRA_SCRIPT)};`);
  });
});

describe('OpenAPI document (PRODUCT §3)', () => {
  it('when /api/docs is opened, then the Swagger UI page answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const page = response.statusCode === 302 ? await t.app.inject({ method: 'GET', url: response.headers.location as string }) : response;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('swagger');
  });

  it('when /api/docs/json is read, then it lists the contract routes with their schemas and security', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths['/api/login'].post.requestBody).toBeDefined();
    expect(document.paths['/api/login'].post.responses['401']).toBeDefined();
    expect(document.paths['/api/health'].get).toBeDefined();
    expect(document.paths['/api/logout'].post.security).toEqual([{ bearerAuth: [] }]);
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(Object.keys(document.paths).some((p) => p.startsWith('/api/docs'))).toBe(false);
  });
});
