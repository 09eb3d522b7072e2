import { boolean, index, integer, pgTable, smallint } from 'drizzle-orm/pg-core';
import type { PaymentStatus } from '../bookings/bookings.table.js';

/**
 * How many bookings there are in each state, per agent (decision 045): the dashboard's all-time counts, the total of
 * Payments Due and the totals of the unfiltered booking lists read these few rows instead of counting every booking.
 *
 * Written only by the database: triggers on `bookings` (migration 0011) append one row per changed key in the same
 * transaction as the booking write, +n for bookings that entered the key and -n for those that left it, so no write
 * path can forget it and two writes never wait for each other on a shared counter row (appends take no row lock).
 * A key's count is the sum of its rows; `compactBookingCounts` folds the rows into one per key from time to time.
 */
export const bookingCounts = pgTable(
  'booking_counts',
  {
    /** bookings.agent_user_id, 0 for walk-in sales. */
    agentUserId: integer('agent_user_id').notNull(),
    confirmed: boolean('confirmed').notNull(),
    cancelStatus: boolean('cancel_status').notNull(),
    paymentStatus: smallint('payment_status').$type<PaymentStatus>().notNull(),
    /** Bookings added to (positive) or removed from (negative) this key. */
    n: integer('n').notNull(),
  },
  (t) => [index('booking_counts_agent_idx').on(t.agentUserId)],
);
