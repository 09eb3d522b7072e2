import { BOOKING_NOT_FOUND_MESSAGE } from '@portal/contract/booking-lifecycle';
import {
  PAYMENT_ADDED_MESSAGE,
  PAYMENT_CANCELLED_BOOKING_MESSAGE,
  PAYMENT_CONFIRMED_ONLY_MESSAGE,
  PAYMENT_FUTURE_DATE_MESSAGE,
} from '@portal/contract/payments';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, multipart, type TestApp } from '../../test/helpers.js';
import { daysFromToday, insertTestBooking, insertTestGroup, insertUserWithToken, type TestBookingState, type TestGroup } from '../bookings/booking-lifecycle.factories.js';
import { bookings } from '../bookings/bookings.table.js';
import { ledgerEntries } from '../ledger/ledger.table.js';
import type { UserRow } from '../users/users.table.js';
import { payments } from './payments.table.js';

let t: TestApp;
let admin: { user: UserRow; token: string };
let agent: { user: UserRow; token: string };
let group: TestGroup;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUserWithToken(t.db, { role: 'admin', name: 'Payments Admin' });
  agent = await insertUserWithToken(t.db, { agencyName: 'Alpha Travels' });
  group = await insertTestGroup(t.db, { totalTicket: 100, price: 100_000 });
});
afterAll(() => t.close());

/** A booking of 100,000 a seat; an agent's unless `walkIn`. */
async function booking({ state = 'confirmed', walkIn = false, adults = 1 }: { state?: TestBookingState; walkIn?: boolean; adults?: number } = {}) {
  const { booking: row } = await insertTestBooking(t.db, {
    uploadsDir: t.app.uploadsDir,
    group: group.group,
    addedBy: walkIn ? admin.user.id : agent.user.id,
    agentUserId: walkIn ? null : agent.user.id,
    state,
    adults,
  });
  return row.id;
}

function addPayment(payload: Record<string, unknown>, token: string | null = admin.token) {
  return t.app.inject({ method: 'POST', url: '/api/update-booking-payment', payload, headers: token ? bearer(token) : {} });
}

const payment = (bookingId: number, overrides: Record<string, unknown> = {}) => ({
  booking_id: bookingId,
  receive_date: daysFromToday(-2),
  receive_amount: 30_000,
  text: 'Cash at the Lahore office',
  ...overrides,
});

