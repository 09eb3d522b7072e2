import { PASSWORD_CHANGE_REQUIRED_MESSAGE } from '@portal/contract/auth';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, passwordWork } from '../../lib/password.js';
import { bearer, buildTestApp, randomIp, type TestApp } from '../../test/helpers.js';
import { users } from '../users/users.table.js';
import { tokens } from './tokens.table.js';

// Issue 16 points 5-7: what a session may do and how long it lives.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function login(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: randomIp() });
}

describe('while change_password is set (issue 16 point 6)', () => {
  it('when the user calls any other signed-in route, then 403 with the reason; changeuserpassword, my-profile and logout answer', async () => {
    const agent = await t.createAgent({ changePassword: true });
    const token = await t.loginAs(agent.email, agent.password);
    for (const url of ['/api/unread-notifications-count', '/api/dashboardsummary', '/api/agnetlistofbookings']) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toEqual({ message: PASSWORD_CHANGE_REQUIRED_MESSAGE });
    }
    const profile = await t.app.inject({ method: 'GET', url: '/api/my-profile', headers: bearer(token) });
    expect(profile.statusCode).toBe(200);

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/changeuserpassword',
      headers: bearer(token),
      payload: { old_password: agent.password, new_password: 'Fresh-Pass-2026' },
    });
    expect(changed.statusCode).toBe(200);
    const count = await t.app.inject({ method: 'GET', url: '/api/unread-notifications-count', headers: bearer(token) });
    expect(count.statusCode).toBe(200);
  });

  it('when such a user logs out, then 200', async () => {
    const agent = await t.createAgent({ changePassword: true });
    const token = await t.loginAs(agent.email, agent.password);
    const response = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
  });
});

describe('session lifetimes (issue 16 point 7)', () => {
  it('when a token was made 30 days ago, then 401 even though it was used a minute ago', async () => {
    const agent = await t.createAgent();
    const token = await t.loginAs(agent.email, agent.password);
    await t.db
      .update(tokens)
      .set({ createdAt: sql`now() - interval '30 days 1 minute'`, lastUsedAt: sql`now() - interval '1 minute'` })
      .where(eq(tokens.userId, agent.user.id));
    t.dataChanged();
    const response = await t.app.inject({ method: 'GET', url: '/api/my-profile', headers: bearer(token) });
    expect(response.statusCode).toBe(401);
  });

  it('when a token was made 29 days ago and used daily, then it still works', async () => {
    const agent = await t.createAgent();
    const token = await t.loginAs(agent.email, agent.password);
    await t.db
      .update(tokens)
      .set({ createdAt: sql`now() - interval '29 days'`, lastUsedAt: sql`now() - interval '1 day'` })
      .where(eq(tokens.userId, agent.user.id));
    t.dataChanged();
    const response = await t.app.inject({ method: 'GET', url: '/api/my-profile', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
  });
});

describe('the cost of a wrong password (issue 16 point 7)', () => {
  async function verificationsFor(email: string): Promise<number> {
    const before = passwordWork.verifications;
    const response = await login(email, 'wrong-password-1');
    expect([401, 403]).toContain(response.statusCode);
    return passwordWork.verifications - before;
  }

  it('when the account has a temporary password, is plain, pending, rejected or unknown, then the same hash work', async () => {
    const plain = await t.createAgent();
    const withTemporary = await t.createAgent();
    await t.db
      .update(users)
      .set({ tempPasswordHash: await hashPassword('Temporary-Pass-1'), tempPasswordExpiresAt: sql`now() + interval '1 hour'` })
      .where(eq(users.id, withTemporary.user.id));
    const pending = await t.createAgent({ status: 'pending' });
    const rejected = await t.createAgent({ status: 'rejected' });
    const work = [
      await verificationsFor(plain.email),
      await verificationsFor(withTemporary.email),
      await verificationsFor(pending.email),
      await verificationsFor(rejected.email),
      await verificationsFor('nobody-at-all@example.com'),
    ];
    expect(work[0]).toBeGreaterThan(0);
    expect(work).toEqual(work.map(() => work[0]));
  });
});
