import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers.js';
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
    "default-src 'self';base-uri 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;connect-src 'self' ws: wss:;object-src 'none';frame-ancestors 'self';form-action 'self'",
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

  it.each([
    ['a public API answer', '/api/health', 200],
    ['an unknown API path', '/api/nope', 404],
    ['a signed-in route without a token', '/api/unread-notifications-count', 401],
  ])('when %s is requested, then every security header is on the answer', async (_name, url, status) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.headers).toMatchObject(EXPECTED);
    expect(response.headers).not.toHaveProperty('x-powered-by');
  });
});
