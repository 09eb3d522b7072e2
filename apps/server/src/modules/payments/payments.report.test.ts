import type { BookingListRow } from '@portal/contract/booking-lifecycle';
import { allPendingPaymentsResponseSchema } from '@portal/contract/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../test/helpers.js';
import { daysFromToday, insertTestBooking, insertTestGroup, insertUserWithToken, type TestBookingState, type TestGroup } from '../bookings/booking-lifecycle.factories.js';
import type { UserRow } from '../users/users.table.js';

// One database for this file: the report's totals are over every booking in it, so they are exact.

let t: TestApp;
let admin: { user: UserRow; token: string };
let agent: { user: UserRow; token: string };
let group: TestGroup;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUserWithToken(t.db, { role: 'admin' });
  agent = await insertUserWithToken(t.db, { agencyName: 'Alpha Travels' });
  group = await insertTestGroup(t.db, { totalTicket: 100, price: 100_000 });
});
afterAll(() => t.close());

function report() {
  return t.app.inject({ method: 'GET', url: '/api/listofallpendingpayments', headers: bearer(admin.token) });
}

function post(url: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: `/api/${url}`, payload, headers: bearer(admin.token) });
}

let hoursAgo = 100;
/** A booking of 100,000 a seat, each one newer than the last; `paid` is added through the API. */
async function booking({
  state = 'confirmed',
  walkIn = false,
  adults = 1,
  discount = 0,
  paid = 0,
}: { state?: TestBookingState; walkIn?: boolean; adults?: number; discount?: number; paid?: number } = {}): Promise<number> {
  hoursAgo -= 1;
  const { booking: row } = await insertTestBooking(t.db, {
    uploadsDir: t.app.uploadsDir,
    group: group.group,
    addedBy: walkIn ? admin.user.id : agent.user.id,
    agentUserId: walkIn ? null : agent.user.id,
    state,
    adults,
    discount,
    createdAt: new Date(Date.now() - hoursAgo * 3_600_000),
  });
  // Written straight to the database: the app's read cache must hear of it (decision 009).
  t.dataChanged();
  if (paid > 0) {
    const response = await post('update-booking-payment', { booking_id: row.id, receive_date: daysFromToday(0), receive_amount: paid, text: 'Cash' });
    expect(response.statusCode, response.body).toBe(200);
  }
  return row.id;
}

describe('GET /api/listofallpendingpayments', () => {
  // Declared first, so it runs before any booking exists in this file's database.
  it('when there are no bookings, then every total is 0 and both lists are empty', async () => {
    const response = await report();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { report: { total_sale: 0, received_payment: 0, pending_payment: 0, cancellation_charges: 0 }, pending: [], partial: [] } });
  });

  it('when bookings are in every state, then the totals count confirmed live ones (walk-ins too) and the lists split unpaid from partly paid', async () => {
    const partlyPaid = await booking({ adults: 2, discount: 10_000, paid: 50_000 }); // final 190,000, 140,000 due
    const unpaid = await booking(); // 100,000 due
    const walkInPaid = await booking({ walkIn: true, paid: 100_000 });
    const overPaid = await booking({ paid: 120_000 }); // remaining -20,000: owes nothing
    const cancelledPaid = await booking({ paid: 30_000 });
    const cancelled = await t.app.inject({ method: 'GET', url: `/api/cancelbooking/${cancelledPaid}`, headers: bearer(admin.token) });
    expect(cancelled.statusCode).toBe(200);
    await booking({ state: 'hold' });
    await booking({ state: 'cancelled' });
    const walkInUnpaid = await booking({ walkIn: true });
    const walkInPartly = await booking({ walkIn: true, paid: 1_000 });

    const response = await report();
    expect(response.statusCode).toBe(200);
    const body = allPendingPaymentsResponseSchema.parse(response.json());
    expect(body.data.report).toEqual({
      total_sale: 190_000 + 100_000 + 100_000 + 100_000 + 100_000 + 100_000,
      received_payment: 50_000 + 100_000 + 120_000 + 1_000,
      pending_payment: 140_000 + 100_000 + 100_000 + 99_000,
      cancellation_charges: 0,
    });
    // Newest first.
    expect(body.data.pending.map((row) => row.id)).toEqual([walkInUnpaid, unpaid]);
    expect(body.data.partial.map((row) => row.id)).toEqual([walkInPartly, partlyPaid]);
    expect(body.data.partial[1]).toMatchObject({
      pnr: group.group.pnr,
      sector: group.sector,
      payment_status: 1,
      agent: agent.user.id,
      agent_name: 'Alpha Travels',
      final_total: 190_000,
      received_amount: 50_000,
      remaining_amount: 140_000,
      confirmed: 1,
      cancel_status: 0,
    });
    expect(body.data.pending[0]).toMatchObject({ agent: 0, agent_id: null, agent_name: 'Walk-in', walking: 1, payment_status: 0 });
    expect([walkInPaid, overPaid, cancelledPaid].some((id) => [...body.data.pending, ...body.data.partial].some((row) => row.id === id))).toBe(false);

    // The rows are the bookings lists' own rows, field for field.
    const list = await t.app.inject({ method: 'GET', url: '/api/listofbookings?status=confirmed', headers: bearer(admin.token) });
    const listed = new Map((list.json().data as BookingListRow[]).map((row) => [row.id, row]));
    for (const row of [...body.data.pending, ...body.data.partial]) expect(row).toEqual(listed.get(row.id));
  });

  it('when a payment is added, edited and deleted, then the report follows', async () => {
    const before = (await report()).json().data.report;
    const id = await booking();
    expect((await report()).json().data.report).toEqual({
      total_sale: before.total_sale + 100_000,
      received_payment: before.received_payment,
      pending_payment: before.pending_payment + 100_000,
      cancellation_charges: before.cancellation_charges,
    });
    expect((await post('update-booking-payment', { booking_id: id, receive_date: daysFromToday(0), receive_amount: 25_000, text: 'Cash' })).statusCode).toBe(200);
    let data = (await report()).json().data;
    expect(data.report.received_payment).toBe(before.received_payment + 25_000);
    expect(data.report.pending_payment).toBe(before.pending_payment + 75_000);
    expect(data.partial[0].id).toBe(id);

    const detail = await post('booking-detail', { booking_id: id });
    const paymentId = detail.json().data.payments[0].id as number;
    expect((await post('edit-booking-payment', { payment_id: paymentId, receive_date: daysFromToday(0), receive_amount: 100_000, text: 'Cash' })).statusCode).toBe(200);
    data = (await report()).json().data;
    expect(data.report.pending_payment).toBe(before.pending_payment);
    expect([...data.pending, ...data.partial].map((row: BookingListRow) => row.id)).not.toContain(id);

    expect((await post('delete-booking-payment', { payment_id: paymentId })).statusCode).toBe(200);
    data = (await report()).json().data;
    expect(data.report.received_payment).toBe(before.received_payment);
    expect(data.pending[0].id).toBe(id);
  });
});

describe('GET /api/docs/json', () => {
  it('when the OpenAPI document is asked, then it lists the payments routes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of ['/api/update-booking-payment', '/api/edit-booking-payment', '/api/delete-booking-payment', '/api/listofallpendingpayments']) {
      expect(paths).toContain(path);
    }
  });
});
