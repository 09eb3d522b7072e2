import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidSignature } from '../../lib/signed-url.js';
import { ADMIN_EMAIL, bearer, startAppWithAdminAndAgent, type TestApp } from '../../test/helpers.js';
import { insertGroupRow } from '../../test/group-rows.js';
import { daysFromToday, insertAirline, insertBooking } from '../../test/inventory-factories.js';
import { postForm } from '../../test/uploads.js';
import { bookingPassengers, bookings } from '../bookings/bookings.table.js';
import { files } from '../files/files.table.js';
import { users } from '../users/users.table.js';

let t: TestApp;
let admin: string;
let adminId: number;
let agent: string;
let agentUser: { id: number; agentId: number | null };

beforeAll(async () => {
  const bed = await startAppWithAdminAndAgent();
  ({ t, admin, agentToken: agent } = bed);
  const [me] = await t.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
  adminId = me!.id;
  agentUser = { id: bed.agent.user.id, agentId: bed.agent.user.agentId };
});
afterAll(() => t.close());

function pnrDetails(body: Record<string, unknown>, token: string | null = admin) {
  return t.app.inject({ method: 'POST', url: '/api/pnr-details', payload: body, headers: token ? bearer(token) : {} });
}

let fileSeed = 0;

/** Passengers of a booking, with a private passport scan row each (the bytes are not needed here). */
async function addPassengers(bookingId: number, passengers: Array<{ type: 'adult' | 'child' | 'infant'; title: string; firstname: string; lastname: string }>) {
  for (const [position, passenger] of passengers.entries()) {
    fileSeed += 1;
    const [file] = await t.db
      .insert(files)
      .values({ kind: 'passport', storagePath: `private/passport/p-${fileSeed}-${Date.now()}.png`, originalName: 'p.png', mime: 'image/png', size: 10, visibility: 'private' })
      .returning({ id: files.id });
    await t.db.insert(bookingPassengers).values({
      bookingId,
      position,
      ...passenger,
      dob: '1990-01-01',
      passportNo: `AB${fileSeed}`,
      passportExpiryDate: '2035-01-01',
      passportFileId: file!.id,
    });
  }
}

/** The signed link is valid for its own path and for no other. */
function expectSigned(link: string, path: string) {
  const url = new URL(link);
  expect(`${url.origin}${url.pathname}`).toBe(`http://localhost:8080${path}`);
  const expires = url.searchParams.get('expires');
  const signature = url.searchParams.get('signature');
  expect(isValidSignature({ secret: t.app.appSecret, path: url.pathname, expires, signature })).toBe(true);
  expect(isValidSignature({ secret: t.app.appSecret, path: `${url.pathname}X`, expires, signature })).toBe(false);
}

