import { isExpiredHold, type BookingRow } from './bookings.table.js';
import {
  CANCELLATION_CHARGE_CONFIRMED_ONLY_MESSAGE,
  cancellationChargeMaxMessage,
  CANCEL_AT_PAST_MESSAGE,
  CONFIRM_CANCELLED_BOOKING_MESSAGE,
  isPendingPassenger,
  PASSENGER_NAME_REQUIRED_MESSAGE,
  PASSPORT_IMAGE_REQUIRED_MESSAGE,
  PASSENGERS_CHANGED_MESSAGE,
  type BookingUpdateBody,
  type ConfirmBookingBody,
  type HoldTimeUpdateBody,
} from '@portal/contract/booking-lifecycle';
import { normalisePassportNo } from '@portal/contract/bookings';
import type { Database, Executor } from '../../db/database.js';
import type { AuthUser } from '../auth/auth.usecases.js';
import { readAuditSnapshot, recordAudit, type AuditActor } from '../audit/audit.usecases.js';
import { takeCredit, type LowCreditNotice } from '../credit/credit.usecases.js';
import { removeStoredFile } from '../files/files.usecases.js';
import type { NewLedgerEntryRow } from '../ledger/ledger.table.js';
import {
  createAgentCancelHoldOnlyError,
  createAgentEditHoldOnlyError,
  createBookingAlreadyCancelledError,
  createBookingAlreadyConfirmedError,
  createBookingInputError,
  createBookingNotFoundError,
  createNotEnoughSeatsToConfirmError,
  createNotOnHoldError,
  createNotOwnBookingError,
} from './booking-lifecycle.errors.js';
import {
  cancelBookingRowRun,
  countSoldSeats,
  deleteUnusedScanFiles,
  findBookingGroupId,
  insertLedgerEntries,
  insertLedgerEntryRun,
  insertPayment,
  isStoragePathInUse,
  listLegs,
  listPassengers,
  lockBooking,
  lockBookingToCancelRun,
  lockGroupRow,
  lockGroupRowRun,
  refreshReceivedAmount,
  updateBooking,
  updatePassenger,
  markBookingEdited,
} from './booking-lifecycle.repository.js';
import { getKarachiDate } from './booking-lists.usecases.js';
import { bookingAuditRowRun, bookingAuditSnapshotRun } from './booking-audit-sql.js';
import { transactionInFewTrips } from '../../db/few-trips-transaction.js';
import type { WrittenBooking } from '../../plugins/change-scopes.js';
import {
  checkPassengerFiles,
  checkPassportsFree,
  collectPassengerDateErrors,
  createPassengerInputError,
  getTravelDates,
  listPassengerFiles,
  removeOrphanFiles,
  savePassengerFile,
} from './passengers.js';

/**
 * The booking lifecycle (000 §4, PRODUCT §4 "Booking", "Payments and ledger"; issue 4): confirm, hold time,
 * cancel and passenger updates. Each use case is one transaction that locks the booking row FOR UPDATE, so two
 * concurrent confirms or cancels of one booking run one after the other and the second sees the first's result
 * (one `out` or `reversal` ledger row, never two). Lock order is group, then booking, as add-booking takes the group.
 */

/** The text of a payment recorded by the confirm dialog. */
export const CONFIRMATION_PAYMENT_TEXT = 'Received on confirmation';

const formatRupees = (amount: number): string => `PKR ${amount.toLocaleString('en-US')}`;

/**
 * confirmbooking (admin). Rules (PRODUCT §4; our decisions marked):
 * - a booking confirmed and not cancelled answers 409;
 * - a cancelled booking needs sure = 1 (422 on `sure` with the dialog's warning) and free seats (409), and
 *   takes its seats again;
 * - discount 0..total less what was already received, so a discount never makes remaining negative (ours);
 *   a cancelled booking paid beyond its total (an advance kept after cancelling) is re-confirmed with 0;
 * - receive_payment 0..what is still due after the discount (ours: no over-payment on confirmation);
 * - a payment over 0 is a payments row dated today (Asia/Karachi); received_amount is the sum of live payments;
 * - an agent's booking posts `out` at the final total and `in` for the payment to the agent's ledger;
 * - PRODUCT §6 "Credit": an agent with a limit needs final total - receive_payment of available credit (its own hold
 *   left out), 409 otherwise unless `override` = 1, which the booking keeps as credit_override (decision 032);
 * - a cancellation charge kept when it was cancelled is waived: a `reversal` of the charge, and the charge reads 0.
 */
