import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, buildTestApp, randomIp, type TestAgent, type TestApp } from '../../test/helpers.js';
import { connectSocket, tryConnect, type TestSocket } from '../../test/realtime-client.js';
import { emailOutbox } from '../emails/emails.table.js';

// Issue 16 point 5: a password change or reset ends the user's other sessions, and logout, revocation,
// rejection and deletion close the open Socket.IO connections of the ended sessions.

let t: TestApp;
let webDistDir: string;
let baseUrl: string;
let adminToken: string;

beforeAll(async () => {
  webDistDir = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
  writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  t = await buildTestApp({ webDistDir });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
  adminToken = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
  rmSync(webDistDir, { recursive: true, force: true });
});

/** Resolves true once the socket is disconnected by the server, false if it is still open after `ms`. */
function disconnectedWithin(socket: TestSocket, ms = 3_000): Promise<boolean> {
  if (!socket.socket.connected) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    socket.socket.once('disconnect', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function status(token: string): Promise<number> {
  t.dataChanged();
  const response = await t.app.inject({ method: 'GET', url: '/api/my-profile', headers: bearer(token) });
  return response.statusCode;
}

async function signedInTwice(agent: TestAgent) {
  const first = await t.loginAs(agent.email, agent.password);
  const second = await t.loginAs(agent.email, agent.password);
  return { first, second, firstSocket: await connectSocket(baseUrl, { token: first }), secondSocket: await connectSocket(baseUrl, { token: second }) };
}

describe('ending sessions', () => {
  it('when one session logs out, then its socket is closed and the other session and socket stay', async () => {
    const agent = await t.createAgent();
    const { first, second, firstSocket, secondSocket } = await signedInTwice(agent);
    const response = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(first) });
    expect(response.statusCode).toBe(200);
    expect(await disconnectedWithin(firstSocket)).toBe(true);
    expect(await disconnectedWithin(secondSocket, 300)).toBe(false);
    expect(await status(second)).toBe(200);
    secondSocket.close();
  });

  it('when the user changes the password, then every other session ends, sockets included; this one stays', async () => {
    const agent = await t.createAgent();
    const { first, second, firstSocket, secondSocket } = await signedInTwice(agent);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/changeuserpassword',
      headers: bearer(first),
      payload: { old_password: agent.password, new_password: 'Fresh-Pass-2026' },
    });
    expect(response.statusCode).toBe(200);
    expect(await disconnectedWithin(secondSocket)).toBe(true);
    expect(await status(second)).toBe(401);
    expect(await disconnectedWithin(firstSocket, 300)).toBe(false);
    expect(await status(first)).toBe(200);
    firstSocket.close();
  });

  it('when the user signs in with a forgot-password temporary password, then every earlier session ends', async () => {
    const agent = await t.createAgent();
    const { first, firstSocket, secondSocket } = await signedInTwice(agent);
    const forgot = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: agent.email }, remoteAddress: randomIp() });
    expect(forgot.statusCode).toBe(200);
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, agent.email));
    const temporary = /Your temporary password is: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
    // Used once more after forgot-password's own change, with nothing dropped before it: the session cache knows it
    // when the sign-in ends it, and must forget it then (the sign-in is a change of everything, decision 057).
    const profileStatus = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/my-profile', headers: bearer(token) })).statusCode;
    expect(await profileStatus(first)).toBe(200);
    const fresh = await t.loginAs(agent.email, temporary);
    expect(await profileStatus(first)).toBe(401);
    expect(await disconnectedWithin(firstSocket)).toBe(true);
    expect(await disconnectedWithin(secondSocket)).toBe(true);
    expect(await status(first)).toBe(401);
    expect(await status(fresh)).toBe(200);
  });

  it('when an admin rejects the agent, then its sockets are closed', async () => {
    const agent = await t.createAgent();
    const { firstSocket, secondSocket } = await signedInTwice(agent);
    const response = await t.app.inject({ method: 'GET', url: `/api/reject-user/${agent.user.id}`, headers: bearer(adminToken) });
    expect(response.statusCode).toBe(200);
    expect(await disconnectedWithin(firstSocket)).toBe(true);
    expect(await disconnectedWithin(secondSocket)).toBe(true);
  });

  it('when an admin deletes the agent, then its sockets are closed', async () => {
    const agent = await t.createAgent();
    const { firstSocket, secondSocket } = await signedInTwice(agent);
    const response = await t.app.inject({ method: 'GET', url: `/api/deleteagent/${agent.user.id}`, headers: bearer(adminToken) });
    expect(response.statusCode).toBe(200);
    expect(await disconnectedWithin(firstSocket)).toBe(true);
    expect(await disconnectedWithin(secondSocket)).toBe(true);
  });

  it('when change_password is set, then no socket is let in (issue 16 point 6)', async () => {
    const agent = await t.createAgent({ changePassword: true });
    const token = await t.loginAs(agent.email, agent.password);
    expect(await tryConnect(baseUrl, { token })).toBe('Unauthenticated.');
  });
});
