import { defineRoute, errorResponses } from '@portal/contract/common';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerRoute } from '../lib/route.js';
import { buildTestApp, type TestApp } from '../test/helpers.js';
import { acceptsGzip, COMPRESS_MIN_BYTES, gzipBody, LARGE_BODY_BYTES, LARGE_BODY_GZIP_LEVEL } from './compression.js';

const listRoute = defineRoute({
  method: 'GET',
  path: '/test/big-list',
  summary: 'probe',
  tags: ['test'],
  access: 'public',
  querystring: z.object({ n: z.coerce.number().int().min(0).max(5000) }),
  response: { 200: z.object({ calls: z.number(), items: z.array(z.string()) }), ...errorResponses },
});

const TEXT = 'plain text '.repeat(500);
let calls = 0;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    extraRoutes: (app) => {
      registerRoute(app, listRoute, async (request) => ({
        calls: ++calls,
        items: Array.from({ length: request.query.n }, (_, i) => `Booking #${i} (PK-LHE-JED-${i % 7})`),
      }));
      app.get('/api/test/big-text', async (_request, reply) => reply.type('text/plain').send(TEXT));
    },
  });
});
afterAll(() => t.close());

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('gzip of JSON answers (decision 009 addendum)', () => {
  it('when a browser asks for a large JSON answer, then it comes gzipped and unpacks to the same JSON', async () => {
    const zipped = await get('/api/test/big-list?n=400', 'gzip, deflate, br');
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(zipped.headers['content-type']).toMatch(/^application\/json/);
    const unpacked = JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'));
    expect(unpacked.items).toHaveLength(400);
    expect(unpacked.items[399]).toBe('Booking #399 (PK-LHE-JED-0)');
    expect(zipped.rawPayload.length).toBeLessThan(Buffer.byteLength(JSON.stringify(unpacked)) / 3);
    expect(Number(zipped.headers['content-length'])).toBe(zipped.rawPayload.length);
  });

  it('when the client sends no Accept-Encoding or refuses gzip, then the JSON comes plain', async () => {
    for (const accept of [undefined, 'gzip;q=0, br', 'identity']) {
      const plain = await get('/api/test/big-list?n=300', accept);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.json().items).toHaveLength(300);
    }
  });

  it('when the answer is under 1 KB, then it is sent plain even to a browser', async () => {
    const small = await get('/api/test/big-list?n=2', 'gzip');
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().items).toHaveLength(2);
  });

  it('when a cached answer is read again, then the gzipped and the plain copies hold the same answer, computed once', async () => {
    await t.app.inject({ method: 'POST', url: '/api/logout' }); // any write: start from an empty cache
    const first = await get('/api/test/big-list?n=500', 'gzip');
    const plainHit = await get('/api/test/big-list?n=500');
    const zippedHit = await get('/api/test/big-list?n=500', 'gzip');
    const firstJson = JSON.parse(gunzipSync(first.rawPayload).toString('utf8'));
    expect(plainHit.headers['content-encoding']).toBeUndefined();
    expect(plainHit.json()).toEqual(firstJson);
    expect(zippedHit.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zippedHit.rawPayload).toString('utf8'))).toEqual(firstJson);
    expect(zippedHit.headers.vary).toBe('accept-encoding');
  });

  it('when a JSON answer is 64 KB or more, then it is gzipped at level 4, and the miss and the later hit send the very same bytes', async () => {
    await t.app.inject({ method: 'POST', url: '/api/logout' });
    const miss = await get('/api/test/big-list?n=5000', 'gzip');
    const plain = gunzipSync(miss.rawPayload);
    expect(plain.length).toBeGreaterThanOrEqual(LARGE_BODY_BYTES);
    expect(miss.rawPayload.equals(gzipSync(plain, { level: LARGE_BODY_GZIP_LEVEL }))).toBe(true);
    expect(miss.headers.vary).toBe('accept-encoding');
    expect(Number(miss.headers['content-length'])).toBe(miss.rawPayload.length);
    const hit = await get('/api/test/big-list?n=5000', 'gzip');
    expect(hit.rawPayload.equals(miss.rawPayload)).toBe(true);
    expect(hit.headers['content-encoding']).toBe('gzip');
    // A smaller answer keeps zlib's default level.
    const small = await get('/api/test/big-list?n=400', 'gzip');
    expect(small.rawPayload.equals(gzipSync(gunzipSync(small.rawPayload)))).toBe(true);
  });

  it('when an answer is under 64 KB, then its gzip is made at once on the serving thread, with no thread-pool round trip (decision 060)', async () => {
    const body = Buffer.from(JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => `Booking #${i}`) }));
    expect(body.length).toBeLessThan(LARGE_BODY_BYTES);
    let zipped: Buffer | undefined;
    void gzipBody(body).then((bytes) => (zipped = bytes));
    // Microtasks only: zlib's asynchronous path answers from the event loop's poll phase, never before it.
    for (let turn = 0; turn < 3; turn++) await Promise.resolve();
    expect(zipped?.equals(gzipSync(body))).toBe(true);

    const large = Buffer.alloc(LARGE_BODY_BYTES, 'a');
    expect(gunzipSync(await gzipBody(large)).equals(large)).toBe(true);
  });

  it('when the answer is not JSON, then it is left alone', async () => {
    const text = await get('/api/test/big-text', 'gzip');
    expect(text.headers['content-encoding']).toBeUndefined();
    expect(text.body).toBe(TEXT);
  });

  it.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['GZIP', true],
    ['*', true],
    ['gzip;q=0', false],
    ['gzip; q=0.0', false],
    ['deflate, br', false],
    ['', false],
    // An explicit gzip decides over the wildcard, whichever comes first.
    ['*;q=0, gzip', true],
    ['gzip;q=0, *', false],
    ['br, *;q=0', false],
  ])('when Accept-Encoding is %j, then gzip accepted is %s', (header, expected) => {
    expect(acceptsGzip({ headers: { 'accept-encoding': header } } as never)).toBe(expected);
  });
});
