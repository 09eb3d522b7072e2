import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookings } from '../bookings/bookings.table.js';
import { groups } from '../groups/groups.table.js';
import { users } from '../users/users.table.js';

/**
 * One row per deadline reminder sent (PRODUCT §6 "Reminders ... are sent once each, also with several server
 * processes and after a restart"; decision 036). A reminder is claimed by inserting its row with ON CONFLICT DO
 * NOTHING in the transaction that stores its notification and queues its e-mail: of several processes (or runs)
 * only the one whose insert went in sends it, and a restart finds the row. The deadline's value is part of the key,
 * so a deadline moved to another time is reminded of again.
 */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    /** deposit, name or ticketing (contract DEADLINE_KINDS). */
    deadlineKind: text('deadline_kind', { enum: ['deposit', 'name', 'ticketing'] }).notNull(),
    /** The deadline the reminder was about, as it was then. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    /** 48 or 24: which of the reminders before the deadline. */
    hoursBefore: integer('hours_before').notNull(),
    /** Who was told: an active admin, or the agent of `bookingId`. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** An agent's reminder is about one of its bookings still missing names; null for the admins' group reminders. */
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    /** When it was sent, by the job's clock. */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // coalesce: a unique key treats nulls as distinct, and NULLS NOT DISTINCT needs PostgreSQL 15.
    uniqueIndex('reminders_sent_once').on(t.groupId, t.deadlineKind, t.deadlineAt, t.hoursBefore, t.userId, sql`coalesce(${t.bookingId}, 0)`),
    check('reminders_sent_kind', sql`${t.deadlineKind} in ('deposit', 'name', 'ticketing')`),
    check('reminders_sent_hours', sql`${t.hoursBefore} in (24, 48)`),
  ],
);

export type ReminderSentRow = typeof remindersSent.$inferSelect;
export type NewReminderSentRow = typeof remindersSent.$inferInsert;
