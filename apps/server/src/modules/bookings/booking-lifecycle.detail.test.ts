import { BOOKING_NOT_FOUND_MESSAGE, AGENT_EDIT_HOLD_ONLY_MESSAGE, type BookingDetailResponse } from '@portal/contract/booking-lifecycle';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidSignature } from '../../lib/signed-url.js';
import { bearer, buildTestApp, multipart, type TestApp } from '../../test/helpers.js';
import { payments } from '../payments/payments.table.js';
import type { UserRow } from '../users/users.table.js';
import { bookings } from './bookings.table.js';
import { insertTestBooking, insertTestGroup, insertUserWithToken, type TestGroup } from './booking-lifecycle.factories.js';

let t: TestApp;
let admin: { user: UserRow; token: string };
let editor: { user: UserRow; token: string };
let agentA: { user: UserRow; token: string };
let agentB: { user: UserRow; token: string };
let group: TestGroup;
let holdId: number;
let confirmedId: number;
let cancelledId: number;
let otherAgentsId: number;
let livePaymentId: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUserWithToken(t.db, { role: 'admin', name: 'Detail Admin' });
  editor = await insertUserWithToken(t.db, { role: 'admin', name: 'Edit Admin' });
  agentA = await insertUserWithToken(t.db, { name: 'Amir Shah', agencyName: 'Alpha Travels' });
  agentB = await insertUserWithToken(t.db, { name: 'Bilal Raza', agencyName: 'Beta Tours' });
  group = await insertTestGroup(t.db, { via: true, returnDay: 40, price: 100_000, infantPrice: 20_000 });
  const uploadsDir = t.app.uploadsDir;
  holdId = (
    await insertTestBooking(t.db, {
      uploadsDir,
      group: group.group,
      addedBy: agentA.user.id,
      agentUserId: agentA.user.id,
      adults: 2,
      children: 1,
      infants: 1,
      passportNos: ['AB1000000'],
    })
  ).booking.id;
  confirmedId = (
    await insertTestBooking(t.db, {
      uploadsDir,
      group: group.group,
      addedBy: agentA.user.id,
      agentUserId: agentA.user.id,
      state: 'confirmed',
      discount: 10_000,
      received: 30_000,
    })
  ).booking.id;
  await t.db.update(bookings).set({ confirmedBy: admin.user.id, editedBy: editor.user.id, remarks: 'Window seats' }).where(eq(bookings.id, confirmedId));
  const [live] = await t.db
    .insert(payments)
    .values({ bookingId: confirmedId, receiveDate: '2024-05-02', receiveAmount: 30_000, text: 'Cash at office', addedBy: admin.user.id, editedBy: editor.user.id })
    .returning({ id: payments.id });
  livePaymentId = live!.id;
  await t.db
    .insert(payments)
    .values({ bookingId: confirmedId, receiveDate: '2024-05-01', receiveAmount: 5_000, text: 'Deleted one', addedBy: admin.user.id, deletedBy: admin.user.id, deletedAt: new Date() });
  cancelledId = (await insertTestBooking(t.db, { uploadsDir, group: group.group, addedBy: admin.user.id, state: 'cancelled' })).booking.id;
  otherAgentsId = (await insertTestBooking(t.db, { uploadsDir, group: group.group, addedBy: agentB.user.id, agentUserId: agentB.user.id })).booking.id;
});
afterAll(() => t.close());

function post(url: string, payload: Record<string, unknown>, token: string | null) {
  return t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
}

/** The link is ours: right path, signed with the app secret, not expired. */
function expectSigned(link: string, path: string) {
  const url = new URL(link);
  expect(`${url.origin}`).toBe(t.config.publicUrl);
  expect(url.pathname).toBe(path);
  const valid = isValidSignature({
    secret: t.app.appSecret,
    path: url.pathname,
    expires: url.searchParams.get('expires'),
    signature: url.searchParams.get('signature'),
  });
  expect(valid).toBe(true);
  expect(isValidSignature({ secret: t.app.appSecret, path: `${path}0`, expires: url.searchParams.get('expires'), signature: url.searchParams.get('signature') })).toBe(false);
}