export async function confirmBooking({
  db,
  adminId,
  actor,
  input,
  now = new Date(),
}: {
  db: Database;
  adminId: number;
  actor: AuditActor;
  input: ConfirmBookingBody;
  now?: Date;
}): Promise<{ creditOverride: boolean; lowCredit: LowCreditNotice | null }> {
  const bookingId = input.booking_id;
  const groupId = await findGroupToLock({ db, bookingId });

  return db.transaction(async (tx) => {
    const group = await lockGroupRow({ db: tx, groupId });
    const booking = await lockBooking({ db: tx, bookingId });
    if (!group || !booking) throw createBookingNotFoundError();
    if (booking.confirmed && !booking.cancelStatus) throw createBookingAlreadyConfirmedError();
    const before = await readAuditSnapshot(tx, 'booking', bookingId);
    // A hold past its cancel_at has released its seats, swept or not (issue 16.14): confirming it is confirming a
    // cancelled booking, with `sure` and free seats.
    const released = booking.cancelStatus || isExpiredHold(booking, now);

    const errors: Record<string, string[]> = {};
    if (released && input.sure !== 1) errors.sure = [CONFIRM_CANCELLED_BOOKING_MESSAGE];
    const maxDiscount = Math.max(0, booking.totalAmount - booking.receivedAmount);
    if (input.discount > maxDiscount) {
      errors.discount = [`The discount may not be greater than ${maxDiscount}.`];
    } else {
      const due = Math.max(0, booking.totalAmount - input.discount - booking.receivedAmount);
      if (input.receive_payment > due) errors.receive_payment = [`The receive payment may not be greater than ${due}.`];
    }
    if (Object.keys(errors).length > 0) throw createBookingInputError(errors);

    if (released) {
      // The group row is locked, so no booking can take seats between this count and the update.
      const sold = await countSoldSeats({ db: tx, groupId });
      if (group.deletedAt !== null || sold + booking.adults + booking.children > group.totalTicket) {
        throw createNotEnoughSeatsToConfirmError();
      }
      // Its passengers become live again: one booked meanwhile on another booking of the group is refused as
      // add-booking refuses it (PRODUCT §6, decision 025).
      const passengers = await listPassengers({ db: tx, bookingId });
      await checkPassportsFree({
        db: tx,
        groupId,
        passportNos: [...new Set(passengers.flatMap((row) => (row.passportNo === null ? [] : [normalisePassportNo(row.passportNo)])))],
        exceptBookingId: bookingId,
      });
    }

    const waivedCharge = booking.cancelStatus ? booking.cancellationCharge : 0;
    const credit =
      booking.agentUserId === null
        ? { overridden: false, lowCredit: null }
        : await takeCredit({
            db: tx,
            agentUserId: booking.agentUserId,
            bookingId,
            needed: booking.totalAmount - input.discount - input.receive_payment - waivedCharge,
            override: input.override === true,
            ownHold: released ? 0 : booking.totalAmount,
            now,
          });

    let updated = await updateBooking({
      db: tx,
      bookingId,
      values: {
        ...(credit.overridden ? { creditOverride: true } : {}),
        cancellationCharge: 0,
        confirmed: true,
        confirmedAt: now,
        confirmedBy: adminId,
        discount: input.discount,
        cancelStatus: false,
        cancelledAt: null,
        cancelledBy: null,
      },
    });
    const today = getKarachiDate(now);
    let paymentId: number | undefined;
    if (input.receive_payment > 0) {
      paymentId = await insertPayment({
        db: tx,
        payment: { bookingId, receiveDate: today, receiveAmount: input.receive_payment, text: CONFIRMATION_PAYMENT_TEXT, addedBy: adminId },
      });
      updated = await refreshReceivedAmount({ db: tx, bookingId });
    }

    // Walk-in sales have no agent and no ledger (PRODUCT §4 "Payments and ledger").
    if (updated.agentUserId !== null) {
      const entries: NewLedgerEntryRow[] = [
        {
          agentUserId: updated.agentUserId,
          bookingId,
          type: 'out',
          amount: updated.finalTotal,
          entryDate: today,
          text: `Booking #${bookingId} ${group.pnr}` + (updated.discount > 0 ? `, discount ${formatRupees(updated.discount)}` : ''),
        },
      ];
      if (waivedCharge > 0) {
        entries.push({
          agentUserId: updated.agentUserId,
          bookingId,
          type: 'reversal',
          amount: waivedCharge,
          entryDate: today,
          text: `Booking #${bookingId} re-confirmed, cancellation charge ${formatRupees(waivedCharge)} waived`,
        });
      }
      if (paymentId !== undefined) {
        entries.push({
          agentUserId: updated.agentUserId,
          bookingId,
          paymentId,
          type: 'in',
          amount: input.receive_payment,
          entryDate: today,
          text: CONFIRMATION_PAYMENT_TEXT,
        });
      }
      await insertLedgerEntries({ db: tx, entries });
    }
    // An admin's override that let the confirmation pass is its own action in the audit trail (PRODUCT §6).
    await recordAudit(tx, actor, { kind: 'booking', entity_id: bookingId, action: credit.overridden ? 'confirm_override' : 'confirm', before });
    return { creditOverride: credit.overridden, lowCredit: credit.lowCredit };
  });
}

