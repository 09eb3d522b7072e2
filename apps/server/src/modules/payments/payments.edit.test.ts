import { TICKET_CANCELLED_MESSAGE } from '@portal/contract/booking-lifecycle';
import {
  PAYMENT_CANCELLED_BOOKING_MESSAGE,
  PAYMENT_DELETED_MESSAGE,
  PAYMENT_FUTURE_DATE_MESSAGE,
  PAYMENT_NOT_FOUND_MESSAGE,
  PAYMENT_UPDATED_MESSAGE,
} from '@portal/contract/payments';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../test/helpers.js';
import { daysFromToday, insertTestBooking, insertTestGroup, insertUserWithToken, type TestGroup } from '../bookings/booking-lifecycle.factories.js';
import { bookings } from '../bookings/bookings.table.js';
import { ledgerEntries } from '../ledger/ledger.table.js';
import type { UserRow } from '../users/users.table.js';
import { payments } from './payments.table.js';

let t: TestApp;
/** Adds the payments; `editor` edits and deletes them, so who did what can be told apart. */
let admin: { user: UserRow; token: string };
let editor: { user: UserRow; token: string };
let agent: { user: UserRow; token: string };
let group: TestGroup;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUserWithToken(t.db, { role: 'admin', name: 'Payments Admin' });
  editor = await insertUserWithToken(t.db, { role: 'admin', name: 'Editing Admin' });
  agent = await insertUserWithToken(t.db, { agencyName: 'Alpha Travels' });
  group = await insertTestGroup(t.db, { totalTicket: 100, price: 100_000 });
});
afterAll(() => t.close());

function post(url: string, payload: Record<string, unknown>, token: string = admin.token) {
  return t.app.inject({ method: 'POST', url: `/api/${url}`, payload, headers: bearer(token) });
}

/** An agent's (or walk-in) booking of 100,000, confirmed, with one payment of `amount` added through the API. */
async function bookingWithPayment({ amount = 40_000, walkIn = false }: { amount?: number; walkIn?: boolean } = {}) {
  const { booking } = await insertTestBooking(t.db, {
    uploadsDir: t.app.uploadsDir,
    group: group.group,
    addedBy: walkIn ? admin.user.id : agent.user.id,
    agentUserId: walkIn ? null : agent.user.id,
    state: 'confirmed',
  });
  const added = await post('update-booking-payment', { booking_id: booking.id, receive_date: daysFromToday(-5), receive_amount: amount, text: 'Cash' });
  expect(added.statusCode, added.body).toBe(200);
  const [payment] = await paymentsOf(booking.id);
  return { bookingId: booking.id, paymentId: payment!.id };
}

const edit = (paymentId: unknown, overrides: Record<string, unknown> = {}) => ({
  payment_id: paymentId,
  receive_date: daysFromToday(-1),
  receive_amount: 70_000,
  text: 'Bank transfer, corrected',
  ...overrides,
});

async function bookingRow(id: number) {
  const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

async function paymentRow(id: number) {
  const [row] = await t.db.select().from(payments).where(eq(payments.id, id));
  return row!;
}

async function paymentsOf(bookingId: number) {
  return t.db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(asc(payments.id));
}

async function ledgerOf(bookingId: number) {
  return t.db
    .select({ id: ledgerEntries.id, paymentId: ledgerEntries.paymentId, type: ledgerEntries.type, amount: ledgerEntries.amount, entryDate: ledgerEntries.entryDate, text: ledgerEntries.text })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.bookingId, bookingId))
    .orderBy(asc(ledgerEntries.id));
}

/** PRODUCT §4: balance = debits - credits = sum(out) - sum(in) - sum(reversal), here of one booking's rows. */
async function balanceOf(bookingId: number): Promise<number> {
  const [row] = await t.db
    .select({
      balance: sql<number>`coalesce(sum(case when ${ledgerEntries.type} = 'out' then ${ledgerEntries.amount} else -${ledgerEntries.amount} end), 0)::int`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.bookingId, bookingId));
  return Number(row!.balance);
}

