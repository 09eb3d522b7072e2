import type { Executor } from '../../db/database.js';
import {
  findActiveAdminIds,
  findBookingForNotice,
  findPaymentForNotice,
  type BookingForNotice,
  type NotificationSender,
} from './notifications.repository.js';
import type { BookingNotice } from './notifier.js';

/**
 * Who is told of a booking event, and what (PRODUCT §4 Notifications):
 * - booked by an agent: every active admin ('Al-Haram Travels booked 2 seats on PNR ABC123');
 * - booked by an admin for an agent: that agent; a walk-in sale (no agent): nobody;
 * - confirm, cancel, hold change, payment added/edited/deleted, ticketed (PRODUCT §6): the booking's agent; nobody
 *   for a walk-in;
 * - a hold the server cancelled when it ran out (the hold sweeper): the booking's agent;
 * - at a group's name deadline (PRODUCT §6, the name-deadline job): a hold cancelled for missing names, its agent;
 *   a confirmed booking still missing names, every active admin;
 * - nobody is told of their own action (an agent cancelling its own hold tells nobody).
 * Messages are short and carry the PNR; amounts in PKR, times in Asia/Karachi (PRODUCT §3).
 */
export interface BookingNoticePlan {
  recipients: number[];
  bookingId: number;
  message: string;
}

const AMOUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const KARACHI_TIME = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Karachi',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function pkr(amount: number): string {
  return `PKR ${AMOUNT.format(amount)}`;
}

/** YYYY-MM-DD HH:mm in Asia/Karachi. */
function karachiDateTime(instant: Date): string {
  const parts = Object.fromEntries(KARACHI_TIME.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** What admins are told of an agent's new booking; the demo seed words its notifications the same way. */
export function agentBookedMessage({
  agency,
  counts,
  pnr,
}: {
  agency: string;
  counts: Pick<BookingForNotice, 'adults' | 'children' | 'infants'>;
  pnr: string;
}): string {
  return `${agency} booked ${seatsText(counts)} on PNR ${pnr}`;
}

/**
 * Who is told of a new booking and what it reads: an agent's booking tells every active admin; an admin's booking for
 * an agent tells that agent (`toUserId`, unless it is the sender); a walk-in sale tells nobody. Used by planBookingNotice
 * and by add-booking, which stores these rows with the booking itself (decision 051).
 */
export function bookedNotice({
  sender,
  booking,
}: {
  sender: NotificationSender;
  booking: Pick<BookingForNotice, 'pnr' | 'agentUserId' | 'adults' | 'children' | 'infants'>;
}): { toAdmins: boolean; toUserId: number | null; message: string } {
  if (sender.role === 'user') {
    return { toAdmins: true, toUserId: null, message: agentBookedMessage({ agency: senderLabel(sender), counts: booking, pnr: booking.pnr }) };
  }
  const toUserId = booking.agentUserId !== null && booking.agentUserId !== sender.id ? booking.agentUserId : null;
  return { toAdmins: false, toUserId, message: `${senderLabel(sender)} booked ${seatsText(booking)} for you on PNR ${booking.pnr}` };
}

function seatsText(booking: Pick<BookingForNotice, 'adults' | 'children' | 'infants'>): string {
  const seats = plural(booking.adults + booking.children, 'seat');
  return booking.infants > 0 ? `${seats} and ${plural(booking.infants, 'infant')}` : seats;
}

/** An agent is known by its agency (the name admins see on bookings); an admin by its name. */
function senderLabel(sender: NotificationSender): string {
  return (sender.role === 'user' && sender.agencyName?.trim()) || sender.name;
}

function bookingRef(booking: BookingForNotice): string {
  return `booking #${booking.id} (PNR ${booking.pnr})`;
}

function toAgent(booking: BookingForNotice, sender: NotificationSender): number[] {
  return booking.agentUserId !== null && booking.agentUserId !== sender.id ? [booking.agentUserId] : [];
}

/** The recipients and message of a notice; undefined when the booking or payment no longer exists. */
export async function planBookingNotice({
  db,
  sender,
  notice,
  activeAdminIds,
}: {
  db: Executor;
  sender: NotificationSender;
  notice: BookingNotice;
  /** The active admins when the caller read them with the sender (findSenderAndActiveAdminIds); else read here. */
  activeAdminIds?: number[] | undefined;
}): Promise<BookingNoticePlan | undefined> {
  let bookingId: number;
  let amount: number | undefined;
  if ('paymentId' in notice) {
    const payment = await findPaymentForNotice({ db, paymentId: notice.paymentId });
    if (!payment) return undefined;
    bookingId = payment.bookingId;
    amount = payment.amount;
  } else if (notice.kind === 'payment_added') {
    bookingId = notice.bookingId;
    amount = notice.amount;
  } else {
    bookingId = notice.bookingId;
  }
  const booking = await findBookingForNotice({ db, bookingId });
  if (!booking) return undefined;

  const plan = (recipients: number[], message: string): BookingNoticePlan => ({
    recipients: recipients.filter((id) => id !== sender.id),
    bookingId: booking.id,
    message,
  });
  switch (notice.kind) {
    case 'booked': {
      const told = bookedNotice({ sender, booking });
      if (told.toAdmins) return plan(activeAdminIds ?? (await findActiveAdminIds({ db })), told.message);
      return plan(told.toUserId === null ? [] : [told.toUserId], told.message);
    }
    case 'confirmed':
      return plan(toAgent(booking, sender), `Your ${bookingRef(booking)} is confirmed`);
    case 'cancelled':
      return plan(toAgent(booking, sender), `Your ${bookingRef(booking)} was cancelled`);
    case 'ticketed':
      // PRODUCT §6: the booking became ticketed (every passenger has an e-ticket number; decision 031).
      return plan(toAgent(booking, sender), `Your ${bookingRef(booking)} is ticketed`);
    case 'names_deadline_cancelled':
      return plan(
        toAgent(booking, sender),
        `The name deadline of PNR ${booking.pnr} passed with names missing, so your booking #${booking.id} was cancelled`,
      );
    case 'names_deadline_missing':
      return plan(
        await findActiveAdminIds({ db }),
        `The name deadline of PNR ${booking.pnr} passed: confirmed booking #${booking.id} still misses ${plural(notice.missing, 'name')}`,
      );
    case 'hold_expired':
      return plan(toAgent(booking, sender), `The hold on your ${bookingRef(booking)} expired and the booking was cancelled`);
    case 'hold_changed':
      return plan(
        toAgent(booking, sender),
        booking.cancelAt
          ? `The hold on your ${bookingRef(booking)} now ends ${karachiDateTime(booking.cancelAt)}`
          : `The hold on your ${bookingRef(booking)} was changed`,
      );
    case 'payment_added':
      return plan(toAgent(booking, sender), `Payment of ${pkr(amount ?? 0)} received on your ${bookingRef(booking)}`);
    case 'payment_edited':
      return plan(toAgent(booking, sender), `A payment on your ${bookingRef(booking)} was changed to ${pkr(amount ?? 0)}`);
    case 'payment_deleted':
      return plan(toAgent(booking, sender), `A payment of ${pkr(amount ?? 0)} on your ${bookingRef(booking)} was removed`);
  }
}
