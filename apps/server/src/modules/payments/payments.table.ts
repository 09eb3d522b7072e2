import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { bookings } from '../bookings/bookings.table.js';
import { users } from '../users/users.table.js';

/**
 * Payment received against a confirmed booking (000 §3, PRODUCT §4). Edits and deletes are recorded
 * (edited_by, deleted_by) and deletes are soft: a deleted payment stops counting in the booking's
 * received_amount but stays visible to the audit.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    receiveDate: date('receive_date', { mode: 'string' }).notNull(),
    /** Whole rupees, more than 0 (PRODUCT §4). */
    receiveAmount: integer('receive_amount').notNull(),
    /** The description typed in the payment dialog. */
    text: text('text').notNull().default(''),
    addedBy: integer('added_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    editedBy: integer('edited_by').references(() => users.id, { onDelete: 'set null' }),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('payments_amount_positive', sql`${t.receiveAmount} > 0`),
    index('payments_booking_idx').on(t.bookingId),
    // General Report and "Last Paid" of the balance report: live payments by date.
    index('payments_receive_date_idx').on(t.receiveDate).where(sql`${t.deletedAt} is null`),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;
