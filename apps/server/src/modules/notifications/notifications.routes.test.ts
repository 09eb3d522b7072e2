import { MARK_READ_REQUIRED_MESSAGE, NOTIFICATIONS_MARKED_READ_MESSAGE, type NotificationListResponse } from '@portal/contract/notifications';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, multipart, type TestApp } from '../../test/helpers.js';
import { insertTestBooking, insertTestGroup, insertUserWithToken } from '../bookings/booking-lifecycle.factories.js';
import type { UserRow } from '../users/users.table.js';
import { notifications } from './notifications.table.js';

// 000 §7 listofnotification, the unread count and mark read (contract notifications.ts): the caller's own only.

let t: TestApp;
let admin: { user: UserRow; token: string };
let agent: { user: UserRow; token: string };
let stranger: { user: UserRow; token: string };
let bookingId: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUserWithToken(t.db, { role: 'admin', name: 'Sana Admin' });
  agent = await insertUserWithToken(t.db, { name: 'Imran', agencyName: 'Al-Haram Travels' });
  stranger = await insertUserWithToken(t.db, { name: 'Stranger', agencyName: 'Stranger Travels' });
  const group = await insertTestGroup(t.db);
  ({
    booking: { id: bookingId },
  } = await insertTestBooking(t.db, { uploadsDir: t.app.uploadsDir, group: group.group, addedBy: agent.user.id, agentUserId: agent.user.id }));
});
afterAll(() => t.close());

async function store(userId: number, count: number, { start = Date.UTC(2026, 0, 1), label = 'note' } = {}) {
  const rows = await t.db
    .insert(notifications)
    .values(
      Array.from({ length: count }, (_, index) => ({
        userId,
        senderUserId: admin.user.id,
        bookingId,
        name: 'Sana Admin',
        message: `${label} ${index + 1}`,
        image: null,
        createdAt: new Date(start + index * 60_000),
      })),
    )
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const mark = (payload: Record<string, unknown>, token: string) =>
  t.app.inject({ method: 'POST', url: '/api/mark-notifications-read', payload, headers: bearer(token) });

describe('without a session', () => {
  it('when any notifications route is called without a token, then it answers 401 Unauthenticated.', async () => {
    for (const response of [
      await get('/api/listofnotification'),
      await get('/api/unread-notifications-count'),
      await t.app.inject({ method: 'POST', url: '/api/mark-notifications-read', payload: { all: 1 } }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });
});

describe('list, count and mark read', () => {
  it("when an agent lists, then it gets only its own, newest first, 20 a page, with read_at and src, and the count of unread", async () => {
    const own = await store(agent.user.id, 22, { label: 'own' });
    await store(stranger.user.id, 3, { label: 'stranger' });

    const first = await get('/api/listofnotification', agent.token);
    expect(first.statusCode).toBe(200);
    const page1 = first.json() as NotificationListResponse;
    expect(page1).toMatchObject({ current_page: 1, per_page: 20, total: 22, last_page: 2, prev_page_url: null });
    expect(page1.next_page_url).toBe(`${t.config.publicUrl}/api/listofnotification?page=2`);
    expect(page1.data.map((row) => row.message)).toEqual(Array.from({ length: 20 }, (_, index) => `own ${22 - index}`));
    expect(page1.data[0]).toEqual({
      id: own[21],
      name: 'Sana Admin',
      message: 'own 22',
      image: null,
      src: bookingId,
      created_at: new Date(Date.UTC(2026, 0, 1) + 21 * 60_000).toISOString(),
      read_at: null,
    });
    const page2 = (await get('/api/listofnotification?page=2', agent.token)).json() as NotificationListResponse;
    expect(page2.data.map((row) => row.message)).toEqual(['own 2', 'own 1']);

    expect((await get('/api/unread-notifications-count', agent.token)).json()).toEqual({ count: 22 });
    expect((await get('/api/unread-notifications-count', stranger.token)).json()).toEqual({ count: 3 });
  });

  it("when an admin lists, then it sees its own notifications only, not the agents'", async () => {
    await store(admin.user.id, 1, { label: 'for admin' });
    const body = (await get('/api/listofnotification', admin.token)).json() as NotificationListResponse;
    expect(body.data.map((row) => row.message)).toEqual(['for admin 1']);
  });

  it("when a user marks ids that include another user's, then only its own are read and the other's stay unread", async () => {
    const mine = await store(agent.user.id, 2, { label: 'mark-ids', start: Date.UTC(2026, 1, 1) });
    const theirs = await store(stranger.user.id, 1, { label: 'not yours', start: Date.UTC(2026, 1, 1) });
    const before = ((await get('/api/unread-notifications-count', agent.token)).json() as { count: number }).count;
    const strangerBefore = ((await get('/api/unread-notifications-count', stranger.token)).json() as { count: number }).count;

    const form = multipart([['ids[]', String(mine[0])], ['ids[]', String(theirs[0])]]);
    const response = await t.app.inject({ method: 'POST', url: '/api/mark-notifications-read', payload: form.payload, headers: { ...form.headers, ...bearer(agent.token) } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: NOTIFICATIONS_MARKED_READ_MESSAGE, count: before - 1 });

    const [marked] = await t.db.select().from(notifications).where(eq(notifications.id, mine[0]!));
    expect(marked!.readAt).toBeInstanceOf(Date);
    const [untouched] = await t.db.select().from(notifications).where(eq(notifications.id, theirs[0]!));
    expect(untouched!.readAt).toBeNull();
    expect((await get('/api/unread-notifications-count', stranger.token)).json()).toEqual({ count: strangerBefore });

    const listed = (await get('/api/listofnotification', agent.token)).json() as NotificationListResponse;
    expect(listed.data.find((row) => row.id === mine[0])!.read_at).toBe(marked!.readAt!.toISOString());
  });

  it("when a user marks all, then its count drops to 0 and the other user's count is kept", async () => {
    const strangerBefore = ((await get('/api/unread-notifications-count', stranger.token)).json() as { count: number }).count;
    expect(strangerBefore).toBeGreaterThan(0);
    const response = await mark({ all: 1 }, agent.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: NOTIFICATIONS_MARKED_READ_MESSAGE, count: 0 });
    expect((await get('/api/unread-notifications-count', agent.token)).json()).toEqual({ count: 0 });
    expect((await get('/api/unread-notifications-count', stranger.token)).json()).toEqual({ count: strangerBefore });
  });

  it('when neither ids nor all is sent, then it answers 422 with the field message', async () => {
    for (const payload of [{}, { all: 0 }, { ids: [] }]) {
      const response = await mark(payload, agent.token);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ errors: { ids: [MARK_READ_REQUIRED_MESSAGE] } });
    }
  });

  it('when an id is not a number, then it answers 422, not 500', async () => {
    const response = await mark({ ids: ['abc'] }, agent.token);
    expect(response.statusCode).toBe(422);
  });
});
