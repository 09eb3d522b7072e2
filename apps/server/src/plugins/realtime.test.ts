import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NotificationEvent } from '@portal/contract/notifications';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestBooking, insertTestGroup, insertUserWithToken, type TestGroup } from '../modules/bookings/booking-lifecycle.factories.js';
import { notifications } from '../modules/notifications/notifications.table.js';
import type { UserRow } from '../modules/users/users.table.js';
import { bearer, buildTestApp, type TestApp } from '../test/helpers.js';
import { connectSocket, tryConnect } from '../test/realtime-client.js';

// PRODUCT §1 realtime and §4 Notifications: Socket.IO at /socket.io on a listening app, authenticated by the
// bearer token; a socket hears userevent-{user_id} of its own user only (000 §7).

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';

let t: TestApp;
let webDistDir: string;
let baseUrl: string;
let admin: { user: UserRow; token: string };
let agent: { user: UserRow; token: string };
let otherAgent: { user: UserRow; token: string };
let group: TestGroup;

beforeAll(async () => {
  webDistDir = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
  writeFileSync(path.join(webDistDir, 'index.html'), INDEX_HTML);
  t = await buildTestApp({ webDistDir });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
  admin = await insertUserWithToken(t.db, { role: 'admin', name: 'Sana Admin' });
  agent = await insertUserWithToken(t.db, { name: 'Imran', agencyName: 'Al-Haram Travels' });
  otherAgent = await insertUserWithToken(t.db, { name: 'Other', agencyName: 'Other Travels' });
  group = await insertTestGroup(t.db, { totalTicket: 50 });
});
afterAll(async () => {
  await t.close();
  rmSync(webDistDir, { recursive: true, force: true });
});

async function agentHold(agentUserId: number) {
  const { booking } = await insertTestBooking(t.db, { uploadsDir: t.app.uploadsDir, group: group.group, addedBy: agentUserId, agentUserId });
  return booking.id;
}

describe('Socket.IO handshake', () => {
  it('when the token is unknown or missing, then the connection is refused with Unauthenticated.', async () => {
    expect(await tryConnect(baseUrl, { token: 'not-a-token' })).toBe('Unauthenticated.');
    expect(await tryConnect(baseUrl, {})).toBe('Unauthenticated.');
  });

  it('when the token is live, given in auth or as an Authorization header, then the socket is let in', async () => {
    const viaAuth = await connectSocket(baseUrl, { token: agent.token });
    const viaHeader = await connectSocket(baseUrl, { token: agent.token, via: 'header' });
    expect(viaAuth.socket.connected).toBe(true);
    expect(viaHeader.socket.connected).toBe(true);
    viaAuth.close();
    viaHeader.close();
  });

  it('when a client asks for HTTP long-polling, then the handshake is refused: WebSocket only (decision 033)', async () => {
    const response = await fetch(`${baseUrl}/socket.io/?EIO=4&transport=polling`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 0, message: 'Transport unknown' });
  });

  it('when the token was revoked by logout, then a new connection is refused', async () => {
    const user = await insertUserWithToken(t.db, { name: 'Leaving' });
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(user.token) });
    expect(logout.statusCode).toBe(200);
    expect(await tryConnect(baseUrl, { token: user.token })).toBe('Unauthenticated.');
  });
});

describe('pushes', () => {
  it("when an admin confirms an agent's booking, then that agent's socket receives userevent-{id} with the stored row, and another agent's socket nothing", async () => {
    const mine = await connectSocket(baseUrl, { token: agent.token });
    const theirs = await connectSocket(baseUrl, { token: otherAgent.token });
    try {
      const bookingId = await agentHold(agent.user.id);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/confirmbooking',
        payload: { booking_id: bookingId, discount: 0, receive_payment: 0 },
        headers: bearer(admin.token),
      });
      expect(response.statusCode).toBe(200);

      const event = (await mine.waitFor(`userevent-${agent.user.id}`)) as NotificationEvent;
      const [row] = await t.db.select().from(notifications).where(eq(notifications.bookingId, bookingId));
      expect(event).toEqual({
        id: row!.id,
        name: 'Sana Admin',
        message: `Your booking #${bookingId} (PNR ${group.group.pnr}) is confirmed`,
        image: null,
        src: bookingId,
        created_at: row!.createdAt.toISOString(),
      });
      // Give a stray emit time to arrive before asserting that none did.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(theirs.events).toEqual([]);
      expect(mine.events.map(([name]) => name)).toEqual([`userevent-${agent.user.id}`]);
    } finally {
      mine.close();
      theirs.close();
    }
  });

  it("when an agent books, then an admin's socket receives the event and the agent's own socket does not", async () => {
    const adminSocket = await connectSocket(baseUrl, { token: admin.token });
    const agentSocket = await connectSocket(baseUrl, { token: otherAgent.token });
    try {
      await t.app.notifier.notifyBookingEvent({ actorUserId: otherAgent.user.id, notice: { kind: 'booked', bookingId: await agentHold(otherAgent.user.id) } });
      const event = (await adminSocket.waitFor(`userevent-${admin.user.id}`)) as NotificationEvent;
      expect(event.message).toBe(`Other Travels booked 1 seat on PNR ${group.group.pnr}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(agentSocket.events).toEqual([]);
    } finally {
      adminSocket.close();
      agentSocket.close();
    }
  });
});

describe('the HTTP server around it', () => {
  it('when Socket.IO is attached, then the API and the SPA fallback still answer over real HTTP', async () => {
    const health = await fetch(`${baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const spa = await fetch(`${baseUrl}/dashboard/notifications`);
    expect(spa.status).toBe(200);
    expect(await spa.text()).toBe(INDEX_HTML);
    const unknownApi = await fetch(`${baseUrl}/api/no-such-path`);
    expect(unknownApi.status).toBe(404);
  });
});

describe('closing', () => {
  it('when the app closes with a socket connected, then close completes and the socket is disconnected', async () => {
    const other = await buildTestApp();
    await other.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = other.app.server.address() as { port: number };
    const user = await insertUserWithToken(other.db, { name: 'Still Here' });
    const socket = await connectSocket(`http://127.0.0.1:${port}`, { token: user.token });
    const disconnected = new Promise<string>((resolve) => socket.socket.once('disconnect', (reason) => resolve(reason)));
    try {
      await other.close();
      expect(await disconnected).toBe('io server disconnect');
    } finally {
      socket.close();
    }
  });
});
