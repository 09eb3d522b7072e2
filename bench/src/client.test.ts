/** client.ts against a real loopback server: every encoding inflated, multipart sent as fetch sends it, keep-alive. */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { BROWSER_HEADERS, headerOf, send } from './client.js';

const TEXT = JSON.stringify({ data: { rows: Array.from({ length: 2000 }, (_, index) => ({ id: index, text: `Row ${index} — Lahore → Jeddah` })) } });
const ENCODERS: Record<string, (input: Buffer) => Buffer> = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync };

let server: http.Server;
let base = '';
const sockets = new Set<unknown>();
let lastBody: { contentType: string | undefined; body: Buffer } | null = null;
/** Requests with `drop` in their query: the first `dropsLeft` of them that come on a reused socket get it closed. */
let dropsLeft = 0;
let dropAttempts = 0;
const served = new WeakSet<object>();

before(async () => {
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      sockets.add(request.socket);
      const reused = served.has(request.socket);
      served.add(request.socket);
      if (request.url!.includes('drop=')) {
        dropAttempts += 1;
        if (reused && dropsLeft > 0) {
          dropsLeft -= 1;
          request.socket.destroy();
          return;
        }
      }
      lastBody = { contentType: request.headers['content-type'], body: Buffer.concat(chunks) };
      const encoding = new URL(request.url!, 'http://x').searchParams.get('encoding') ?? 'identity';
      const encode = ENCODERS[encoding];
      const body = encode ? encode(Buffer.from(TEXT)) : Buffer.from(TEXT);
      response.writeHead(encoding === 'missing' ? 404 : 200, {
        'content-type': 'application/json; charset=utf-8',
        'server-timing': 'app;dur=1.5',
        ...(encode ? { 'content-encoding': encoding } : {}),
        'x-accepted': request.headers['accept-encoding'] ?? '',
      });
      response.end(body);
    });
  });
  // Longer than any stall of a loaded machine: the tests below count connections, so none may time out between them.
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(() => {
  server.closeAllConnections();
  server.close();
});

test('every content-encoding the browser accepts is inflated to the same text, and its wire bytes are the compressed ones', async () => {
  for (const encoding of ['identity', 'gzip', 'deflate', 'br']) {
    const answer = await send(`${base}/?encoding=${encoding}`, { headers: { ...BROWSER_HEADERS } });
    assert.equal(answer.status, 200);
    assert.equal(answer.text, TEXT, encoding);
    assert.equal(answer.wireBytes, encoding === 'identity' ? Buffer.byteLength(TEXT) : ENCODERS[encoding]!(Buffer.from(TEXT)).length, encoding);
    assert.ok(answer.ms > 0);
    assert.equal(headerOf(answer.headers, 'server-timing'), 'app;dur=1.5');
    assert.equal(headerOf(answer.headers, 'x-accepted'), 'gzip, deflate, br');
  }
});

test('a status other than 2xx is answered, not thrown', async () => {
  const answer = await send(`${base}/?encoding=missing`);
  assert.equal(answer.status, 404);
  assert.equal(headerOf(answer.headers, 'x-absent'), null);
});

test('a multipart form is sent as fetch sends it: its boundary in the content type, the file inside', async () => {
  const form = new FormData();
  form.append('pnr', 'BENCH1');
  form.append('passport_img[]', new Blob([Buffer.from('PNGDATA')], { type: 'image/png' }), 'passport.png');
  await send(`${base}/`, { method: 'POST', body: form });
  const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(lastBody!.contentType ?? '')?.[1];
  assert.ok(boundary, lastBody!.contentType);
  const text = lastBody!.body.toString();
  assert.match(text, new RegExp(`--${boundary}\\r\\nContent-Disposition: form-data; name="pnr"\\r\\n\\r\\nBENCH1\\r\\n`));
  assert.match(text, /filename="passport.png"\r\nContent-Type: image\/png\r\n\r\nPNGDATA\r\n/);
  // JSON text as a string body arrives as sent.
  await send(`${base}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"type":"all"}' });
  assert.equal(lastBody!.body.toString(), '{"type":"all"}');
});

test('requests one after another reuse one kept-alive connection', async () => {
  sockets.clear();
  for (let index = 0; index < 5; index++) await send(`${base}/?encoding=gzip`);
  assert.equal(sockets.size, 1);
});

test('a kept-alive connection the server closes as a request arrives is replaced once, and the answer still comes', async () => {
  dropsLeft = 1;
  dropAttempts = 0;
  await send(`${base}/?encoding=gzip`);
  // The next request reuses that socket; the server drops it unanswered, as when its keep-alive timeout fires then.
  const answer = await send(`${base}/?encoding=gzip&drop=1`);
  assert.equal(answer.status, 200);
  assert.equal(answer.text, TEXT);
  assert.equal(dropAttempts, 2);
});

test('a refused connection rejects', async () => {
  const closed = http.createServer();
  closed.listen(0, '127.0.0.1');
  await once(closed, 'listening');
  const { port } = closed.address() as AddressInfo;
  closed.close();
  await once(closed, 'close');
  await assert.rejects(send(`http://127.0.0.1:${port}/`), /ECONNREFUSED/);
});
