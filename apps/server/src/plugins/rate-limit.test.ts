import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '../test/helpers.js';
import { rateLimitPolicies } from './rate-limit.js';

// A fresh app (and so fresh counters) for each test.
let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(() => t.close());

const TOO_MANY = /^Too many attempts\. Please try again in \d+ (seconds|minute|minutes)\.$/;

function login(email: string, password: string, ip: string) {
  return t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: ip });
}

describe('rate limits (PRODUCT §4)', () => {
  it('when one address is tried 10 times from one IP, then the 11th attempt is 429, even with the right password', async () => {
    const max = rateLimitPolicies.loginPerAddress.max;
    // 9 wrong and one right: 10 wrong in a row would lock the account itself (decision 018), another 429.
    for (let i = 0; i < max - 1; i++) {
      expect((await login(ADMIN_EMAIL, `wrong-${i}`, '10.1.1.1')).statusCode).toBe(401);
    }
    expect((await login(ADMIN_EMAIL, ADMIN_PASSWORD, '10.1.1.1')).statusCode).toBe(200);
    const blocked = await login(ADMIN_EMAIL, ADMIN_PASSWORD, '10.1.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(TOO_MANY);
    expect(blocked.headers['retry-after']).toBeDefined();

    // Another address from the same IP, and the same address from another IP, are still served.
    expect((await login('someone@example.com', 'x', '10.1.1.1')).statusCode).toBe(401);
    expect((await login(ADMIN_EMAIL, ADMIN_PASSWORD, '10.2.2.2')).statusCode).toBe(200);
  });

  it('when one IP sends 100 login attempts, then the 101st is 429 whatever the address', async () => {
    expect(rateLimitPolicies.loginPerIp.max).toBe(100);
    const max = rateLimitPolicies.loginPerIp.max;
    for (let i = 0; i < max; i++) {
      // Invalid bodies are cheap (no password hashing) and still count against the IP.
      const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: {}, remoteAddress: '10.3.3.3' });
      expect(response.statusCode).toBe(422);
    }
    const blocked = await login('other@example.com', 'x', '10.3.3.3');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(TOO_MANY);
  });

  it('when one IP registers 5 times in an hour, then the 6th is 429', async () => {
    const max = rateLimitPolicies.register.max;
    for (let i = 0; i < max; i++) {
      const response = await t.app.inject({ method: 'POST', url: '/api/register', payload: {}, remoteAddress: '10.4.4.4' });
      expect(response.statusCode).toBe(422);
    }
    const blocked = await t.app.inject({ method: 'POST', url: '/api/register', payload: {}, remoteAddress: '10.4.4.4' });
    expect(blocked.statusCode).toBe(429);
  });
});
