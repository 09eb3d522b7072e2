import type { BookingListRow } from '@portal/contract/booking-lifecycle';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, multipart, type TestApp } from '../../test/helpers.js';
import { ledgerEntries } from '../ledger/ledger.table.js';
import type { UserRow } from '../users/users.table.js';
import { bookingPassengers, bookings, type BookingRow } from './bookings.table.js';
import { daysFromToday, insertTestBooking, insertTestGroup, insertUserWithToken } from './booking-lifecycle.factories.js';

/** Agent isolation (PRODUCT §4 roles, issue 4): another agent's booking answers 403 or 404 everywhere and is never listed. */

let t: TestApp;
let agentA: { user: UserRow; token: string };
let agentB: { user: UserRow; token: string };
let holdOfB: BookingRow;
let confirmedOfB: BookingRow;
let pnr: string;

beforeAll(async () => {
  t = await buildTestApp();
  agentA = await insertUserWithToken(t.db, { name: 'Amir', agencyName: 'Alpha Travels' });
  agentB = await insertUserWithToken(t.db, { name: 'Bilal', agencyName: 'Beta Tours' });
  const { group } = await insertTestGroup(t.db);
  pnr = group.pnr;
  const base = { uploadsDir: t.app.uploadsDir, group, addedBy: agentB.user.id, agentUserId: agentB.user.id };
  holdOfB = (await insertTestBooking(t.db, base)).booking;
  confirmedOfB = (await insertTestBooking(t.db, { ...base, state: 'confirmed' })).booking;
  await insertTestBooking(t.db, { ...base, addedBy: agentA.user.id, agentUserId: agentA.user.id });
});
afterAll(() => t.close());

function request(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: bearer(agentA.token) });
}

describe("another agent's booking", () => {
  it('when agent A calls every booking endpoint on B\'s bookings, then each answers 403 or 404 and nothing changes', async () => {
    for (const booking of [holdOfB, confirmedOfB]) {
      const id = booking.id;
      const update = multipart([
        ['booking_id', String(id)],
        ['titles[]', 'Mr'],
        ['firstname[]', 'HIJACK'],
        ['lastname[]', 'KHAN'],
        ['dob[]', daysFromToday(-365 * 30)],
        ['passport_no[]', 'AB1'],
        ['passport_expiry_date[]', daysFromToday(3650)],
        ['type[]', 'adult'],
      ]);
      const answers: Array<[string, number, number[]]> = [
        ['booking-detail', (await request('POST', '/api/booking-detail', { booking_id: id })).statusCode, [403]],
        ['agent-booking-detail', (await request('POST', '/api/agent-booking-detail', { booking_id: id })).statusCode, [404]],
        ['booking-edit-detail', (await request('POST', '/api/booking-edit-detail', { booking_id: id })).statusCode, [404]],
        [
          'booking-update',
          (
            await t.app.inject({
              method: 'POST',
              url: '/api/booking-update',
              payload: update.payload,
              headers: { ...update.headers, ...bearer(agentA.token) },
            })
          ).statusCode,
          [403],
        ],
        ['confirmbooking', (await request('POST', '/api/confirmbooking', { booking_id: id, discount: 0, receive_payment: 0 })).statusCode, [403]],
        ['hold-time-update', (await request('POST', '/api/hold-time-update', { booking_id: id, cancel_at: `${daysFromToday(1)} 10:00` })).statusCode, [403]],
        ['cancelbooking', (await request('GET', `/api/cancelbooking/${id}`)).statusCode, [403]],
      ];
      for (const [name, status, allowed] of answers) expect(allowed, `${name} answered ${status}`).toContain(status);

      const [after] = await t.db.select().from(bookings).where(eq(bookings.id, id));
      expect(after).toEqual(booking);
      const passengers = await t.db.select().from(bookingPassengers).where(eq(bookingPassengers.bookingId, id));
      expect(passengers.map((row) => row.firstname)).not.toContain('HIJACK');
      expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, id))).toEqual([]);
    }
  });

  it("when agent A lists its bookings with any filter or agent_id, then none of B's appear", async () => {
    const theirs = new Set([holdOfB.id, confirmedOfB.id]);
    const urls = [
      '/api/agnetlistofbookings?page=1',
      `/api/agnetlistofbookings?page=1&agent_id=${agentB.user.agentId}`,
      `/api/agnetlistofbookings?pnr=${pnr}`,
      '/api/agnetlistofbookings?agent_name=beta',
      '/api/agnetlistofbookings?status=confirmed',
      '/api/unpaid-bookings?page=1',
      `/api/unpaid-bookings?target=pnr&value=${pnr}`,
    ];
    let seen = 0;
    for (const url of urls) {
      const response = await request('GET', url);
      expect(response.statusCode, url).toBe(200);
      const rows = response.json().data as BookingListRow[];
      seen += rows.length;
      expect(rows.filter((row) => theirs.has(row.id)), url).toEqual([]);
      expect(rows.every((row) => row.agent === agentA.user.id), url).toBe(true);
    }
    // Agent A's own hold is listed, so the lists do answer rows.
    expect(seen).toBeGreaterThan(0);
    expect((await request('GET', '/api/listofbookings')).statusCode).toBe(403);
    expect((await request('GET', '/api/pendingpayments')).statusCode).toBe(403);
  });
});
