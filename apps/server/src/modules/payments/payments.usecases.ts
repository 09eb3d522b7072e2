import type {
  AddPaymentBody,
  AllPendingPaymentsResponse,
  DeletePaymentBody,
  EditPaymentBody,
  GeneralReportQuery,
} from '@portal/contract/payments';
import { readAuditSnapshot, recordAudit, type AuditActor } from '../audit/audit.usecases.js';
import type { Database, Executor } from '../../db/database.js';
import { getKarachiToday } from '../../lib/karachi-date.js';
import { createBookingNotFoundError } from '../bookings/booking-lifecycle.errors.js';
import { insertLedgerEntries, insertPayment, lockBooking, refreshReceivedAmount } from '../bookings/booking-lifecycle.repository.js';
import { getAllBookingListRows } from '../bookings/booking-lists.usecases.js';
import {
  createPaymentCancelledBookingError,
  createPaymentConfirmedOnlyError,
  createPaymentFutureDateError,
  createPaymentNotFoundError,
} from './payments.errors.js';
import {
  deletePaymentLedgerEntry,
  findLivePayment,
  findPaymentBookingId,
  sumCancellationCharges,
  sumConfirmedBookings,
  updatePayment,
  updatePaymentLedgerEntry,
} from './payments.repository.js';

/**
 * Payments (PRODUCT §4 "Payments and ledger"; contract payments.ts; issue 5). Each write is one transaction that
 * locks the booking row FOR UPDATE before it touches a payment, so concurrent payments on one booking run one
 * after the other and received_amount, rewritten from the sum of live payments, never loses one. The booking's
 * remaining_amount and payment_status are generated columns (bookings.table.ts), so they follow by themselves.
 *
 * Ledger: an agent's payment is mirrored by one `in` row (amount, entry_date = receive_date, text = the
 * payment's text, as the confirm dialog's payment); an edit updates that row and a delete removes it
 * (ledger.table.ts). Walk-in sales have no ledger.
 *
 * A cancelled booking keeps its payments (contract: edits and deletes stay allowed there, so a refund can be
 * recorded). Its ledger then holds `out` F, `reversal` F (the cancel un-charged the whole final total F) and the
 * `in` rows of its live payments, so its part of the balance (debits - credits) is -received: the agent is owed
 * what it paid. The reversal is about the charge, not the payments, and payments never change F, so editing or
 * deleting a payment leaves the reversal as it is and touches only that payment's `in` row: deleting the payment
 * (the refund) brings the booking's part of the balance back to 0, lowering it leaves the rest still owed to the
 * agent. Posting or changing a reversal here would count the charge twice or not at all.
 */

/** PRODUCT §3: "today" is Asia/Karachi; a receipt dated after it has not happened yet. */
function assertNotFuture(receiveDate: string, now: Date): void {
  if (receiveDate > getKarachiToday(now)) throw createPaymentFutureDateError();
}

/** update-booking-payment (admin): a payment on a confirmed, live booking; more than what is due is accepted. */
export async function addPayment({
  db,
  adminId,
  actor,
  input,
  now = new Date(),
}: {
  db: Database;
  adminId: number;
  actor: AuditActor;
  input: AddPaymentBody;
  now?: Date;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const booking = await lockBooking({ db: tx, bookingId: input.booking_id });
    if (!booking) throw createBookingNotFoundError();
    if (booking.cancelStatus) throw createPaymentCancelledBookingError();
    if (!booking.confirmed) throw createPaymentConfirmedOnlyError();
    assertNotFuture(input.receive_date, now);

    const paymentId = await insertPayment({
      db: tx,
      payment: { bookingId: booking.id, receiveDate: input.receive_date, receiveAmount: input.receive_amount, text: input.text, addedBy: adminId },
    });
    await refreshReceivedAmount({ db: tx, bookingId: booking.id });
    if (booking.agentUserId !== null) {
      await insertLedgerEntries({
        db: tx,
        entries: [
          {
            agentUserId: booking.agentUserId,
            bookingId: booking.id,
            paymentId,
            type: 'in',
            amount: input.receive_amount,
            entryDate: input.receive_date,
            text: input.text,
          },
        ],
      });
    }
    await recordAudit(tx, actor, { kind: 'payment', entity_id: paymentId, action: 'add' });
  });
}

