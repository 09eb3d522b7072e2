import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, buildTestApp, randomIp, type TestApp } from '../test/helpers.js';

// Issue 16.9: bad input gets a clear 4xx, never a 500 (PRODUCT §3).

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(() => t.close());

describe('a multipart body without a boundary', () => {
  it('when it is sent anonymously or signed in, then 400 with a clear message', async () => {
    for (const [url, headers] of [
      ['/api/login', {}],
      ['/api/add-airline', bearer(admin)],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'content-type': 'multipart/form-data' },
        payload: 'email=a',
        remoteAddress: randomIp(),
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ message: 'The form is malformed: its multipart boundary is missing.' });
    }
  });
});

describe('text with a NUL character', () => {
  it('when a JSON field holds one, then 422 on that field and nothing is written', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'someone\u0000@example.com', password: 'whatever-123' },
      remoteAddress: randomIp(),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'The email may not contain a NUL character.', errors: { email: ['The email may not contain a NUL character.'] } });
  });

  it('when a multipart field holds one, then 422 on that field', async () => {
    const boundary = '----portalboundary';
    const body = [`--${boundary}`, 'Content-Disposition: form-data; name="full_name"', '', 'PIA\u0000X', `--${boundary}--`, ''].join('\r\n');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/add-airline',
      headers: { ...bearer(admin), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ full_name: ['The full name may not contain a NUL character.'] });
  });

  it('when a query parameter holds one, then 422 on that parameter', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/listofbookings?pnr=AB%00C', headers: bearer(admin) });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ pnr: ['The pnr may not contain a NUL character.'] });
  });
});
