import type { BookingListRow } from '@portal/contract/booking-lifecycle';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../test/helpers.js';
import type { UserRow } from '../users/users.table.js';
import { insertTestBooking, insertTestGroup, insertUserWithToken, type TestGroup } from './booking-lifecycle.factories.js';
import { bookingPassengers } from './bookings.table.js';

// Issue 21 §7 (decision 022): an agent searches its own bookings by PNR, passenger name and booking id.

let t: TestApp;
let admin: { user: UserRow; token: string };
let agentA: { user: UserRow; token: string };
let agentB: { user: UserRow; token: string };
let umrah: TestGroup;
let dubai: TestGroup;
const ids = { a1: 0, a2: 0, a3: 0, b1: 0 };
const HOUR = 3_600_000;

/** Renames the first passenger of a booking (the factory names every first adult ALI KHAN). */
async function renameFirstPassenger(bookingId: number, firstname: string, lastname: string) {
  await t.db
    .update(bookingPassengers)
    .set({ firstname, lastname })
    .where(and(eq(bookingPassengers.bookingId, bookingId), eq(bookingPassengers.position, 0)));
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUserWithToken(t.db, { role: 'admin' });
  agentA = await insertUserWithToken(t.db, { name: 'Amir Shah', agencyName: 'Alpha Travels' });
  agentB = await insertUserWithToken(t.db, { name: 'Bilal Raza', agencyName: 'Beta Tours' });
  umrah = await insertTestGroup(t.db, { price: 100_000 });
  dubai = await insertTestGroup(t.db, { price: 80_000 });
  const now = Date.now();
  const add = async (options: Omit<Parameters<typeof insertTestBooking>[1], 'uploadsDir'>) =>
    (await insertTestBooking(t.db, { uploadsDir: t.app.uploadsDir, ...options })).booking.id;
  ids.a1 = await add({ group: umrah.group, addedBy: agentA.user.id, agentUserId: agentA.user.id, adults: 2, createdAt: new Date(now - HOUR) });
  ids.a2 = await add({ group: dubai.group, addedBy: agentA.user.id, agentUserId: agentA.user.id, state: 'confirmed', createdAt: new Date(now - 2 * HOUR) });
  ids.a3 = await add({ group: umrah.group, addedBy: agentA.user.id, agentUserId: agentA.user.id, state: 'confirmed', createdAt: new Date(now - 3 * HOUR) });
  ids.b1 = await add({ group: umrah.group, addedBy: agentB.user.id, agentUserId: agentB.user.id, state: 'confirmed', createdAt: new Date(now - 4 * HOUR) });
  await renameFirstPassenger(ids.a1, 'SARA', 'AHMED');
  await renameFirstPassenger(ids.a3, 'MUHAMMAD USMAN', 'QURESHI');
  // Agent B's passenger has the same name: an agent's search never reaches another agent's bookings.
  await renameFirstPassenger(ids.b1, 'SARA', 'AHMED');
  t.dataChanged();
});
afterAll(() => t.close());

async function listIds(url: string, token: string): Promise<number[]> {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as BookingListRow[]).map((row) => row.id);
}

describe('GET /api/agnetlistofbookings searched by an agent', () => {
  it('when an agent searches by PNR, then only its own bookings of that PNR come', async () => {
    expect(await listIds(`/api/agnetlistofbookings?pnr=${umrah.group.pnr.toLowerCase()}`, agentA.token)).toEqual([ids.a1, ids.a3]);
    expect(await listIds(`/api/agnetlistofbookings?target=pnr&value=${dubai.group.pnr}`, agentA.token)).toEqual([ids.a2]);
  });

  it('when an agent searches by passenger name, then first-last and last-first match, any case and spacing, its own only', async () => {
    expect(await listIds('/api/agnetlistofbookings?passenger_name=sara%20ahmed', agentA.token)).toEqual([ids.a1]);
    expect(await listIds('/api/agnetlistofbookings?passenger_name=AHMED%20%20SARA', agentA.token)).toEqual([ids.a1]);
    expect(await listIds('/api/agnetlistofbookings?passenger_name=usman%20qur', agentA.token)).toEqual([ids.a3]);
    expect(await listIds('/api/agnetlistofbookings?target=passenger_name&value=qureshi', agentA.token)).toEqual([ids.a3]);
    // Every passenger counts, not only the first: a1's second adult is a KHAN, as are a2's and a3's.
    expect(await listIds('/api/agnetlistofbookings?passenger_name=khan', agentA.token)).toEqual([ids.a1, ids.a2]);
    expect(await listIds('/api/agnetlistofbookings?passenger_name=sara%20ahmed', agentB.token)).toEqual([ids.b1]);
    expect(await listIds('/api/agnetlistofbookings?passenger_name=100%25', agentA.token)).toEqual([]);
  });

  it("when an agent searches by booking id, then its own booking comes and another agent's id finds nothing", async () => {
    expect(await listIds(`/api/agnetlistofbookings?booking_id=${ids.a2}`, agentA.token)).toEqual([ids.a2]);
    expect(await listIds(`/api/agnetlistofbookings?target=booking_id&value=%23${ids.a3}`, agentA.token)).toEqual([ids.a3]);
    expect(await listIds(`/api/agnetlistofbookings?booking_id=${ids.b1}`, agentA.token)).toEqual([]);
  });

  it('when the booking id is not a number, then 422 names the field', async () => {
    const named = await t.app.inject({ method: 'GET', url: '/api/agnetlistofbookings?booking_id=abc', headers: bearer(agentA.token) });
    expect(named.statusCode).toBe(422);
    expect(named.json().errors.booking_id).toEqual(['The booking id must be a number.']);
    const folded = await t.app.inject({ method: 'GET', url: '/api/agnetlistofbookings?target=booking_id&value=12x', headers: bearer(agentA.token) });
    expect(folded.statusCode).toBe(422);
    expect(folded.json().errors.value).toEqual(['The booking id must be a number.']);
  });

  it('when an agent searches its unpaid bookings, then the search narrows them too', async () => {
    expect(await listIds('/api/unpaid-bookings', agentA.token)).toEqual([ids.a2, ids.a3]);
    expect(await listIds('/api/unpaid-bookings?passenger_name=qureshi', agentA.token)).toEqual([ids.a3]);
    expect(await listIds(`/api/unpaid-bookings?booking_id=${ids.a2}`, agentA.token)).toEqual([ids.a2]);
  });

  it("when an admin searches by passenger name or booking id, then every agent's bookings are searched", async () => {
    expect(await listIds('/api/listofbookings?passenger_name=sara%20ahmed', admin.token)).toEqual([ids.a1, ids.b1]);
    expect(await listIds(`/api/listofbookings?booking_id=${ids.b1}`, admin.token)).toEqual([ids.b1]);
    expect(await listIds('/api/pendingpayments?target=passenger_name&value=ahmed', admin.token)).toEqual([ids.b1]);
  });
});