/**
 * Runs `change` on a live payment with its booking locked, then rewrites the booking's received_amount. The
 * payment's booking never changes, so it is read before the lock; the payment itself is read again under it.
 */
async function changeLivePayment({
  db,
  actor,
  action,
  paymentId,
  change,
}: {
  db: Database;
  actor: AuditActor;
  action: 'update' | 'delete';
  paymentId: number;
  change: (tx: Executor) => Promise<void>;
}): Promise<void> {
  const bookingId = await findPaymentBookingId({ db, paymentId });
  if (bookingId === undefined) throw createPaymentNotFoundError();
  await db.transaction(async (tx) => {
    await lockBooking({ db: tx, bookingId });
    if (!(await findLivePayment({ db: tx, paymentId }))) throw createPaymentNotFoundError();
    const before = await readAuditSnapshot(tx, 'payment', paymentId);
    await change(tx);
    await refreshReceivedAmount({ db: tx, bookingId });
    await recordAudit(tx, actor, { kind: 'payment', entity_id: paymentId, action, before });
  });
}

/** edit-booking-payment (admin): date, amount and text of a live payment, on a confirmed or cancelled booking. */
export async function editPayment({
  db,
  adminId,
  actor,
  input,
  now = new Date(),
}: {
  db: Database;
  adminId: number;
  actor: AuditActor;
  input: EditPaymentBody;
  now?: Date;
}): Promise<void> {
  const paymentId = input.payment_id;
  await changeLivePayment({
    db,
    actor,
    action: 'update',
    paymentId,
    change: async (tx) => {
      assertNotFuture(input.receive_date, now);
      await updatePayment({
        db: tx,
        paymentId,
        values: { receiveDate: input.receive_date, receiveAmount: input.receive_amount, text: input.text, editedBy: adminId },
      });
      await updatePaymentLedgerEntry({
        db: tx,
        paymentId,
        values: { amount: input.receive_amount, entryDate: input.receive_date, text: input.text },
      });
    },
  });
}

/** delete-booking-payment (admin): a soft delete recording who deleted it; its ledger row goes. */
export async function deletePayment({
  db,
  adminId,
  actor,
  input,
  now = new Date(),
}: {
  db: Database;
  adminId: number;
  actor: AuditActor;
  input: DeletePaymentBody;
  now?: Date;
}): Promise<void> {
  const paymentId = input.payment_id;
  await changeLivePayment({
    db,
    actor,
    action: 'delete',
    paymentId,
    change: async (tx) => {
      await updatePayment({ db: tx, paymentId, values: { deletedAt: now, deletedBy: adminId } });
      await deletePaymentLedgerEntry({ db: tx, paymentId });
    },
  });
}

/**
 * listofallpendingpayments (admin): the General Report over confirmed, live bookings, walk-ins included. The two
 * lists are the not fully paid ones ('unpaid': payment_status 0 or 1, newest first) split by status. A from..to
 * range narrows the totals and the lists alike to bookings made on those days (decision 022).
 */
export async function getGeneralReport({
  db,
  publicUrl,
  query,
}: {
  db: Executor;
  publicUrl: string;
  query: GeneralReportQuery;
}): Promise<AllPendingPaymentsResponse> {
  const range = { from: query.from || undefined, to: query.to || undefined };
  const totals = await sumConfirmedBookings({ db, range });
  const rows = await getAllBookingListRows({ db, publicUrl, filter: { state: 'unpaid', bookedFrom: range.from, bookedTo: range.to } });
  return {
    data: {
      report: {
        total_sale: totals.totalSale,
        received_payment: totals.receivedPayment,
        pending_payment: totals.pendingPayment,
        cancellation_charges: await sumCancellationCharges({ db, range }),
      },
      pending: rows.filter((row) => row.payment_status === 0),
      partial: rows.filter((row) => row.payment_status === 1),
    },
  };
}
