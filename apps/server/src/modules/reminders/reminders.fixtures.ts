import { asc, eq, inArray, like } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { multipart, type TestApp } from '../../test/helpers.js';
import { bookingFields, insertBookableGroup, passenger, passengerFields, postBooking, type FilePart } from '../bookings/bookings.fixtures.js';
import { namesLaterFields } from '../bookings/names-later.fixtures.js';
import { emailOutbox } from '../emails/emails.table.js';
import { groups, type GroupRow } from '../groups/groups.table.js';
import { notifications } from '../notifications/notifications.table.js';
import { remindersSent } from './reminders.table.js';

export const HOUR = 3_600_000;
export const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

/** A whole minute about `hours` ahead of the real clock (bookings with names later need the name deadline ahead). */
export function deadlineIn(hours: number): Date {
  return new Date(Math.ceil((Date.now() + hours * HOUR) / 60_000) * 60_000);
}

/** An open group departing in 30 days with these deadlines, set straight in the database. */
export async function insertGroupWithDeadlines(
  db: Database,
  deadlines: { deposit?: Date; name?: Date; ticketing?: Date },
): Promise<GroupRow> {
  const group = await insertBookableGroup(db, { totalTicket: 20, firstDay: 30 });
  return moveDeadlines(db, group.id, deadlines);
}

export async function moveDeadlines(db: Database, groupId: number, deadlines: { deposit?: Date; name?: Date; ticketing?: Date }): Promise<GroupRow> {
  const [row] = await db
    .update(groups)
    .set({ depositDeadline: deadlines.deposit ?? null, nameDeadline: deadlines.name ?? null, ticketingDeadline: deadlines.ticketing ?? null })
    .where(eq(groups.id, groupId))
    .returning();
  return row!;
}

/** add-booking through the API; answers the booking id. */
export async function book(
  t: TestApp,
  token: string,
  fields: Parameters<typeof multipart>[0],
): Promise<number> {
  const response = await postBooking(t.app, token, multipart(fields));
  if (response.statusCode !== 201) throw new Error(`add-booking: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: { id: number } }).data.id;
}

/** An agent's hold with names later. */
export const holdWithNamesLater = (t: TestApp, token: string, pnr: string, types: string[]) => book(t, token, namesLaterFields({ pnr, types }));
/** An agent's hold with every name given. */
export const holdWithNames = (t: TestApp, token: string, pnr: string) => book(t, token, bookingFields({ pnr, passengers: [passenger({ type: 'adult' })] }));

/** booking-update giving every passenger of a names-later booking of adults a name (and a scan). */
export async function fillNames(t: TestApp, token: string, bookingId: number, adults: number): Promise<void> {
  const people = Array.from({ length: adults }, () => passenger({ type: 'adult' }));
  const form = multipart([
    ['booking_id', String(bookingId)],
    ...passengerFields(people),
    ...people.map((person, index): [string, FilePart] => [`passport_img[${index}]`, person.passport_img!]),
  ]);
  const response = await t.app.inject({ method: 'POST', url: '/api/booking-update', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}` } });
  if (response.statusCode !== 200) throw new Error(`booking-update: ${response.statusCode} ${response.body}`);
}

/** The reminders sent about these groups, oldest first, as (group, kind, deadline, hours, user, booking). */
export async function sentAbout(db: Database, groupIds: number[]) {
  return db
    .select({
      groupId: remindersSent.groupId,
      kind: remindersSent.deadlineKind,
      deadlineAt: remindersSent.deadlineAt,
      hours: remindersSent.hoursBefore,
      userId: remindersSent.userId,
      bookingId: remindersSent.bookingId,
    })
    .from(remindersSent)
    .where(inArray(remindersSent.groupId, groupIds))
    .orderBy(asc(remindersSent.id));
}

const naming = (pnr: string) => new RegExp(`PNR ${pnr}\\b`);

/** The reminder notifications naming this PNR, oldest first. */
export async function remindersNaming(db: Database, pnr: string) {
  const rows = await db
    .select({ userId: notifications.userId, bookingId: notifications.bookingId, message: notifications.message, senderUserId: notifications.senderUserId, name: notifications.name })
    .from(notifications)
    .where(like(notifications.message, 'Reminder: %'))
    .orderBy(asc(notifications.id));
  return rows.filter((row) => naming(pnr).test(row.message));
}

/** The queued reminder e-mails naming this PNR, oldest first. */
export async function reminderEmailsNaming(db: Database, pnr: string) {
  const rows = await db
    .select({ to: emailOutbox.to, subject: emailOutbox.subject, text: emailOutbox.text })
    .from(emailOutbox)
    .where(like(emailOutbox.subject, 'Reminder: %'))
    .orderBy(asc(emailOutbox.id));
  return rows.filter((row) => naming(pnr).test(row.subject));
}
