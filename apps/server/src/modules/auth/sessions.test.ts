import { PASSWORD_CHANGE_REQUIRED_MESSAGE } from '@portal/contract/auth';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, passwordWork } from '../../lib/password.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, buildTestApp, randomIp, type TestApp } from '../../test/helpers.js';
import { connectSocket, type TestSocket } from '../../test/realtime-client.js';
import { setTemporaryPassword } from './auth.repository.js';
import { tokens } from './tokens.table.js';

// Issue 16.5-16.7: sessions end with the password that made them, sockets go with their sessions, the forced
// password change holds in the API, sessions have an absolute lifetime, and a wrong password costs the same.

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(() => t.close());

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, token: string, payload: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

/** Resolves with the reason once the server has disconnected the socket; rejects after a few seconds. */
function disconnected(socket: TestSocket): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!socket.socket.connected) return resolve('already');
    const timer = setTimeout(() => reject(new Error('the socket is still connected')), 5_000);
    socket.socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

describe('while change_password is set (issue 16.6)', () => {
  it('when the agent calls anything but changeuserpassword, logout or my-profile, then 403 until it has changed the password', async () => {
    const agent = await t.createAgent({ changePassword: true });
    const token = await t.loginAs(agent.email, agent.password);

    expect((await get('/api/my-profile', token)).statusCode).toBe(200);
    for (const url of ['/api/agnetlistofbookings', '/api/user-dashboard', '/api/unread-notifications-count']) {
      const response = await get(url, token);
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toEqual({ message: PASSWORD_CHANGE_REQUIRED_MESSAGE });
    }

    const changed = await post('/api/changeuserpassword', token, { old_password: agent.password, new_password: 'Fresh-start-42' });
    expect(changed.statusCode).toBe(200);
    expect((await get('/api/agnetlistofbookings', token)).statusCode).toBe(200);
  });

  it('when such an agent logs out, then 200', async () => {
    const agent = await t.createAgent({ changePassword: true });
    const token = await t.loginAs(agent.email, agent.password);
    expect((await post('/api/logout', token)).statusCode).toBe(200);
    expect((await get('/api/my-profile', token)).statusCode).toBe(401);
  });
});

describe('a new password ends the other sessions (issue 16.5)', () => {
  it('when an agent changes its password, then its other sessions and their sockets end and this one goes on', async () => {
    const agent = await t.createAgent();
    const here = await t.loginAs(agent.email, agent.password);
    const elsewhere = await t.loginAs(agent.email, agent.password);
    const hereSocket = await connectSocket(baseUrl, { token: here });
    const elsewhereSocket = await connectSocket(baseUrl, { token: elsewhere });
    try {
      const gone = disconnected(elsewhereSocket);
      const changed = await post('/api/changeuserpassword', here, { old_password: agent.password, new_password: 'Another-long-one-7' });
      expect(changed.statusCode).toBe(200);
      expect(await gone).toBe('io server disconnect');
      expect((await get('/api/my-profile', elsewhere)).statusCode).toBe(401);
      expect((await get('/api/my-profile', here)).statusCode).toBe(200);
      expect(hereSocket.socket.connected).toBe(true);
    } finally {
      hereSocket.close();
      elsewhereSocket.close();
    }
  });

  it('when an agent signs in with a temporary password, then every session made with the old one ends', async () => {
    const agent = await t.createAgent();
    const old = await t.loginAs(agent.email, agent.password);
    const oldSocket = await connectSocket(baseUrl, { token: old });
    try {
      await setTemporaryPassword({ db: t.db, userId: agent.user.id, tempPasswordHash: await hashPassword('Temporary-pass-1') });
      const gone = disconnected(oldSocket);
      const fresh = await t.loginAs(agent.email, 'Temporary-pass-1');
      expect(await gone).toBe('io server disconnect');
      expect((await get('/api/my-profile', old)).statusCode).toBe(401);
      expect((await get('/api/my-profile', fresh)).statusCode).toBe(200);
    } finally {
      oldSocket.close();
    }
  });
});

describe('sockets end with their sessions (issue 16.5)', () => {
  it('when an agent logs out, then that session socket is disconnected and its other session socket is not', async () => {
    const agent = await t.createAgent();
    const first = await t.loginAs(agent.email, agent.password);
    const second = await t.loginAs(agent.email, agent.password);
    const firstSocket = await connectSocket(baseUrl, { token: first });
    const secondSocket = await connectSocket(baseUrl, { token: second });
    try {
      const gone = disconnected(firstSocket);
      expect((await post('/api/logout', first)).statusCode).toBe(200);
      expect(await gone).toBe('io server disconnect');
      expect(secondSocket.socket.connected).toBe(true);
    } finally {
      firstSocket.close();
      secondSocket.close();
    }
  });

  it('when an admin rejects or deletes an agent, then its sockets are disconnected', async () => {
    const adminToken = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    for (const action of ['reject-user', 'deleteagent']) {
      const agent = await t.createAgent();
      const token = await t.loginAs(agent.email, agent.password);
      const socket = await connectSocket(baseUrl, { token });
      try {
        const gone = disconnected(socket);
        expect((await get(`/api/${action}/${agent.user.id}`, adminToken)).statusCode, action).toBe(200);
        expect(await gone, action).toBe('io server disconnect');
      } finally {
        socket.close();
      }
    }
  });
});

describe('session lifetime and the cost of a wrong password (issue 16.7)', () => {
  it('when a session was made 30 days ago, then it has ended even though it was used today', async () => {
    const agent = await t.createAgent();
    const token = await t.loginAs(agent.email, agent.password);
    await t.db
      .update(tokens)
      .set({ createdAt: sql`now() - interval '30 days 1 minute'`, lastUsedAt: sql`now()` })
      .where(eq(tokens.userId, agent.user.id));
    t.dataChanged();
    expect((await get('/api/my-profile', token)).statusCode).toBe(401);
  });

  it('when the password is wrong, then the same hashing work is done for a plain account, one with a temporary password and an unknown address', async () => {
    const plain = await t.createAgent();
    const withTemporary = await t.createAgent();
    await setTemporaryPassword({ db: t.db, userId: withTemporary.user.id, tempPasswordHash: await hashPassword('Temporary-pass-2') });
    const work: number[] = [];
    for (const email of [plain.email, withTemporary.email, 'nobody-here@example.com']) {
      const before = passwordWork.verifications;
      const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'Wrong-password-9' }, remoteAddress: randomIp() });
      expect(response.statusCode).toBe(401);
      work.push(passwordWork.verifications - before);
    }
    expect(new Set(work).size).toBe(1);
  });
});
