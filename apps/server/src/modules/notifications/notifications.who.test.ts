import { BOOKING_ADDED_MESSAGE } from '@portal/contract/bookings';
import { asc, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, buildTestApp, multipart, type TestApp } from '../../test/helpers.js';
import { insertTestBooking, insertTestGroup, insertUserWithToken, type TestGroup } from '../bookings/booking-lifecycle.factories.js';
import { bookingFields, daysFromToday, passenger, postBooking } from '../bookings/bookings.fixtures.js';
import { files } from '../files/files.table.js';
import { payments } from '../payments/payments.table.js';
import { users, type UserRow } from '../users/users.table.js';
import { notifications } from './notifications.table.js';

// PRODUCT §4 Notifications: who is told of which booking event, with which stored fields (issue 6).

let t: TestApp;
let seedAdminId: number;
let admin: { user: UserRow; token: string };
let otherAdmin: { user: UserRow; token: string };
let inactiveAdmin: { user: UserRow; token: string };
let agent: { user: UserRow; token: string };
let otherAgent: { user: UserRow; token: string };
let group: TestGroup;
let agentImageUrl: string;

beforeAll(async () => {
  t = await buildTestApp();
  const [seeded] = await t.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
  seedAdminId = seeded!.id;
  admin = await insertUserWithToken(t.db, { role: 'admin', name: 'Sana Admin' });
  otherAdmin = await insertUserWithToken(t.db, { role: 'admin', name: 'Bilal Admin' });
  inactiveAdmin = await insertUserWithToken(t.db, { role: 'admin', name: 'Former Admin' });
  await t.db.update(users).set({ isActive: false }).where(eq(users.id, inactiveAdmin.user.id));
  agent = await insertUserWithToken(t.db, { name: 'Imran Qureshi', agencyName: 'Al-Haram Travels' });
  otherAgent = await insertUserWithToken(t.db, { name: 'Other Agent', agencyName: 'Other Travels' });
  const storagePath = 'public/user_image/imran-1a2b.png';
  const [image] = await t.db
    .insert(files)
    .values({ kind: 'user_image', storagePath, originalName: 'me.png', mime: 'image/png', size: 10, visibility: 'public' })
    .returning({ id: files.id });
  await t.db.update(users).set({ imageFileId: image!.id }).where(eq(users.id, agent.user.id));
  agentImageUrl = `/uploads/${storagePath}`;
  group = await insertTestGroup(t.db, { totalTicket: 100, price: 100_000 });
});
afterAll(() => t.close());

/** Rows stored after `mark` (the id of the last row before the action), oldest first. */
async function rowsAfter(mark: number) {
  return t.db.select().from(notifications).where(gt(notifications.id, mark)).orderBy(asc(notifications.id));
}

async function lastId(): Promise<number> {
  const rows = await t.db.select({ id: notifications.id }).from(notifications).orderBy(asc(notifications.id));
  return rows.at(-1)?.id ?? 0;
}

async function agentBooking({ state = 'hold' as 'hold' | 'confirmed', agentUserId = agent.user.id } = {}) {
  const { booking } = await insertTestBooking(t.db, { uploadsDir: t.app.uploadsDir, group: group.group, addedBy: agentUserId, agentUserId, state });
  return booking.id;
}

function post(url: string, payload: Record<string, unknown>, token: string) {
  return t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
}