describe('POST /api/booking-detail (admin)', () => {
  it('when the admin opens a confirmed booking, then amounts, people, live payments, links and the group come', async () => {
    const response = await post('/api/booking-detail', { booking_id: confirmedId }, admin.token);
    expect(response.statusCode, response.body).toBe(200);
    const { data, groupdata } = response.json() as BookingDetailResponse;
    expect(data).toMatchObject({
      id: confirmedId,
      pnr: group.group.pnr,
      agent: agentA.user.id,
      agent_id: agentA.user.agentId,
      agent_name: 'Alpha Travels',
      walking: 0,
      confirmed: 1,
      cancel_status: 0,
      total_amount: 100_000,
      discount: 10_000,
      final_total: 90_000,
      received_amount: 30_000,
      remaining_amount: 60_000,
      payment_status: 1,
      remarks: 'Window seats',
      added_by: { name: 'Amir Shah' },
      edit_by: { name: 'Edit Admin' },
      confirmed_by: { name: 'Detail Admin' },
      cancel_by: null,
    });
    expect(data.booking_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(data.payments).toEqual([
      {
        id: livePaymentId,
        booking_id: confirmedId,
        receive_date: '2024-05-02',
        receive_amount: 30_000,
        text: 'Cash at office',
        added_by: 'Detail Admin',
        edit_by: 'Edit Admin',
        created_at: expect.any(String),
      },
    ]);
    expectSigned(data.pdf_view_link, `/api/booking-pdf/${confirmedId}`);
    expect(data.pdf_download_link).toBe(`${data.pdf_view_link}&download=1`);
    expect(groupdata).toMatchObject({
      id: group.group.id,
      pnr: group.group.pnr,
      date: group.group.departureDate,
      sector: group.sector,
      ticket_type: 2,
      direction: 2,
      airline: { name: group.airlineName, logo: `/uploads/${group.logoPath}` },
    });
    expect(groupdata.legs).toHaveLength(4);
    expect(groupdata.legs[0]).toMatchObject({ position: 0, departure_time: '03:15', arivval_time: '08:45', departure_baggage: 30 });
    expect(groupdata.last_date).toBe(groupdata.legs[3]!.arivval_date);
  });

  it('when a booking has passengers, then booking_sub lists them in order with signed scan links', async () => {
    const { data } = (await post('/api/booking-detail', { booking_id: holdId }, admin.token)).json() as BookingDetailResponse;
    expect(data.booking_sub.map((passenger) => [passenger.position, passenger.type, passenger.title])).toEqual([
      [0, 'adult', 'Mr'],
      [1, 'adult', 'Mrs'],
      [2, 'child', 'Mstr'],
      [3, 'infant', 'Inf'],
    ]);
    const [first, second] = data.booking_sub;
    expect(first).toMatchObject({ firstname: 'ALI', lastname: 'KHAN', passport_no: 'AB1000000' });
    expect(first!.passport_img).toMatch(/\/api\/private-files\/\d+\?expires=\d+&signature=/);
    expectSigned(first!.passport_img!, new URL(first!.passport_img!).pathname);
    expectSigned(first!.visa_copy!, new URL(first!.visa_copy!).pathname);
    expect(second!.visa_copy).toBeNull();
    expect(data.payments).toEqual([]);

    // The link opens the stored scan; without its signature it does not (documents module serves it).
    const link = new URL(first!.passport_img!);
    const opened = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect((await t.app.inject({ method: 'GET', url: link.pathname })).statusCode).not.toBe(200);
    expect(data.cancel_at).not.toBeNull();
  });

  it('when a walk-in booking was cancelled, then the admin sees who cancelled it', async () => {
    const { data } = (await post('/api/booking-detail', { booking_id: cancelledId }, admin.token)).json() as BookingDetailResponse;
    expect(data).toMatchObject({ agent: 0, agent_id: null, agent_name: 'Walk-in', walking: 1, cancel_status: 1, cancel_by: { name: 'Detail Admin' } });
    expect(data.cancelled_at).not.toBeNull();
  });

  it('when the id is unknown or missing, then 404 or 422; agents get 403 and nobody 401', async () => {
    const unknown = await post('/api/booking-detail', { booking_id: 999_999 }, admin.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(BOOKING_NOT_FOUND_MESSAGE);
    const missing = await post('/api/booking-detail', {}, admin.token);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.booking_id).toEqual(['The booking id field is required.']);
    expect((await post('/api/booking-detail', { booking_id: 'x' }, admin.token)).statusCode).toBe(422);
    expect((await post('/api/booking-detail', { booking_id: holdId }, agentA.token)).statusCode).toBe(403);
    expect((await post('/api/booking-detail', { booking_id: holdId }, null)).statusCode).toBe(401);
  });

  it('when the form is multipart, then it is read like JSON', async () => {
    const form = multipart([['booking_id', String(holdId)]]);
    const response = await t.app.inject({ method: 'POST', url: '/api/booking-detail', payload: form.payload, headers: { ...form.headers, ...bearer(admin.token) } });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.id).toBe(holdId);
  });
});