describe('POST /api/edit-booking-payment', () => {
  it('when an admin edits a payment, then it is changed with edited_by, the booking follows and its ledger row is updated in place', async () => {
    const { bookingId, paymentId } = await bookingWithPayment({ amount: 40_000 });
    const [before] = await ledgerOf(bookingId);
    const response = await post('edit-booking-payment', edit(paymentId), editor.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: PAYMENT_UPDATED_MESSAGE });

    expect(await paymentRow(paymentId)).toMatchObject({
      receiveDate: daysFromToday(-1),
      receiveAmount: 70_000,
      text: 'Bank transfer, corrected',
      addedBy: admin.user.id,
      editedBy: editor.user.id,
      deletedAt: null,
    });
    expect(await bookingRow(bookingId)).toMatchObject({ receivedAmount: 70_000, remainingAmount: 30_000, paymentStatus: 1 });
    expect(await ledgerOf(bookingId)).toEqual([
      { id: before!.id, paymentId, type: 'in', amount: 70_000, entryDate: daysFromToday(-1), text: 'Bank transfer, corrected' },
    ]);

    const detail = await post('booking-detail', { booking_id: bookingId });
    expect(detail.json().data.payments).toMatchObject([{ id: paymentId, receive_amount: 70_000, added_by: 'Payments Admin', edit_by: 'Editing Admin' }]);
  });

  it('when an edit raises the payment past the final total and then lowers it, then status goes 2 with remaining negative, then back to 1', async () => {
    const { bookingId, paymentId } = await bookingWithPayment();
    expect((await post('edit-booking-payment', edit(paymentId, { receive_amount: 130_000 }))).statusCode).toBe(200);
    expect(await bookingRow(bookingId)).toMatchObject({ receivedAmount: 130_000, remainingAmount: -30_000, paymentStatus: 2 });
    expect((await post('edit-booking-payment', edit(paymentId, { receive_amount: 100_000 }))).statusCode).toBe(200);
    expect(await bookingRow(bookingId)).toMatchObject({ receivedAmount: 100_000, remainingAmount: 0, paymentStatus: 2 });
    expect((await post('edit-booking-payment', edit(paymentId, { receive_amount: 99_999 }))).statusCode).toBe(200);
    expect(await bookingRow(bookingId)).toMatchObject({ receivedAmount: 99_999, remainingAmount: 1, paymentStatus: 1 });
    expect((await ledgerOf(bookingId)).map((row) => row.amount)).toEqual([99_999]);
  });

  it("when a walk-in sale's payment is edited, then the booking follows and no ledger row appears", async () => {
    const { bookingId, paymentId } = await bookingWithPayment({ walkIn: true });
    expect((await post('edit-booking-payment', edit(paymentId, { receive_amount: 100_000 }))).statusCode).toBe(200);
    expect(await bookingRow(bookingId)).toMatchObject({ receivedAmount: 100_000, paymentStatus: 2 });
    expect(await ledgerOf(bookingId)).toEqual([]);
  });

  it('when a field is missing or invalid, then 422 on that field and nothing changes', async () => {
    const { bookingId, paymentId } = await bookingWithPayment();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [edit(paymentId, { receive_date: undefined }), 'receive_date', 'The receive date field is required.'],
      [edit(paymentId, { receive_date: '05/01/2024' }), 'receive_date', 'The receive date is not a valid date (YYYY-MM-DD).'],
      [edit(paymentId, { receive_date: daysFromToday(1) }), 'receive_date', PAYMENT_FUTURE_DATE_MESSAGE],
      [edit(paymentId, { receive_amount: undefined }), 'receive_amount', 'The receive amount field is required.'],
      [edit(paymentId, { receive_amount: 0 }), 'receive_amount', 'The receive amount must be at least 1.'],
      [edit(paymentId, { text: undefined }), 'text', 'The text field is required.'],
      [edit(paymentId, { text: '' }), 'text', 'The text field is required.'],
      [edit('x1'), 'payment_id', 'The payment id must be a number.'],
      [edit(undefined), 'payment_id', 'The payment id field is required.'],
    ];
    for (const [body, field, message] of cases) {
      const response = await post('edit-booking-payment', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors[field], JSON.stringify(body)).toEqual([message]);
    }
    expect(await paymentRow(paymentId)).toMatchObject({ receiveAmount: 40_000, receiveDate: daysFromToday(-5), text: 'Cash', editedBy: null });
    expect((await bookingRow(bookingId)).receivedAmount).toBe(40_000);
    expect(await ledgerOf(bookingId)).toMatchObject([{ amount: 40_000, entryDate: daysFromToday(-5), text: 'Cash' }]);
  });

  it('when the payment is unknown or deleted, then 404 Payment not found.', async () => {
    const { paymentId } = await bookingWithPayment();
    expect((await post('delete-booking-payment', { payment_id: paymentId })).statusCode).toBe(200);
    for (const id of [paymentId, 876_543]) {
      const response = await post('edit-booking-payment', edit(id));
      expect(response.statusCode, String(id)).toBe(404);
      expect(response.json()).toEqual({ message: PAYMENT_NOT_FOUND_MESSAGE });
    }
    expect(await paymentRow(paymentId)).toMatchObject({ receiveAmount: 40_000, editedBy: null });
  });
});