describe('a new booking', () => {
  it('when an agent books, then every active admin is told with the agent name, picture, message and booking id, and nobody else', async () => {
    const mark = await lastId();
    const response = await postBooking(
      t.app,
      agent.token,
      multipart(bookingFields({ pnr: group.group.pnr, passengers: [passenger({ type: 'adult' }), passenger({ type: 'adult', title: 'Mrs' }), passenger({ type: 'infant' })] })),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ message: BOOKING_ADDED_MESSAGE });
    const bookingId = (response.json() as { data: { id: number } }).data.id;

    const rows = await rowsAfter(mark);
    expect(rows.map((row) => row.userId).sort()).toEqual([seedAdminId, admin.user.id, otherAdmin.user.id].sort());
    for (const row of rows) {
      expect(row).toMatchObject({
        senderUserId: agent.user.id,
        bookingId,
        name: 'Imran Qureshi',
        image: agentImageUrl,
        message: `Al-Haram Travels booked 2 seats and 1 infant on PNR ${group.group.pnr}`,
        readAt: null,
      });
    }
  });

  it('when the same Idempotency-Key is sent again, then the replay tells nobody a second time', async () => {
    const form = () => multipart(bookingFields({ pnr: group.group.pnr, passengers: [passenger({ type: 'adult' })] }));
    const first = await postBooking(t.app, agent.token, form(), { 'idempotency-key': 'notify-once-1' });
    expect(first.statusCode).toBe(201);
    const mark = await lastId();
    const again = await postBooking(t.app, agent.token, form(), { 'idempotency-key': 'notify-once-1' });
    expect(again.statusCode).toBe(200);
    expect(await rowsAfter(mark)).toEqual([]);
  });

  it("when an admin makes a walk-in sale, then nobody is told (no agent; admins are not told of each other's sales)", async () => {
    const mark = await lastId();
    const response = await postBooking(t.app, admin.token, multipart(bookingFields({ pnr: group.group.pnr, passengers: [passenger({ type: 'adult' })], extra: { agent: '0', walking: '1' } })));
    expect(response.statusCode).toBe(201);
    expect(await rowsAfter(mark)).toEqual([]);
  });

  it('when an admin books for an agent, then only that agent is told, by the admin', async () => {
    const mark = await lastId();
    const response = await postBooking(
      t.app,
      admin.token,
      multipart(bookingFields({ pnr: group.group.pnr, passengers: [passenger({ type: 'adult' })], extra: { agent: String(agent.user.id), walking: '0' } })),
    );
    expect(response.statusCode).toBe(201);
    const rows = await rowsAfter(mark);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: agent.user.id,
      senderUserId: admin.user.id,
      name: 'Sana Admin',
      image: null,
      message: `Sana Admin booked 1 seat for you on PNR ${group.group.pnr}`,
    });
  });
});

describe("changes to an agent's booking by an admin", () => {
  it('when an admin confirms it, then its agent alone is told', async () => {
    const bookingId = await agentBooking();
    const mark = await lastId();
    const response = await post('/api/confirmbooking', { booking_id: bookingId, discount: 0, receive_payment: 0 }, admin.token);
    expect(response.statusCode).toBe(200);
    const rows = await rowsAfter(mark);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: agent.user.id,
      senderUserId: admin.user.id,
      bookingId,
      name: 'Sana Admin',
      message: `Your booking #${bookingId} (PNR ${group.group.pnr}) is confirmed`,
    });
  });

  it('when an admin cancels it, then its agent is told', async () => {
    const bookingId = await agentBooking({ state: 'confirmed' });
    const mark = await lastId();
    const response = await t.app.inject({ method: 'GET', url: `/api/cancelbooking/${bookingId}`, headers: bearer(otherAdmin.token) });
    expect(response.statusCode).toBe(200);
    const rows = await rowsAfter(mark);
    expect(rows.map((row) => [row.userId, row.name, row.message])).toEqual([
      [agent.user.id, 'Bilal Admin', `Your booking #${bookingId} (PNR ${group.group.pnr}) was cancelled`],
    ]);
  });

  it('when an admin moves the hold, then its agent is told the new end in Asia/Karachi time', async () => {
    const bookingId = await agentBooking();
    const mark = await lastId();
    const day = daysFromToday(2);
    const response = await post('/api/hold-time-update', { booking_id: bookingId, cancel_at: `${day} 18:30` }, admin.token);
    expect(response.statusCode).toBe(200);
    const rows = await rowsAfter(mark);
    expect(rows.map((row) => [row.userId, row.message])).toEqual([
      [agent.user.id, `The hold on your booking #${bookingId} (PNR ${group.group.pnr}) now ends ${day} 18:30`],
    ]);
  });

  it('when an admin adds, edits and deletes a payment, then its agent is told each time with the amount', async () => {
    const bookingId = await agentBooking({ state: 'confirmed' });
    const mark = await lastId();
    const ref = `booking #${bookingId} (PNR ${group.group.pnr})`;
    const added = await post('/api/update-booking-payment', { booking_id: bookingId, receive_date: daysFromToday(0), receive_amount: 50_000, text: 'Cash' }, admin.token);
    expect(added.statusCode).toBe(200);
    const [paymentRow] = await t.db.select({ id: payments.id }).from(payments).where(eq(payments.bookingId, bookingId)).orderBy(desc(payments.id)).limit(1);
    const paymentId = paymentRow!.id;
    const edited = await post('/api/edit-booking-payment', { payment_id: paymentId, receive_date: daysFromToday(0), receive_amount: 40_000, text: 'Cash' }, admin.token);
    expect(edited.statusCode).toBe(200);
    const deleted = await post('/api/delete-booking-payment', { payment_id: paymentId }, admin.token);
    expect(deleted.statusCode).toBe(200);

    const rows = await rowsAfter(mark);
    expect(rows.map((row) => [row.userId, row.bookingId, row.message])).toEqual([
      [agent.user.id, bookingId, `Payment of PKR 50,000 received on your ${ref}`],
      [agent.user.id, bookingId, `A payment on your ${ref} was changed to PKR 40,000`],
      [agent.user.id, bookingId, `A payment of PKR 40,000 on your ${ref} was removed`],
    ]);
  });

  it('when an admin confirms a walk-in sale, then nobody is told', async () => {
    const { booking } = await insertTestBooking(t.db, { uploadsDir: t.app.uploadsDir, group: group.group, addedBy: admin.user.id, agentUserId: null });
    const mark = await lastId();
    const response = await post('/api/confirmbooking', { booking_id: booking.id, discount: 0, receive_payment: 0 }, admin.token);
    expect(response.statusCode).toBe(200);
    expect(await rowsAfter(mark)).toEqual([]);
  });
});