describe('POST /api/pnr-details', () => {
  it('when an admin asks for a PNR, then seats, live and cancelled bookings, the card and signed links come', async () => {
    const airlineId = await insertAirline(t.db, { fullName: 'Pnr Air', logoPath: 'public/airline_logo/pnr-air.png' });
    const group = await insertGroupRow(t.db, { airlineId, departureDate: daysFromToday(6) });
    const agentBooking = await insertBooking(t.db, { groupId: group.id, addedBy: agentUser.id, agentUserId: agentUser.id, adults: 2, infants: 1 });
    await addPassengers(agentBooking, [
      { type: 'adult', title: 'Mr', firstname: 'ALI', lastname: 'KHAN' },
      { type: 'adult', title: 'Mrs', firstname: 'SARA', lastname: 'KHAN' },
      { type: 'infant', title: 'Inf', firstname: 'ZARA', lastname: 'KHAN' },
    ]);
    const walkIn = await insertBooking(t.db, { groupId: group.id, addedBy: adminId, adults: 1, children: 1 });
    const cancelled = await insertBooking(t.db, { groupId: group.id, addedBy: agentUser.id, agentUserId: agentUser.id, adults: 3, cancelled: true });
    await t.db.update(bookings).set({ receivedAmount: 500 }).where(eq(bookings.id, walkIn));

    // Any case is read as the stored upper-case PNR.
    const response = await pnrDetails({ pnr: group.pnr.toLowerCase() });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      total: 10,
      sold: 4,
      remaining: 6,
      date: daysFromToday(6),
      pnr: group.pnr,
      price: 100_000,
      infant_price: 0,
      updated_at: group.updatedAt.toISOString(),
      close_status: 0,
      offered: true,
    });
    expect(body.ticket).toMatchObject({ id: group.id, pnr: group.pnr, price: 100_000, sold: 4, remaining: 6, air_line: 'Pnr Air' });

    expect(body.results.map((row: { id: number }) => row.id)).toEqual([agentBooking, walkIn]);
    expect(body.canceled.map((row: { id: number }) => row.id)).toEqual([cancelled]);
    expect(body.results[0]).toEqual({
      id: agentBooking,
      pnr: group.pnr,
      group_id: group.id,
      air_line: 'Pnr Air',
      airline_logo: '/uploads/public/airline_logo/pnr-air.png',
      air_line_logo: '/uploads/public/airline_logo/pnr-air.png',
      sector: body.ticket.sector,
      date: daysFromToday(6),
      payment_status: 0,
      passenger_name: 'Mr ALI KHAN',
      passenger_names: ['Mr ALI KHAN', 'Mrs SARA KHAN', 'Inf ZARA KHAN'],
      missing_names: 0,
      passengers: 3,
      agent: agentUser.id,
      agent_id: agentUser.agentId,
      agent_name: 'Test Travels',
      walking: 0,
      booking_date: daysFromToday(0),
      created_at: expect.any(String),
      updated_at: expect.any(String),
      confirmed: 1,
      confirm: 1,
      cancel_status: 0,
      ticketed: 0,
      cancel_at: null,
      total_amount: 2100,
      discount: 0,
      final_total: 2100,
      received_amount: 0,
      remaining_amount: 2100,
      adults: 2,
      children: 0,
      infants: 1,
    });
    expect(body.results[1]).toMatchObject({
      agent: 0,
      agent_id: null,
      agent_name: 'Walk-in',
      walking: 1,
      passenger_name: null,
      passenger_names: [],
      passengers: 2,
      payment_status: 1,
      final_total: 2000,
      received_amount: 500,
      remaining_amount: 1500,
    });
    expect(body.canceled[0]).toMatchObject({ cancel_status: 1, adults: 3 });

    expectSigned(body.pnr_pdf_view_link, `/api/pnr-pdf/${group.pnr}`);
    expectSigned(body.pnr_excel_downlaod, `/api/pnr-excel/${group.pnr}`);
  });

  it('when the group is closed or has flown, then the admin still gets it, marked not offered', async () => {
    const closed = await insertGroupRow(t.db, { departureDate: daysFromToday(3), closeStatus: true });
    const flown = await insertGroupRow(t.db, { departureDate: daysFromToday(-20) });
    await insertBooking(t.db, { groupId: flown.id, addedBy: adminId, adults: 2 });
    const closedBody = (await postForm(t.app, '/api/pnr-details', [['pnr', closed.pnr]], admin)).json();
    expect(closedBody).toMatchObject({ pnr: closed.pnr, close_status: 1, offered: false, results: [], canceled: [] });
    const flownResponse = await pnrDetails({ pnr: flown.pnr });
    expect(flownResponse.statusCode).toBe(200);
    expect(flownResponse.json()).toMatchObject({ pnr: flown.pnr, close_status: 0, offered: false, sold: 2, remaining: 8 });
  });

  it('when the PNR is unknown or its group deleted, then 404', async () => {
    const deleted = await insertGroupRow(t.db, { departureDate: daysFromToday(3), deleted: true });
    for (const pnr of [deleted.pnr, 'NOSUCHPNR']) {
      const response = await pnrDetails({ pnr });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'PNR not found.' });
    }
  });

  it('when an agent asks, then 403; without a token, 401', async () => {
    const group = await insertGroupRow(t.db, { departureDate: daysFromToday(3) });
    const forbidden = await pnrDetails({ pnr: group.pnr }, agent);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'This action is unauthorized.' });
    const anonymous = await pnrDetails({ pnr: group.pnr }, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('when the pnr is missing or blank, then 422 with the required message', async () => {
    for (const body of [{}, { pnr: '   ' }]) {
      const response = await pnrDetails(body);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: 'The pnr field is required.', errors: { pnr: ['The pnr field is required.'] } });
    }
  });
});