async function bookingRow(id: number) {
  const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

async function paymentsOf(bookingId: number) {
  return t.db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(asc(payments.id));
}

async function ledgerOf(bookingId: number) {
  return t.db
    .select({
      agentUserId: ledgerEntries.agentUserId,
      paymentId: ledgerEntries.paymentId,
      type: ledgerEntries.type,
      amount: ledgerEntries.amount,
      entryDate: ledgerEntries.entryDate,
      text: ledgerEntries.text,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.bookingId, bookingId))
    .orderBy(asc(ledgerEntries.id));
}

describe('payments routes: who may call them', () => {
  const calls = [
    { method: 'POST' as const, url: '/api/update-booking-payment' },
    { method: 'POST' as const, url: '/api/edit-booking-payment' },
    { method: 'POST' as const, url: '/api/delete-booking-payment' },
    { method: 'GET' as const, url: '/api/listofallpendingpayments' },
  ];

  it('when no token is sent, then every payments route answers 401 Unauthenticated.', async () => {
    for (const call of calls) {
      const response = await t.app.inject({ ...call, payload: call.method === 'POST' ? {} : undefined });
      expect(response.statusCode, call.url).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('when an agent calls them, then every payments route answers 403 and no payment is written', async () => {
    const id = await booking();
    expect((await addPayment(payment(id))).statusCode).toBe(200);
    const [stored] = await paymentsOf(id);
    const bodies: Record<string, unknown> = {
      '/api/update-booking-payment': payment(id),
      '/api/edit-booking-payment': { payment_id: stored!.id, receive_date: daysFromToday(0), receive_amount: 1, text: 'x' },
      '/api/delete-booking-payment': { payment_id: stored!.id },
    };
    for (const call of calls) {
      const response = await t.app.inject({ ...call, payload: bodies[call.url] as object | undefined, headers: bearer(agent.token) });
      expect(response.statusCode, call.url).toBe(403);
    }
    expect(await paymentsOf(id)).toMatchObject([{ receiveAmount: 30_000, editedBy: null, deletedAt: null }]);
    expect((await bookingRow(id)).receivedAmount).toBe(30_000);
  });
});

describe('POST /api/update-booking-payment: amounts and ledger', () => {
  it("when an admin adds a part payment to an agent's confirmed booking, then the payment, the derived amounts and an in ledger row are written", async () => {
    const id = await booking({ adults: 2 });
    const response = await addPayment(payment(id, { receive_amount: 50_000, receive_date: daysFromToday(-3), text: '  Bank transfer HBL  ' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: PAYMENT_ADDED_MESSAGE });

    const [stored, ...others] = await paymentsOf(id);
    expect(others).toEqual([]);
    expect(stored).toMatchObject({
      receiveAmount: 50_000,
      receiveDate: daysFromToday(-3),
      text: 'Bank transfer HBL',
      addedBy: admin.user.id,
      editedBy: null,
      deletedAt: null,
      deletedBy: null,
    });
    expect(await bookingRow(id)).toMatchObject({ finalTotal: 200_000, receivedAmount: 50_000, remainingAmount: 150_000, paymentStatus: 1 });
    expect(await ledgerOf(id)).toEqual([
      { agentUserId: agent.user.id, paymentId: stored!.id, type: 'in', amount: 50_000, entryDate: daysFromToday(-3), text: 'Bank transfer HBL' },
    ]);
  });

  it('when payments reach the final total and then go beyond it, then payment_status is 2 and remaining 0, then negative', async () => {
    const id = await booking();
    expect((await addPayment(payment(id, { receive_amount: 60_000 }))).statusCode).toBe(200);
    expect(await bookingRow(id)).toMatchObject({ receivedAmount: 60_000, remainingAmount: 40_000, paymentStatus: 1 });
    expect((await addPayment(payment(id, { receive_amount: 40_000 }))).statusCode).toBe(200);
    expect(await bookingRow(id)).toMatchObject({ receivedAmount: 100_000, remainingAmount: 0, paymentStatus: 2 });
    // An agent may pay in advance (contract payments.ts).
    expect((await addPayment(payment(id, { receive_amount: 25_000 }))).statusCode).toBe(200);
    expect(await bookingRow(id)).toMatchObject({ receivedAmount: 125_000, remainingAmount: -25_000, paymentStatus: 2 });
    expect((await ledgerOf(id)).map((row) => [row.type, row.amount])).toEqual([
      ['in', 60_000],
      ['in', 40_000],
      ['in', 25_000],
    ]);
  });

  it('when the payment is on a walk-in sale, then it counts on the booking and no ledger row is posted', async () => {
    const id = await booking({ walkIn: true });
    expect((await addPayment(payment(id, { receive_amount: 100_000 }))).statusCode).toBe(200);
    expect(await paymentsOf(id)).toMatchObject([{ receiveAmount: 100_000, addedBy: admin.user.id }]);
    expect(await bookingRow(id)).toMatchObject({ receivedAmount: 100_000, remainingAmount: 0, paymentStatus: 2 });
    expect(await ledgerOf(id)).toEqual([]);
  });

  it('when the payment is dated today in Asia/Karachi or sent as a form with an ISO date-time, then it is accepted as that day', async () => {
    const id = await booking();
    expect((await addPayment(payment(id, { receive_date: daysFromToday(0), receive_amount: 1 }))).statusCode).toBe(200);
    const form = multipart([
      ['booking_id', String(id)],
      ['receive_date', `${daysFromToday(-10)}T09:30:00.000Z`],
      ['receive_amount', '2500'],
      ['text', 'Cheque'],
    ]);
    const response = await t.app.inject({ method: 'POST', url: '/api/update-booking-payment', payload: form.payload, headers: { ...form.headers, ...bearer(admin.token) } });
    expect(response.statusCode, response.body).toBe(200);
    expect((await paymentsOf(id)).map((row) => [row.receiveDate, row.receiveAmount])).toEqual([
      [daysFromToday(0), 1],
      [daysFromToday(-10), 2_500],
    ]);
    expect((await ledgerOf(id)).map((row) => row.entryDate)).toEqual([daysFromToday(0), daysFromToday(-10)]);
    expect((await bookingRow(id)).receivedAmount).toBe(2_501);
  });
});

describe('POST /api/update-booking-payment: refusals', () => {
  it('when a field is missing or invalid, then 422 on that field and nothing is written', async () => {
    const id = await booking();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ booking_id: id, receive_amount: 1_000, text: 'x' }, 'receive_date', 'The receive date field is required.'],
      [{ booking_id: id, receive_date: '', receive_amount: 1_000, text: 'x' }, 'receive_date', 'The receive date field is required.'],
      [payment(id, { receive_date: '2024-02-30' }), 'receive_date', 'The receive date is not a valid date (YYYY-MM-DD).'],
      [{ booking_id: id, receive_date: daysFromToday(-1), text: 'x' }, 'receive_amount', 'The receive amount field is required.'],
      [payment(id, { receive_amount: 0 }), 'receive_amount', 'The receive amount must be at least 1.'],
      [payment(id, { receive_amount: -500 }), 'receive_amount', 'The receive amount must be at least 1.'],
      [payment(id, { receive_amount: '12.5' }), 'receive_amount', 'The receive amount must be an integer.'],
      [{ booking_id: id, receive_date: daysFromToday(-1), receive_amount: 1_000 }, 'text', 'The text field is required.'],
      [payment(id, { text: '   ' }), 'text', 'The text field is required.'],
      [payment(id, { text: 'a'.repeat(501) }), 'text', 'The text may not be greater than 500 characters.'],
      [payment(id, { booking_id: 'abc' }), 'booking_id', 'The booking id must be a number.'],
      [payment(id, { booking_id: 0 }), 'booking_id', 'The booking id must be a number.'],
      [payment(id, { booking_id: undefined }), 'booking_id', 'The booking id field is required.'],
      [payment(id, { receive_date: daysFromToday(1) }), 'receive_date', PAYMENT_FUTURE_DATE_MESSAGE],
    ];
    for (const [body, field, message] of cases) {
      const response = await addPayment(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      // The first message is the one shown (and `message`); an empty date also gets the format message from
      // the contract's schema (reported: its min(1) does not abort the refine after it).
      expect(response.json().message, JSON.stringify(body)).toBe(message);
      expect(response.json().errors[field]?.[0], JSON.stringify(body)).toBe(message);
    }
    expect(await paymentsOf(id)).toEqual([]);
    expect(await ledgerOf(id)).toEqual([]);
    expect((await bookingRow(id)).receivedAmount).toBe(0);
  });

  it('when the booking does not exist, then 404 Booking not found.', async () => {
    const response = await addPayment(payment(987_654));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: BOOKING_NOT_FOUND_MESSAGE });
  });

  it('when the booking is on hold, then 409 and nothing is written', async () => {
    const id = await booking({ state: 'hold' });
    const response = await addPayment(payment(id));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: PAYMENT_CONFIRMED_ONLY_MESSAGE });
    expect(await paymentsOf(id)).toEqual([]);
    expect((await bookingRow(id)).receivedAmount).toBe(0);
  });

  it('when the booking is cancelled, charged before or not, then 409 and nothing is written', async () => {
    for (const state of ['cancelled', 'cancelled_after_charge'] as const) {
      const id = await booking({ state });
      const response = await addPayment(payment(id));
      expect(response.statusCode, state).toBe(409);
      expect(response.json()).toEqual({ message: PAYMENT_CANCELLED_BOOKING_MESSAGE });
      expect(await paymentsOf(id)).toEqual([]);
      expect(await ledgerOf(id)).toEqual([]);
    }
  });

  it('when a cancelled booking is also dated in the future, then the state conflict answers first (409)', async () => {
    const id = await booking({ state: 'cancelled_after_charge' });
    const response = await addPayment(payment(id, { receive_date: daysFromToday(2) }));
    expect(response.statusCode).toBe(409);
  });
});
