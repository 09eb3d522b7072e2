import { defineRoute } from '@portal/contract/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isUploadedFile } from '../lib/form-body.js';
import { registerRoute } from '../lib/route.js';
import { buildTestApp, multipart, type TestApp } from '../test/helpers.js';

const echoRoute = defineRoute({
  method: 'POST',
  path: '/test/form-echo',
  summary: 'test probe: echoes its validated body, files as their size',
  tags: ['test'],
  access: 'public',
  body: z.record(z.string(), z.unknown()),
  response: { 200: z.object({ body: z.unknown() }) },
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    extraRoutes: (app) => {
      registerRoute(app, echoRoute, async (request) => ({
        body: JSON.parse(
          JSON.stringify(request.body, (_key, value: unknown) =>
            isUploadedFile(value) ? { file: value.filename, type: value.mimetype, bytes: value.data.length } : value,
          ),
        ),
      }));
    },
  });
});
afterAll(() => t.close());

function fileForm(fields: Array<[string, string]>, file: { name: string; filename: string; bytes: number }) {
  const boundary = '----testboundary42';
  const head = fields
    .map(([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const payload = Buffer.concat([
    Buffer.from(
      `${head}--${boundary}\r\ncontent-disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\n` +
        'content-type: application/pdf\r\n\r\n',
    ),
    Buffer.alloc(file.bytes, 1),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('form bodies (PRODUCT §3)', () => {
  it('when multipart fields use name[] and brackets, then the body has arrays and objects', async () => {
    const form = multipart([
      ['title', 'Hello'],
      ['tags[]', 'a'],
      ['tags[]', 'b'],
      ['passengers[0][firstname]', 'ALI'],
      ['passengers[1][firstname]', 'SARA'],
      ['__proto__[polluted]', 'yes'],
    ]);
    const response = await t.app.inject({ method: 'POST', url: '/api/test/form-echo', ...form });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      body: { title: 'Hello', tags: ['a', 'b'], passengers: [{ firstname: 'ALI' }, { firstname: 'SARA' }] },
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('when the form is url-encoded, then it is read the same way', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/form-echo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'title=Hi+there&tags%5B%5D=x&tags%5B%5D=y',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ body: { title: 'Hi there', tags: ['x', 'y'] } });
  });

  it('when a file part is under 2 MB, then it reaches the handler as an uploaded file', async () => {
    const form = fileForm([['title', 'scan']], { name: 'passport_img', filename: 'p.pdf', bytes: 1000 });
    const response = await t.app.inject({ method: 'POST', url: '/api/test/form-echo', ...form });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      body: { title: 'scan', passport_img: { file: 'p.pdf', type: 'application/pdf', bytes: 1000 } },
    });
  });

  it('when a file is over 2 MB, then 413 "The file may not be greater than 2 MB."', async () => {
    const form = fileForm([], { name: 'passport_img', filename: 'big.pdf', bytes: 2_097_153 });
    const response = await t.app.inject({ method: 'POST', url: '/api/test/form-echo', ...form });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The file may not be greater than 2 MB.' });
  });

  it('when a file is exactly 2,097,152 bytes, then it is accepted', async () => {
    const form = fileForm([], { name: 'passport_img', filename: 'max.pdf', bytes: 2_097_152 });
    const response = await t.app.inject({ method: 'POST', url: '/api/test/form-echo', ...form });
    expect(response.statusCode).toBe(200);
  });

  it('when a file is sent to login, then it is ignored and the fields still count', async () => {
    const form = fileForm(
      [
        ['email', 'admin@example.com'],
        ['password', 'wrong-password'],
      ],
      { name: 'avatar', filename: 'a.pdf', bytes: 10 },
    );
    const response = await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: '10.9.9.9', ...form });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Invalid email or password' });
  });
});