/**
 * Decision 043: a write that can move a group's standing seats (group_seats, kept by a trigger on bookings) holds the
 * group's row lock before it touches the booking, as add-booking and confirm do. The trigger's row lock on group_seats
 * is then always taken under the group's lock, so it never closes a lock cycle with another writer of the group
 * (a cancel holding group_seats while waiting for the agent's row that a confirm held, waiting for group_seats).
 * A booking never changes group, so its group is read before the transaction.
 */
async function findGroupToLock({ db, bookingId }: { db: Database; bookingId: number }): Promise<number> {
  const groupId = await findBookingGroupId({ db, bookingId });
  if (groupId === undefined) throw createBookingNotFoundError();
  return groupId;
}

async function lockGroupThenBooking({ db, groupId, bookingId }: { db: Executor; groupId: number; bookingId: number }): Promise<BookingRow> {
  await lockGroupRow({ db, groupId });
  const booking = await lockBooking({ db, bookingId });
  if (!booking) throw createBookingNotFoundError();
  return booking;
}

/**
 * hold-time-update (admin): only a booking on hold, and only to a moment ahead (PRODUCT §4). A hold past its
 * cancel_at is no longer on hold, swept or not (decision 015): moving its time ahead would bring it back without the
 * seat and passport checks its seats and numbers now answer to.
 */
export async function updateHoldTime({
  db,
  adminId,
  actor,
  input,
  now = new Date(),
}: {
  db: Database;
  adminId: number;
  actor: AuditActor;
  input: HoldTimeUpdateBody;
  now?: Date;
}): Promise<void> {
  const groupId = await findGroupToLock({ db, bookingId: input.booking_id });
  await db.transaction(async (tx) => {
    const booking = await lockGroupThenBooking({ db: tx, groupId, bookingId: input.booking_id });
    if (booking.confirmed || booking.cancelStatus || isExpiredHold(booking, now)) throw createNotOnHoldError();
    if (input.cancel_at.getTime() <= now.getTime()) throw createBookingInputError({ cancel_at: [CANCEL_AT_PAST_MESSAGE] });
    const before = await readAuditSnapshot(tx, 'booking', booking.id);
    await updateBooking({ db: tx, bookingId: booking.id, values: { cancelAt: input.cancel_at, editedBy: adminId } });
    await recordAudit(tx, actor, { kind: 'booking', entity_id: booking.id, action: 'hold_time', before });
  });
}

/**
 * cancelbooking/{id} (PRODUCT §4): agents only their own bookings on hold (403 otherwise), admins any booking
 * not already cancelled (409). The seats return by themselves (sold counts bookings not cancelled). Cancelling
 * a confirmed (charged) agent booking posts a `reversal` of its final total less the admin's `cancellationCharge`
 * (PRODUCT §6: 0 to the final total, confirmed bookings only, 422 otherwise), which the booking keeps.
 */