describe('POST /api/agent-booking-detail', () => {
  it('when an agent opens its own booking, then it gets the detail without who added, edited or cancelled', async () => {
    const response = await post('/api/agent-booking-detail', { booking_id: confirmedId }, agentA.token);
    expect(response.statusCode).toBe(200);
    const { data } = response.json() as BookingDetailResponse;
    expect(data).toMatchObject({ id: confirmedId, added_by: null, edit_by: null, confirmed_by: null, cancel_by: null, final_total: 90_000 });
    expect(data.payments).toEqual([expect.objectContaining({ id: livePaymentId, added_by: null, edit_by: null })]);
    expectSigned(data.booking_sub[0]!.passport_img!, new URL(data.booking_sub[0]!.passport_img!).pathname);
  });

  it("when an agent asks for another agent's booking, then 404 as for an unknown id", async () => {
    const response = await post('/api/agent-booking-detail', { booking_id: otherAgentsId }, agentA.token);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(BOOKING_NOT_FOUND_MESSAGE);
    expect((await post('/api/agent-booking-detail', { booking_id: cancelledId }, agentA.token)).statusCode).toBe(404);
  });
});

describe('POST /api/booking-edit-detail', () => {
  it('when an agent opens its own booking on hold, then data.data carries the passengers and travel dates', async () => {
    const response = await post('/api/booking-edit-detail', { booking_id: holdId }, agentA.token);
    expect(response.statusCode, response.body).toBe(200);
    const inner = response.json().data.data;
    expect(inner).toMatchObject({ id: holdId, pnr: group.group.pnr, confirmed: 0, cancel_status: 0, adults: 2, children: 1, infants: 1, date: group.group.departureDate });
    expect(inner.booking_sub).toHaveLength(4);
    expect(inner.last_date > inner.date).toBe(true);
  });

  it('when an agent opens its own confirmed booking, then 403; another agent\'s, then 404', async () => {
    const confirmed = await post('/api/booking-edit-detail', { booking_id: confirmedId }, agentA.token);
    expect(confirmed.statusCode).toBe(403);
    expect(confirmed.json().message).toBe(AGENT_EDIT_HOLD_ONLY_MESSAGE);
    expect((await post('/api/booking-edit-detail', { booking_id: otherAgentsId }, agentA.token)).statusCode).toBe(404);
  });

  it('when the admin opens any booking, then 200', async () => {
    expect((await post('/api/booking-edit-detail', { booking_id: confirmedId }, admin.token)).statusCode).toBe(200);
    expect((await post('/api/booking-edit-detail', { booking_id: otherAgentsId }, admin.token)).statusCode).toBe(200);
  });
});
