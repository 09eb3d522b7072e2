import { defineRoute } from '@portal/contract/common';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerRoute } from '../lib/route.js';
import { hashToken } from '../modules/auth/auth.usecases.js';
import { SessionCache } from '../modules/auth/session-cache.js';
import { tokens } from '../modules/auth/tokens.table.js';
import { users } from '../modules/users/users.table.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, buildTestApp, type TestApp } from '../test/helpers.js';
import { isWriteRequest } from './data-changes.js';

// Probe routes registered through the registrar, as later issues will add theirs.
const whoAmI = z.object({ user_id: z.number().nullable(), role: z.string().nullable() });
const adminOnlyRoute = defineRoute({
  method: 'GET',
  path: '/test/admin-only',
  summary: 'test probe',
  tags: ['test'],
  access: 'admin',
  response: { 200: whoAmI },
});
const userRoute = defineRoute({ ...adminOnlyRoute, path: '/test/user', access: 'user' });
const optionalRoute = defineRoute({ ...adminOnlyRoute, path: '/test/optional', access: 'optional' });

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    extraRoutes: (app) => {
      for (const def of [adminOnlyRoute, userRoute, optionalRoute]) {
        registerRoute(app, def, async (request) => ({
          user_id: request.user?.id ?? null,
          role: request.user?.role ?? null,
        }));
      }
    },
  });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('auth hook', () => {
  it('when a protected route is called without a token, then 401 "Unauthenticated."', async () => {
    const response = await get('/api/test/user');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('when the token is unknown or the header is not Bearer, then 401', async () => {
    for (const authorization of ['Bearer not-a-real-token', 'Basic YWRtaW46eA==', 'Bearer']) {
      const response = await get('/api/test/user', { authorization });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('when the token is valid, then the route sees the caller', async () => {
    const token = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    const response = await get('/api/test/user', bearer(token));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user_id: expect.any(Number), role: 'admin' });
  });

  it('when the token was revoked, then 401', async () => {
    const token = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    await t.db.update(tokens).set({ revokedAt: sql`now()` }).where(eq(tokens.tokenHash, hashToken(token)));
    const response = await get('/api/test/user', bearer(token));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('when the token was last used 31 days ago, then it has expired: 401', async () => {
    const token = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    await t.db
      .update(tokens)
      .set({ lastUsedAt: sql`now() - interval '31 days'` })
      .where(eq(tokens.tokenHash, hashToken(token)));
    const response = await get('/api/test/user', bearer(token));
    expect(response.statusCode).toBe(401);
  });

  it('when the token was last used 29 days ago, then it works and its last use moves to now', async () => {
    const token = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    const where = eq(tokens.tokenHash, hashToken(token));
    await t.db.update(tokens).set({ lastUsedAt: sql`now() - interval '29 days'` }).where(where);
    expect((await get('/api/test/user', bearer(token))).statusCode).toBe(200);
    const [row] = await t.db.select({ lastUsedAt: tokens.lastUsedAt }).from(tokens).where(where);
    expect(Date.now() - row!.lastUsedAt.getTime()).toBeLessThan(60_000);
  });

  it('when the user was deleted or deactivated after signing in, then the token stops working', async () => {
    const deleted = await t.createAgent();
    const deletedToken = await t.loginAs(deleted.email, deleted.password);
    await t.db.update(users).set({ deletedAt: sql`now()` }).where(eq(users.id, deleted.user.id));
    expect((await get('/api/test/user', bearer(deletedToken))).statusCode).toBe(401);

    const admin = await t.createAdmin();
    const adminToken = await t.loginAs(admin.email, admin.password);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, admin.user.id));
    expect((await get('/api/test/user', bearer(adminToken))).statusCode).toBe(401);
  });

  it('when an agent calls an admin-only route, then 403 "This action is unauthorized."', async () => {
    const agent = await t.createAgent();
    const token = await t.loginAs(agent.email, agent.password);
    const response = await get('/api/test/admin-only', bearer(token));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'This action is unauthorized.' });
  });

  it('when an admin calls an admin-only route, then 200', async () => {
    const token = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await get('/api/test/admin-only', bearer(token))).statusCode).toBe(200);
  });

  it('when a protected route is asked with HEAD (the route Fastify adds beside each GET), then it is checked as the GET is', async () => {
    // The check is attached to each route as it is added (decision 041): the HEAD twin must get its own.
    const agent = await t.createAgent();
    const agentToken = await t.loginAs(agent.email, agent.password);
    expect((await t.app.inject({ method: 'HEAD', url: '/api/test/user' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'HEAD', url: '/api/test/admin-only', headers: bearer(agentToken) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'HEAD', url: '/api/test/user', headers: bearer(agentToken) })).statusCode).toBe(200);
  });

  it('when a public route is called with an unknown token, then it answers as to anyone (no session is looked up)', async () => {
    const response = await get('/api/health', { authorization: 'Bearer not-a-real-token' });
    expect(response.statusCode).toBe(200);
  });

  it('when a token the session cache holds calls a route above its role, then 403 as on the first call', async () => {
    const agent = await t.createAgent();
    const token = await t.loginAs(agent.email, agent.password);
    // The first call looks the token up in the database, the second is answered from memory, synchronously.
    for (let call = 0; call < 2; call++) {
      const response = await get('/api/test/admin-only', bearer(token));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'This action is unauthorized.' });
      expect((await get('/api/test/user', bearer(token))).json()).toEqual({ user_id: agent.user.id, role: 'user' });
    }
  });

  it('when an optional route is called without or with a bad token, then it answers as anonymous', async () => {
    for (const headers of [{}, { authorization: 'Bearer nope' }] as Array<Record<string, string>>) {
      const response = await get('/api/test/optional', headers);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ user_id: null, role: null });
    }
    const agent = await t.createAgent();
    const token = await t.loginAs(agent.email, agent.password);
    expect((await get('/api/test/optional', bearer(token))).json()).toEqual({ user_id: agent.user.id, role: 'user' });
  });
});

