import { CONFIRM_CANCELLED_BOOKING_MESSAGE, HOLD_ONLY_MESSAGE } from '@portal/contract/booking-lifecycle';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { bearer, buildTestApp, type TestApp } from '../../test/helpers.js';
import type { UserRow } from '../users/users.table.js';
import { bookings } from './bookings.table.js';
import { insertTestBooking, insertTestGroup, insertUserWithToken } from './booking-lifecycle.factories.js';

// Issue 16.14: a hold past its cancel_at is expired for every rule (seats, confirm, lists) whether or not the
// sweeper has run yet, and the sweep runs when the server starts.

const MINUTE = 60_000;
let t: TestApp;
let admin: { user: UserRow; token: string };
let agent: { user: UserRow; token: string };
beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUserWithToken(t.db, { role: 'admin', name: 'Expiry Admin' });
  agent = await insertUserWithToken(t.db, { agencyName: 'Expiry Travels' });
});
afterAll(() => t.close());

/** A group of `seats` seats with one hold of `adults` adults whose cancel_at passed a minute ago (no sweep ran). */
async function groupWithExpiredHold(seats: number, adults: number) {
  const group = await insertTestGroup(t.db, { totalTicket: seats });
  const { booking } = await insertTestBooking(t.db, {
    uploadsDir: t.app.uploadsDir,
    group: group.group,
    addedBy: agent.user.id,
    agentUserId: agent.user.id,
    adults,
    cancelAt: new Date(Date.now() - MINUTE),
  });
  return { group: group.group, bookingId: booking.id };
}

describe('an expired hold before the sweep', () => {
  it('when seats are checked, then the expired hold takes none', async () => {
    const { group } = await groupWithExpiredHold(2, 2);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/check-availbility',
      headers: bearer(agent.token),
      payload: { adult: 2, child: 0, infant: 0, pnr: group.pnr },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.status).toBe(true);
  });

  it('when an admin confirms it, then it is treated as cancelled: 422 without sure, confirmed with sure=1', async () => {
    const { bookingId } = await groupWithExpiredHold(5, 1);
    const confirm = (extra: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/confirmbooking', headers: bearer(admin.token), payload: { booking_id: bookingId, discount: 0, receive_payment: 0, ...extra } });
    const refused = await confirm({});
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: CONFIRM_CANCELLED_BOOKING_MESSAGE, errors: { sure: [CONFIRM_CANCELLED_BOOKING_MESSAGE] } });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row).toMatchObject({ confirmed: false, cancelStatus: false });

    expect((await confirm({ sure: 1 })).statusCode).toBe(200);
  });

  it('when the lists are read, then it is not on hold and reads as cancelled', async () => {
    const { group, bookingId } = await groupWithExpiredHold(5, 1);
    const ids = async (status: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/listofbookings?pnr=${group.pnr}&status=${status}`, headers: bearer(admin.token) }))
        .json()
        .data.map((row: { id: number }) => row.id);
    expect(await ids('hold')).toEqual([]);
    expect(await ids('cancelled')).toEqual([bookingId]);
    const all = (await t.app.inject({ method: 'GET', url: `/api/listofbookings?pnr=${group.pnr}`, headers: bearer(admin.token) })).json().data;
    expect(all).toEqual([expect.objectContaining({ id: bookingId, cancel_status: 1, confirmed: 0 })]);
  });

  it('when an admin moves its hold time ahead, then 409 not on hold and it stays expired (no revival past the seat checks)', async () => {
    const { bookingId } = await groupWithExpiredHold(5, 1);
    const [before] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/hold-time-update',
      headers: bearer(admin.token),
      payload: { booking_id: bookingId, cancel_at: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toEqual({ message: HOLD_ONLY_MESSAGE });
    const [after] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(after!.cancelAt?.toISOString()).toBe(before!.cancelAt?.toISOString());
  });
});

describe('the sweep at start', () => {
  it('when the server starts with holds that ran out while it was down, then they are cancelled before it serves', async () => {
    const { bookingId } = await groupWithExpiredHold(5, 1);
    // A long interval: only the sweep at start can cancel it.
    const app = await buildApp({ config: t.config, db: t.db, holdSweeper: { intervalMs: 3_600_000 } });
    try {
      const [row] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
      expect(row).toMatchObject({ cancelStatus: true, cancelledBy: null });
    } finally {
      await app.close();
    }
  });
});