export async function cancelBooking({
  db,
  user,
  actor,
  bookingId,
  cancellationCharge = 0,
  now = new Date(),
}: {
  db: Database;
  user: AuthUser;
  actor: AuditActor;
  bookingId: number;
  cancellationCharge?: number;
  now?: Date;
}): Promise<WrittenBooking> {
  const groupId = await findGroupToLock({ db, bookingId });
  // Decision 069: on PostgreSQL two round trips: BEGIN, the locks (group, then booking) and the before image; then the
  // writes and COMMIT. The locks are held for one round trip and the rules between.
  return transactionInFewTrips(db, async ({ send }) => {
    const [, booking, before] = await send([lockGroupRowRun(groupId), lockBookingToCancelRun(bookingId), bookingAuditSnapshotRun(bookingId)]);
    if (!booking) throw createBookingNotFoundError();
    if (user.role !== 'admin' && booking.agentUserId !== user.id) throw createNotOwnBookingError();
    if (booking.cancelStatus) throw createBookingAlreadyCancelledError();
    if (user.role !== 'admin' && booking.confirmed) throw createAgentCancelHoldOnlyError();
    if (cancellationCharge > 0 && !booking.confirmed) {
      throw createBookingInputError({ cancellation_charge: [CANCELLATION_CHARGE_CONFIRMED_ONLY_MESSAGE] });
    }
    if (cancellationCharge > booking.finalTotal) {
      throw createBookingInputError({ cancellation_charge: [cancellationChargeMaxMessage(booking.finalTotal)] });
    }
    // The cancel changes neither the booking's owner, nor its confirmation, nor its final total: the locked row's hold.
    const reversal =
      booking.confirmed && booking.agentUserId !== null
        ? [
            insertLedgerEntryRun({
              agentUserId: booking.agentUserId,
              bookingId,
              type: 'reversal',
              amount: booking.finalTotal - cancellationCharge,
              entryDate: getKarachiDate(now),
              text: `Booking #${bookingId} cancelled` + (cancellationCharge > 0 ? `, cancellation charge ${formatRupees(cancellationCharge)}` : ''),
            }),
          ]
        : [];
    await send(
      [
        cancelBookingRowRun({ bookingId, cancelledBy: user.id, cancelledAt: now, cancellationCharge }),
        ...reversal,
        bookingAuditRowRun({ actorUserId: actor.userId, actorName: actor.name, address: actor.address, action: 'cancel', before, entityId: bookingId }),
      ],
      { commit: true },
    );
    // What the change scopes need (decision 055), from the locked row: no read of the booking after the commit.
    return { agentUserId: booking.agentUserId, groupId, confirmed: booking.confirmed };
  });
}

/**
 * booking-update: the passengers' details and scans; counts and types stay (PRODUCT §4 "Edit"). Agents only
 * their own bookings on hold (403 otherwise); admins any booking. The add-booking rules apply (schema, dates
 * against the group, scans by content and size, passports not on another live booking of the group: 409). Replaced scans no other passenger uses are deleted: their rows
 * in the transaction, their bytes after the commit.
 */
