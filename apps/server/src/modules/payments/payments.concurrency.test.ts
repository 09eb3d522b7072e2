import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../test/helpers.js';
import { daysFromToday, insertTestBooking, insertTestGroup, insertUserWithToken } from '../bookings/booking-lifecycle.factories.js';
import { bookings } from '../bookings/bookings.table.js';
import { ledgerEntries } from '../ledger/ledger.table.js';
import type { UserRow } from '../users/users.table.js';
import { payments } from './payments.table.js';

// On PostgreSQL the app's pool has 10 connections, so these requests run in parallel transactions: without the
// booking row lock (SELECT … FOR UPDATE) each would sum the live payments it can see before the others commit
// and write that back, so received_amount would lose payments.

let t: TestApp;
let admin: { user: UserRow; token: string };
let agent: { user: UserRow; token: string };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUserWithToken(t.db, { role: 'admin' });
  agent = await insertUserWithToken(t.db);
});
afterAll(() => t.close());

async function confirmedBooking(): Promise<number> {
  const { group } = await insertTestGroup(t.db, { price: 100_000 });
  const { booking } = await insertTestBooking(t.db, {
    uploadsDir: t.app.uploadsDir,
    group,
    addedBy: agent.user.id,
    agentUserId: agent.user.id,
    state: 'confirmed',
  });
  return booking.id;
}

function post(url: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: `/api/${url}`, payload, headers: bearer(admin.token) });
}

async function bookingRow(id: number) {
  const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

describe('payments under concurrency', () => {
  it('when 10 payments of 1,000 are added to one booking at once, then received is exactly 10,000 with 10 payments and 10 ledger rows', async () => {
    const id = await confirmedBooking();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        post('update-booking-payment', { booking_id: id, receive_date: daysFromToday(0), receive_amount: 1_000, text: `Instalment ${index + 1}` }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    expect(await bookingRow(id)).toMatchObject({ receivedAmount: 10_000, remainingAmount: 90_000, paymentStatus: 1 });
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, id))).toHaveLength(10);
    const ledger = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, id));
    expect(ledger).toHaveLength(10);
    expect(ledger.every((row) => row.type === 'in' && row.amount === 1_000)).toBe(true);
  });

  it('when payments are added, edited and deleted on one booking at once, then received is the sum of the live payments', async () => {
    const id = await confirmedBooking();
    for (let index = 0; index < 6; index++) {
      expect((await post('update-booking-payment', { booking_id: id, receive_date: daysFromToday(-1), receive_amount: 5_000, text: 'Cash' })).statusCode).toBe(200);
    }
    const existing = await t.db.select({ id: payments.id }).from(payments).where(eq(payments.bookingId, id));
    const responses = await Promise.all([
      ...existing.slice(0, 3).map((row) => post('delete-booking-payment', { payment_id: row.id })),
      ...existing.slice(3).map((row) => post('edit-booking-payment', { payment_id: row.id, receive_date: daysFromToday(0), receive_amount: 7_000, text: 'Edited' })),
      ...Array.from({ length: 4 }, () => post('update-booking-payment', { booking_id: id, receive_date: daysFromToday(0), receive_amount: 2_000, text: 'New' })),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    const live = await t.db.select().from(payments).where(and(eq(payments.bookingId, id), isNull(payments.deletedAt)));
    expect(live.map((row) => row.receiveAmount).sort((a, b) => a - b)).toEqual([2_000, 2_000, 2_000, 2_000, 7_000, 7_000, 7_000]);
    expect(await bookingRow(id)).toMatchObject({ receivedAmount: 29_000, remainingAmount: 71_000 });
    const ledger = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, id));
    expect(ledger.map((row) => row.amount).sort((a, b) => a - b)).toEqual([2_000, 2_000, 2_000, 2_000, 7_000, 7_000, 7_000]);
  });
});