describe('POST /api/delete-booking-payment', () => {
  it('when an admin deletes a payment, then it is soft deleted with deleted_by, the booking follows and its ledger row is removed', async () => {
    const { bookingId, paymentId } = await bookingWithPayment({ amount: 40_000 });
    const added = await post('update-booking-payment', { booking_id: bookingId, receive_date: daysFromToday(0), receive_amount: 10_000, text: 'Second' });
    expect(added.statusCode).toBe(200);

    const response = await post('delete-booking-payment', { payment_id: paymentId }, editor.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: PAYMENT_DELETED_MESSAGE });

    const deleted = await paymentRow(paymentId);
    expect(deleted).toMatchObject({ receiveAmount: 40_000, addedBy: admin.user.id, deletedBy: editor.user.id });
    expect(deleted.deletedAt).toBeInstanceOf(Date);
    expect(await bookingRow(bookingId)).toMatchObject({ receivedAmount: 10_000, remainingAmount: 90_000, paymentStatus: 1 });
    const [, second] = await paymentsOf(bookingId);
    expect((await ledgerOf(bookingId)).map((row) => [row.type, row.amount, row.paymentId])).toEqual([['in', 10_000, second!.id]]);

    const detail = await post('booking-detail', { booking_id: bookingId });
    expect(detail.json().data.payments.map((item: { receive_amount: number }) => item.receive_amount)).toEqual([10_000]);
  });

  it('when the last payment is deleted, then the booking is unpaid again (status 0, remaining the final total)', async () => {
    const { bookingId, paymentId } = await bookingWithPayment({ amount: 100_000 });
    expect(await bookingRow(bookingId)).toMatchObject({ paymentStatus: 2 });
    expect((await post('delete-booking-payment', { payment_id: paymentId })).statusCode).toBe(200);
    expect(await bookingRow(bookingId)).toMatchObject({ receivedAmount: 0, remainingAmount: 100_000, paymentStatus: 0 });
    expect(await ledgerOf(bookingId)).toEqual([]);
  });

  it("when a walk-in sale's payment is deleted, then the booking follows", async () => {
    const { bookingId, paymentId } = await bookingWithPayment({ walkIn: true, amount: 100_000 });
    expect((await post('delete-booking-payment', { payment_id: paymentId })).statusCode).toBe(200);
    expect(await bookingRow(bookingId)).toMatchObject({ receivedAmount: 0, paymentStatus: 0 });
  });

  it('when the payment is already deleted or unknown, then 404 and the first delete stands', async () => {
    const { bookingId, paymentId } = await bookingWithPayment();
    expect((await post('delete-booking-payment', { payment_id: paymentId })).statusCode).toBe(200);
    const first = await paymentRow(paymentId);
    for (const id of [paymentId, 876_543]) {
      const response = await post('delete-booking-payment', { payment_id: id }, editor.token);
      expect(response.statusCode, String(id)).toBe(404);
      expect(response.json()).toEqual({ message: PAYMENT_NOT_FOUND_MESSAGE });
    }
    expect(await paymentRow(paymentId)).toEqual(first);
    expect((await bookingRow(bookingId)).receivedAmount).toBe(0);
  });

  it('when the payment id is missing or not a number, then 422 on payment_id', async () => {
    for (const [body, message] of [
      [{}, 'The payment id field is required.'],
      [{ payment_id: 'abc' }, 'The payment id must be a number.'],
      [{ payment_id: -3 }, 'The payment id must be a number.'],
    ] as const) {
      const response = await post('delete-booking-payment', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors.payment_id).toEqual([message]);
    }
  });
});

describe('payments of a cancelled booking and the ledger', () => {
  it('when a paid booking is cancelled, then editing and deleting its payment records the refund and the balance ends at 0', async () => {
    const { booking } = await insertTestBooking(t.db, { uploadsDir: t.app.uploadsDir, group: group.group, addedBy: agent.user.id, agentUserId: agent.user.id });
    const id = booking.id;
    expect((await post('confirmbooking', { booking_id: id, discount: 0, receive_payment: 0 })).statusCode).toBe(200);
    expect((await post('update-booking-payment', { booking_id: id, receive_date: daysFromToday(-1), receive_amount: 30_000, text: 'Cash' })).statusCode).toBe(200);
    expect(await balanceOf(id)).toBe(70_000);

    const cancelled = await t.app.inject({ method: 'GET', url: `/api/cancelbooking/${id}`, headers: bearer(admin.token) });
    expect(cancelled.json()).toEqual({ message: TICKET_CANCELLED_MESSAGE });
    // The charge is reversed; what the agent paid is now owed back to it.
    expect(await balanceOf(id)).toBe(-30_000);
    const refused = await post('update-booking-payment', { booking_id: id, receive_date: daysFromToday(0), receive_amount: 1_000, text: 'Late' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: PAYMENT_CANCELLED_BOOKING_MESSAGE });

    const [payment] = await paymentsOf(id);
    // A part refund: the payment keeps 20,000; the reversal stays at the final total.
    expect((await post('edit-booking-payment', edit(payment!.id, { receive_amount: 20_000 }))).statusCode).toBe(200);
    expect(await bookingRow(id)).toMatchObject({ cancelStatus: true, receivedAmount: 20_000, remainingAmount: 80_000, paymentStatus: 1 });
    expect(await balanceOf(id)).toBe(-20_000);

    expect((await post('delete-booking-payment', { payment_id: payment!.id })).statusCode).toBe(200);
    expect(await bookingRow(id)).toMatchObject({ receivedAmount: 0, paymentStatus: 0 });
    expect((await ledgerOf(id)).map((row) => [row.type, row.amount])).toEqual([
      ['out', 100_000],
      ['reversal', 100_000],
    ]);
    expect(await balanceOf(id)).toBe(0);
  });
});
