import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, buildTestApp, type TestApp } from '../test/helpers.js';
import { computeSecurityHeaders } from './security-headers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** helmet 8's defaults beside our policy (see SECURITY_HEADER_OPTIONS). */
const EXPECTED = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;connect-src 'self';object-src 'none';frame-ancestors 'self';form-action 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers (PRODUCT §1)', () => {
  it('when the headers are worked out at start-up, then they are helmet’s for our policy, without COEP', () => {
    const headers = computeSecurityHeaders();
    expect(headers).toEqual(EXPECTED);
    expect(headers).not.toHaveProperty('cross-origin-embedder-policy');
  });

  it('when a request comes over plain HTTP, then there is no HSTS header (issue 16.10)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers).not.toHaveProperty('strict-transport-security');
  });

  it('when a signed-in caller is answered, then the answer is no-store; a public one is not (issue 16.10)', async () => {
    const token = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    for (const url of ['/api/unread-notifications-count', '/api/my-profile', '/api/listofbookings']) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    // The read cache answers the second time: still no-store.
    const again = await t.app.inject({ method: 'GET', url: '/api/listofbookings', headers: bearer(token) });
    expect(again.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['cache-control']).toBeUndefined();
  });

  it.each([
    ['a public API answer', '/api/health', 200],
    ['an unknown API path', '/api/nope', 404],
    ['a signed-in route without a token', '/api/unread-notifications-count', 401],
  ])('when %s is requested, then every security header is on the answer', async (_name, url, status) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    const { 'strict-transport-security': _hsts, ...overHttp } = EXPECTED;
    expect(response.headers).toMatchObject(overHttp);
    expect(response.headers).not.toHaveProperty('x-powered-by');
  });
});

describe('behind a trusted proxy (issue 16.1, 16.10)', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await buildTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(() => proxied.close());

  it('when the trusted proxy says the request came over HTTPS, then HSTS is sent; from anyone else, not', async () => {
    const viaProxy = await proxied.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-proto': 'https' } });
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const forged = await proxied.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.9', headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers).not.toHaveProperty('strict-transport-security');
  });
});
