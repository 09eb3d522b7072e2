import { formatKarachiDateTime } from '@portal/contract/auth';
import { DEADLINES_TEXTS, describeDeadlineMissing, type DeadlineKind, type DeadlineRow } from '@portal/contract/deadlines';
import type { OutgoingEmail } from '../emails/outbox.js';

/**
 * The words of the deadline reminders (PRODUCT §6, decision 036): what deadline, of which group (PNR, airline), when
 * (Asia/Karachi, as the portal shows times) and how far off, and what is still missing. The notification is one line;
 * the e-mail says the same with a greeting and a link.
 */

const KIND_WORDS: Record<DeadlineKind, string> = { deposit: 'deposit deadline', name: 'name deadline', ticketing: 'ticketing deadline' };

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** How far off the deadline is, to the hour: 'in 48 hours', 'in 1 hour', 'in less than an hour'. */
export function describeTimeLeft(deadline: Date, now: Date): string {
  const hours = Math.round((deadline.getTime() - now.getTime()) / 3_600_000);
  return hours < 1 ? 'in less than an hour' : `in ${plural(hours, 'hour')}`;
}

/** 'name deadline of PNR ABC123 (Pakistan International Airlines) is 01 Dec 2026, 02:00 PM (Pakistan time), in 48 hours' */
function deadlineSentence(deadline: Pick<DeadlineRow, 'kind' | 'pnr' | 'airline_name' | 'deadline'>, now: Date): string {
  const at = new Date(deadline.deadline);
  return `${KIND_WORDS[deadline.kind]} of PNR ${deadline.pnr} (${deadline.airline_name}) is ${formatKarachiDateTime(at)}, ${describeTimeLeft(at, now)}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const SIGNATURE = ['', 'Regards,', 'Group Fares'];

/** Every active admin, 48 and 24 hours before each deadline of an open group. */
export function buildAdminReminder({
  deadline,
  now,
  recipient,
  publicUrl,
}: {
  deadline: DeadlineRow;
  now: Date;
  recipient: { name: string; email: string | null };
  publicUrl: string;
}): { message: string; email: OutgoingEmail | undefined } {
  const missing = describeDeadlineMissing(deadline);
  const missingText = missing.length > 0 ? missing.join(', ') : DEADLINES_TEXTS.nothingMissing.toLowerCase();
  const message = `Reminder: the ${deadlineSentence(deadline, now)}: ${missingText}`;
  const email = recipient.email
    ? {
        to: recipient.email,
        subject: `Reminder: ${KIND_WORDS[deadline.kind]} of PNR ${deadline.pnr} on ${formatKarachiDateTime(deadline.deadline)}`,
        text: [
          `Dear ${recipient.name},`,
          '',
          `The ${deadlineSentence(deadline, now)}.`,
          '',
          ...(missing.length > 0 ? ['Still missing:', ...missing.map((line) => `- ${line}`)] : ['Nothing is missing.']),
          '',
          `The deadlines of the next days are on the dashboard: ${publicUrl}/dashboard`,
          ...SIGNATURE,
        ].join('\n'),
      }
    : undefined;
  return { message, email };
}

/** A booking's agent, 24 hours before the name deadline, while the booking misses names. */
export function buildAgentReminder({
  deadline,
  now,
  booking,
  publicUrl,
}: {
  deadline: DeadlineRow;
  now: Date;
  booking: { bookingId: number; confirmed: boolean; passengers: number; missing: number; agent: { name: string; email: string | null } };
  publicUrl: string;
}): { message: string; email: OutgoingEmail | undefined } {
  // Decision 030: at the name deadline a hold still missing names is cancelled; a confirmed booking's names are
  // given by an admin, so its agent sends them.
  const consequence = booking.confirmed
    ? 'Please send them to us before the deadline.'
    : 'Fill them in before the deadline, or the booking will be cancelled then and its seats released.';
  const missing = `your booking #${booking.bookingId} still misses ${plural(booking.missing, 'name')}`;
  const message = `Reminder: the ${deadlineSentence(deadline, now)}: ${missing}. ${consequence}`;
  const email = booking.agent.email
    ? {
        to: booking.agent.email,
        subject: `Reminder: names missing on booking #${booking.bookingId}, PNR ${deadline.pnr}, due ${formatKarachiDateTime(deadline.deadline)}`,
        text: [
          `Dear ${booking.agent.name},`,
          '',
          `The ${deadlineSentence(deadline, now)}.`,
          `${capitalise(missing)} (of ${plural(booking.passengers, 'passenger')}).`,
          consequence,
          '',
          `Your booking: ${publicUrl}/dashboard/book/${booking.bookingId}`,
          ...SIGNATURE,
        ].join('\n'),
      }
    : undefined;
  return { message, email };
}