describe('own actions', () => {
  it('when an agent cancels its own hold, then nobody is told', async () => {
    const bookingId = await agentBooking({ agentUserId: otherAgent.user.id });
    const mark = await lastId();
    const response = await t.app.inject({ method: 'GET', url: `/api/cancelbooking/${bookingId}`, headers: bearer(otherAgent.token) });
    expect(response.statusCode).toBe(200);
    expect(await rowsAfter(mark)).toEqual([]);
  });
});

describe('a failure to notify', () => {
  it('when the notifier fails, then the request still succeeds and the change is kept', async () => {
    const bookingId = await agentBooking();
    const spy = vi.spyOn(t.app.notifier, 'notifyBookingEvent').mockRejectedValueOnce(new Error('redis down'));
    const response = await post('/api/confirmbooking', { booking_id: bookingId, discount: 0, receive_payment: 0 }, admin.token);
    expect(spy).toHaveBeenCalledOnce();
    expect(response.statusCode).toBe(200);
    const rows = await t.db.select().from(notifications).where(eq(notifications.bookingId, bookingId));
    expect(rows).toEqual([]);
  });
});

describe('the notifier for other modules', () => {
  it("when notifyAgent is given an agent's number, then the user with that agent_id is told, by the sender", async () => {
    const mark = await lastId();
    await t.app.notifier.notifyAgent({ agentId: agent.user.agentId, senderUserId: admin.user.id, bookingId: null, message: 'Your account was updated' });
    const rows = await rowsAfter(mark);
    expect(rows.map((row) => [row.userId, row.name, row.message, row.bookingId])).toEqual([[agent.user.id, 'Sana Admin', 'Your account was updated', null]]);
  });

  it('when notifyAdmins is called by an admin, then every other active admin is told, not the sender', async () => {
    const mark = await lastId();
    await t.app.notifier.notifyAdmins({ senderUserId: admin.user.id, bookingId: null, message: 'A new agent registered' });
    const rows = await rowsAfter(mark);
    expect(rows.map((row) => row.userId).sort()).toEqual([seedAdminId, otherAdmin.user.id].sort());
  });
});
