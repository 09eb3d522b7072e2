import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { bookedWithin } from '../bookings/booking-lifecycle.repository.js';
import { bookings } from '../bookings/bookings.table.js';
import { lockLedgerOfPayment } from '../ledger/ledger.repository.js';
import { ledgerEntries } from '../ledger/ledger.table.js';
import { payments, type NewPaymentRow, type PaymentRow } from './payments.table.js';

/**
 * Queries of payments and the General Report (issue 5). Inserting a payment, locking its booking and
 * rewriting received_amount are the booking lifecycle's (booking-lifecycle.repository.ts), reused as they are.
 */

/** The booking of a payment, deleted or not, without a lock: which booking row to lock. */
export async function findPaymentBookingId({ db, paymentId }: { db: Executor; paymentId: number }): Promise<number | undefined> {
  const [row] = await db.select({ bookingId: payments.bookingId }).from(payments).where(eq(payments.id, paymentId)).limit(1);
  return row?.bookingId;
}

/** A payment not deleted. Read under the booking's lock, it cannot change before the transaction ends. */
export async function findLivePayment({ db, paymentId }: { db: Executor; paymentId: number }): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), isNull(payments.deletedAt)))
    .limit(1);
  return row;
}

export async function updatePayment({
  db,
  paymentId,
  values,
}: {
  db: Executor;
  paymentId: number;
  values: Partial<NewPaymentRow>;
}): Promise<void> {
  await db.update(payments).set(values).where(eq(payments.id, paymentId));
}

/** The `in` ledger row mirroring a payment follows its edit (none for a walk-in sale's payment). */
export async function updatePaymentLedgerEntry({
  db,
  paymentId,
  values,
}: {
  db: Executor;
  paymentId: number;
  values: { amount: number; entryDate: string; text: string };
}): Promise<void> {
  await lockLedgerOfPayment({ db, paymentId });
  await db.update(ledgerEntries).set(values).where(eq(ledgerEntries.paymentId, paymentId));
}

export async function deletePaymentLedgerEntry({ db, paymentId }: { db: Executor; paymentId: number }): Promise<void> {
  await lockLedgerOfPayment({ db, paymentId });
  await db.delete(ledgerEntries).where(eq(ledgerEntries.paymentId, paymentId));
}

/** Booking dates (Asia/Karachi days of created_at), both included, either open (decision 022). */
export interface BookingDateRange {
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * Totals of the confirmed, live bookings, walk-ins included (contract payments.ts): sums are bigint in
 * PostgreSQL, so they are read as numbers rather than cast to int, which a large total would overflow.
 */
export async function sumConfirmedBookings({ db, range = {} }: { db: Executor; range?: BookingDateRange }) {
  const [row] = await db
    .select({
      totalSale: sql<number>`coalesce(sum(${bookings.finalTotal}), 0)`.mapWith(Number),
      receivedPayment: sql<number>`coalesce(sum(${bookings.receivedAmount}), 0)`.mapWith(Number),
      // An over-paid booking owes nothing; its surplus does not lower what the others owe.
      pendingPayment: sql<number>`coalesce(sum(greatest(${bookings.remainingAmount}, 0)), 0)`.mapWith(Number),
    })
    .from(bookings)
    .where(and(eq(bookings.confirmed, true), eq(bookings.cancelStatus, false), ...bookedWithin(range)));
  return { totalSale: row?.totalSale ?? 0, receivedPayment: row?.receivedPayment ?? 0, pendingPayment: row?.pendingPayment ?? 0 };
}

/** PRODUCT §6: the cancellation charges kept on cancelled bookings made in the range (decision 032). */
export async function sumCancellationCharges({ db, range = {} }: { db: Executor; range?: BookingDateRange }): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${bookings.cancellationCharge}), 0)`.mapWith(Number) })
    .from(bookings)
    .where(and(eq(bookings.cancelStatus, true), ...bookedWithin(range)));
  return row?.total ?? 0;
}
