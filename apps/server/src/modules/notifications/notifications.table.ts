import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { bookings } from '../bookings/bookings.table.js';
import { users } from '../users/users.table.js';

/**
 * Notification stored per recipient and pushed on userchannel-{user_id} as {name, message, image, src}
 * (PRODUCT §4 "Notifications"). The badge counts unread rows.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderUserId: integer('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The event's src: the booking the notification links to (/dashboard/book/{src}). */
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    /** The sender's display name when sent. */
    name: text('name').notNull(),
    message: text('message').notNull(),
    /** Public URL path of the sender's image when sent, if any. */
    image: text('image'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;
