import { bigint, date, index, pgTable } from 'drizzle-orm/pg-core';

/**
 * Each Karachi day's sales and receipts (decision 061), for the insights' Sales and receipts report: the final totals
 * of the live confirmed bookings confirmed that day and the live payments received that day.
 *
 * Written only by the database: triggers on `bookings` and `payments` (migration 0015) append one row per day a write
 * changed, with what it added (positive) or took away (negative), in the same transaction as the write, so no write
 * path can forget it and two writes never wait for each other on a shared row (appends take no row lock). A day's
 * figures are the sums of its rows; `compactDayTotals` folds the rows into one per day from time to time.
 */
export const dayTotals = pgTable(
  'day_totals',
  {
    /** The Karachi day: bookings.confirmed_at's date in Asia/Karachi, or payments.receive_date. */
    day: date('day', { mode: 'string' }).notNull(),
    /** Final totals (PKR) added to or taken from the day's sales. */
    sales: bigint('sales', { mode: 'number' }).notNull(),
    /** Payment amounts (PKR) added to or taken from the day's receipts. */
    receipts: bigint('receipts', { mode: 'number' }).notNull(),
  },
  (t) => [index('day_totals_day_idx').on(t.day)],
);
