import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { bookings, holdsSeats, missingNamesCount } from '../bookings/bookings.table.js';
import { users } from '../users/users.table.js';
import { remindersSent, type NewReminderSentRow } from './reminders.table.js';

/**
 * Claims one reminder: inserts its row unless a row with the same key (group, deadline kind and value, hours before,
 * recipient, booking) is there. Call it first in the transaction that stores the reminder's notification and queues
 * its e-mail. Of several transactions claiming one key at once, the first insert holds the key until it commits and
 * the others then find the row and insert nothing (or take the key if the first rolled back). Answers whether the
 * reminder is this caller's to send.
 */
export async function claimReminder({ db, reminder }: { db: Executor; reminder: NewReminderSentRow }): Promise<boolean> {
  const rows = await db.insert(remindersSent).values(reminder).onConflictDoNothing().returning({ id: remindersSent.id });
  return rows.length > 0;
}

export interface BookingMissingNames {
  bookingId: number;
  groupId: number;
  confirmed: boolean;
  passengers: number;
  missing: number;
  agent: { id: number; name: string; email: string | null };
}

/**
 * The live bookings (holdsSeats) of these groups still missing names, each with its agent: an agent not deleted and
 * free to sign in (a walk-in sale has none, and nobody else fills an agent's names). Oldest booking first.
 */
export async function findBookingsMissingNames({ db, groupIds }: { db: Executor; groupIds: number[] }): Promise<BookingMissingNames[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .select({
      bookingId: bookings.id,
      groupId: bookings.groupId,
      confirmed: bookings.confirmed,
      passengers: sql<number>`(${bookings.adults} + ${bookings.children} + ${bookings.infants})::int`.mapWith(Number),
      missing: missingNamesCount,
      agentId: users.id,
      agentName: users.name,
      agentEmail: users.email,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.agentUserId))
    .where(
      and(
        inArray(bookings.groupId, groupIds),
        holdsSeats,
        isNotNull(bookings.agentUserId),
        isNull(users.deletedAt),
        eq(users.isActive, true),
        eq(users.activeStatus, 'approved'),
        sql`${missingNamesCount} > 0`,
      ),
    )
    .orderBy(asc(bookings.id));
  return rows.map(({ agentId, agentName, agentEmail, ...row }) => ({ ...row, agent: { id: agentId, name: agentName, email: agentEmail } }));
}
