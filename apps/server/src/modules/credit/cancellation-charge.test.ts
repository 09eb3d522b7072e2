import type { BookingDetailResponse } from '@portal/contract/booking-lifecycle';
import type { AccountReportResponse } from '@portal/contract/ledger';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../test/helpers.js';
import { insertTestBooking, insertTestGroup, insertUserWithToken } from '../bookings/booking-lifecycle.factories.js';
import { bookings } from '../bookings/bookings.table.js';
import { ledgerEntries } from '../ledger/ledger.table.js';
import type { UserRow } from '../users/users.table.js';

/** PRODUCT §6 "cancellation charges" (decision 032): admin cancelbooking with cancellation_charge on confirmed bookings. */

type Party = { user: UserRow; token: string };
let t: TestApp;
let admin: Party;
let agent: Party;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUserWithToken(t.db, { role: 'admin' });
  agent = await insertUserWithToken(t.db, { agencyName: 'Charge Travels' });
});
afterAll(() => t.close());

/** A hold of 2 adults at 100,000 confirmed through the API with a 20,000 discount: final total 180,000. */
async function confirmedBooking() {
  const { group } = await insertTestGroup(t.db, { price: 100_000 });
  const { booking } = await insertTestBooking(t.db, { uploadsDir: t.app.uploadsDir, group, addedBy: agent.user.id, agentUserId: agent.user.id, adults: 2 });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/confirmbooking',
    payload: { booking_id: booking.id, discount: 20_000, receive_payment: 0 },
    headers: bearer(admin.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return booking.id;
}

function cancel(id: number, charge: string | undefined, token = admin.token) {
  const query = charge === undefined ? '' : `?cancellation_charge=${encodeURIComponent(charge)}`;
  return t.app.inject({ method: 'GET', url: `/api/cancelbooking/${id}${query}`, headers: bearer(token) });
}

async function balance() {
  const response = await t.app.inject({ method: 'POST', url: '/api/account-api', payload: { type: 'all' }, headers: bearer(agent.token) });
  return (response.json() as AccountReportResponse).data;
}

async function detail(id: number) {
  const response = await t.app.inject({ method: 'POST', url: '/api/booking-detail', payload: { booking_id: id }, headers: bearer(admin.token) });
  return (response.json() as BookingDetailResponse).data;
}

describe('cancelbooking with a cancellation charge', () => {
  it('when an admin cancels a confirmed booking with a charge, then the reversal credits final total - charge and the agent still owes the charge', async () => {
    const before = (await balance()).closing_balance;
    const id = await confirmedBooking();
    const response = await cancel(id, '15000');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Ticket cancelled successfully!' });

    const rows = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, id));
    const reversal = rows.find((row) => row.type === 'reversal')!;
    expect(reversal.amount).toBe(165_000);
    expect(reversal.text).toBe(`Booking #${id} cancelled, cancellation charge PKR 15,000`);
    expect((await balance()).closing_balance - before).toBe(15_000);
    expect(await detail(id)).toMatchObject({ cancel_status: 1, cancellation_charge: 15_000, final_total: 180_000 });
  });

  it('when the charge is the whole final total, then the reversal is 0 and the agent owes it all; no charge is a full reversal as before', async () => {
    const before = (await balance()).closing_balance;
    const whole = await confirmedBooking();
    expect((await cancel(whole, '180000')).statusCode).toBe(200);
    const none = await confirmedBooking();
    expect((await cancel(none, undefined)).statusCode).toBe(200);
    expect((await balance()).closing_balance - before).toBe(180_000);
    expect((await detail(none)).cancellation_charge).toBe(0);
  });

  it('when the charge is over the final total, negative or not a number, then 422 on cancellation_charge and the booking stays confirmed', async () => {
    const id = await confirmedBooking();
    for (const [value, message] of [
      ['180001', 'The cancellation charge may not be greater than 180000.'],
      ['-5', 'The cancellation charge must be at least 0.'],
      ['abc', 'The cancellation charge must be an integer.'],
    ] as const) {
      const response = await cancel(id, value);
      expect(response.statusCode, value).toBe(422);
      expect(response.json()).toEqual({ message, errors: { cancellation_charge: [message] } });
    }
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row).toMatchObject({ cancelStatus: false, cancellationCharge: 0 });
    expect((await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, id))).filter((entry) => entry.type === 'reversal')).toHaveLength(0);
  });

  it('when a booking on hold is cancelled with a charge, then 422 (confirmed bookings only), for the admin and the agent alike', async () => {
    const { group } = await insertTestGroup(t.db);
    const { booking } = await insertTestBooking(t.db, { uploadsDir: t.app.uploadsDir, group, addedBy: agent.user.id, agentUserId: agent.user.id });
    for (const token of [admin.token, agent.token]) {
      const response = await cancel(booking.id, '100', token);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ cancellation_charge: ['A cancellation charge applies only to confirmed bookings.'] });
    }
    expect((await cancel(booking.id, '0', agent.token)).statusCode).toBe(200);
  });

  it('when a booking cancelled with a charge is confirmed again, then the charge is waived: reversed in the ledger and 0 on the booking', async () => {
    const before = (await balance()).closing_balance;
    const id = await confirmedBooking();
    expect((await cancel(id, '30000')).statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/confirmbooking',
      payload: { booking_id: id, discount: 0, receive_payment: 0, sure: 1 },
      headers: bearer(admin.token),
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await detail(id)).toMatchObject({ confirmed: 1, cancel_status: 0, cancellation_charge: 0, final_total: 200_000 });
    expect((await balance()).closing_balance - before).toBe(200_000);
    const waived = (await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, id))).filter((row) => row.text.includes('waived'));
    expect(waived.map((row) => [row.type, row.amount])).toEqual([['reversal', 30_000]]);
  });
});