export async function updateBookingPassengers({
  db,
  uploadsDir,
  user,
  actor,
  input,
  now = new Date(),
}: {
  db: Database;
  uploadsDir: string;
  user: AuthUser;
  actor: AuditActor;
  input: BookingUpdateBody;
  now?: Date;
}): Promise<void> {
  const { booking_id: bookingId, passengers } = input;
  // Size and type of every new scan before anything is written (413 / 422).
  await checkPassengerFiles(listPassengerFiles(passengers));

  const saved: string[] = [];
  let removedPaths: string[] = [];
  // A booking never changes group, so its group is read before the transaction to lock it first (lock order).
  const groupId = await findGroupToLock({ db, bookingId });

  try {
    await db.transaction(async (tx) => {
      // The group's row lock serialises the passport check with add-booking and other updates of the group.
      const booking = await lockGroupThenBooking({ db: tx, groupId, bookingId });
      if (user.role !== 'admin') {
        if (booking.agentUserId !== user.id) throw createNotOwnBookingError();
        if (booking.confirmed || booking.cancelStatus) throw createAgentEditHoldOnlyError();
      }

      const before = await readAuditSnapshot(tx, 'booking', bookingId);
      const stored = await listPassengers({ db: tx, bookingId });
      if (stored.length !== passengers.length || stored.some((row, index) => row.type !== passengers[index]!.type)) {
        throw createPassengerInputError({ type: [PASSENGERS_CHANGED_MESSAGE] });
      }
      // PRODUCT §6 names later: a passenger may stay 'TBA' only while it has no name; one filled now needs a scan.
      const detailErrors: Record<string, string[]> = {};
      passengers.forEach((passenger, index) => {
        const row = stored[index]!;
        if (isPendingPassenger(passenger)) {
          if (row.firstname !== null) detailErrors[`firstname.${index}`] = [PASSENGER_NAME_REQUIRED_MESSAGE];
        } else if (row.passportFileId === null && !passenger.passport_img) {
          detailErrors[`passport_img.${index}`] = [PASSPORT_IMAGE_REQUIRED_MESSAGE];
        }
      });
      if (Object.keys(detailErrors).length > 0) throw createPassengerInputError(detailErrors);
      const legs = await listLegs({ db: tx, groupIds: [booking.groupId] });
      const dateErrors = collectPassengerDateErrors({
        passengers: passengers.map((passenger) => (isPendingPassenger(passenger) ? null : passenger)),
        today: getKarachiDate(now),
        travel: getTravelDates(legs.map(({ leg }) => leg)),
      });
      if (Object.keys(dateErrors).length > 0) throw createPassengerInputError(dateErrors);
      // PRODUCT §6: the numbers this update brings to the booking. One the booking already had is not checked again
      // (decision 025): a duplicate older than the rule must not block fixing a name on either booking.
      const own = new Set(stored.flatMap((row) => (row.passportNo === null ? [] : [normalisePassportNo(row.passportNo)])));
      await checkPassportsFree({
        db: tx,
        groupId,
        passportNos: passengers.flatMap((passenger) =>
          isPendingPassenger(passenger) || own.has(passenger.passport_no) ? [] : [passenger.passport_no],
        ),
        exceptBookingId: bookingId,
      });

      const replaced: number[] = [];
      for (const [index, passenger] of passengers.entries()) {
        if (isPendingPassenger(passenger)) continue;
        const row = stored[index]!;
        let passportFileId = row.passportFileId;
        let visaFileId = row.visaFileId;
        if (passenger.passport_img) {
          passportFileId = await savePassengerFile({
            db: tx,
            uploadsDir,
            file: passenger.passport_img,
            kind: 'passport',
            field: `passport_img.${index}`,
            userId: user.id,
            saved,
          });
          if (row.passportFileId !== null && passportFileId !== row.passportFileId) replaced.push(row.passportFileId);
        }
        if (passenger.visa_copy) {
          visaFileId = await savePassengerFile({
            db: tx,
            uploadsDir,
            file: passenger.visa_copy,
            kind: 'visa',
            field: `visa_copy.${index}`,
            userId: user.id,
            saved,
          });
          if (row.visaFileId !== null && visaFileId !== row.visaFileId) replaced.push(row.visaFileId);
        }
        await updatePassenger({
          db: tx,
          passengerId: row.id,
          values: {
            title: passenger.title,
            firstname: passenger.firstname,
            lastname: passenger.lastname,
            dob: passenger.dob,
            passportNo: passenger.passport_no,
            passportExpiryDate: passenger.passport_expiry_date,
            passportFileId,
            visaFileId,
          },
        });
      }
      await markBookingEdited({ db: tx, bookingId, editedBy: user.id });
      removedPaths = await deleteUnusedScanFiles({ db: tx, fileIds: replaced });
      await recordAudit(tx, actor, { kind: 'booking', entity_id: bookingId, action: 'update', before });
    });
  } catch (error) {
    await removeOrphanFiles({ db, uploadsDir, saved });
    throw error;
  }

  // After the commit: the bytes of the deleted rows, unless the same scan was stored again meanwhile.
  for (const storagePath of removedPaths) {
    if (!(await isStoragePathInUse({ db, storagePath }))) await removeStoredFile({ uploadsDir, storagePath });
  }
}