describe('session cache (issue 8: the auth lookup is not repeated for every request)', () => {
  it('when a token was used a moment ago, then a revocation written straight to the database (as by another process) is seen after the next write of this process', async () => {
    const agent = await t.createAgent();
    const token = await t.loginAs(agent.email, agent.password);
    expect((await get('/api/test/user', bearer(token))).statusCode).toBe(200);
    await t.db.update(tokens).set({ revokedAt: sql`now()` }).where(eq(tokens.tokenHash, hashToken(token)));
    // Answered from the cache: the database was not asked again.
    expect((await get('/api/test/user', bearer(token))).statusCode).toBe(200);
    // Any successful write of this process clears the cache.
    const other = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(other) })).statusCode).toBe(200);
    expect((await get('/api/test/user', bearer(token))).statusCode).toBe(401);
  });

  it('when the caller logs out, then the very next request with that token is 401', async () => {
    const token = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await get('/api/test/user', bearer(token))).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) })).statusCode).toBe(200);
    expect((await get('/api/test/user', bearer(token))).statusCode).toBe(401);
  });

  it('when a request is a search or a GET that writes (the seeds name them so), then it is classed as read or write', () => {
    expect(isWriteRequest('GET', '/api/listofagents')).toBe(false);
    expect(isWriteRequest('GET', '/api/unread-notifications-count')).toBe(false);
    expect(isWriteRequest('POST', '/api/search-flights')).toBe(false);
    expect(isWriteRequest('POST', '/api/account-api')).toBe(false);
    for (const url of ['/api/reject-user/:id', '/api/deleteagent/:id', '/api/toggle-admin/:id', '/api/approve-user/:id', '/api/cancelbooking/:id']) {
      expect(isWriteRequest('GET', url)).toBe(true);
    }
    for (const url of ['/api/logout', '/api/add-booking', '/api/update-my-profile', '/api/changeuserpassword', undefined]) {
      expect(isWriteRequest('POST', url)).toBe(true);
    }
  });
});

describe('SessionCache', () => {
  const session = { user: { id: 1, role: 'admin' as const, name: 'A', email: 'a@example.com', agentId: null, tokenId: 9, changePassword: false }, lastUsedAt: 0 };

  it('when the time to live has passed, then the entry is gone', () => {
    const cache = new SessionCache(5_000);
    cache.set('h', session, cache.generation, 1_000);
    expect(cache.get('h', 5_999)?.user.id).toBe(1);
    expect(cache.get('h', 6_000)).toBeUndefined();
  });

  it('when the cache was cleared while a lookup ran, then that lookup is not stored', () => {
    const cache = new SessionCache(5_000);
    const generation = cache.generation;
    cache.clear();
    cache.set('h', session, generation, 1_000);
    expect(cache.get('h', 1_001)).toBeUndefined();
    cache.set('h', session, cache.generation, 1_000);
    expect(cache.get('h', 1_001)).toBeDefined();
  });
});
