import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { bookingCounts } from './booking-counts.table.js';

/** Queries of booking_counts (decision 045): how many bookings are in each state, kept by triggers on `bookings`. */

/** A count of the bookings matching `condition` (over booking_counts' columns), as one SQL number. */
export const countedBookings = (condition: SQL = sql`true`) =>
  sql<number>`(coalesce(sum(${bookingCounts.n}) filter (where ${condition}), 0))::int`.mapWith(Number);

/** Rows past which a read folds booking_counts into one row per key (a few hundred rows read in well under a millisecond). */
export const BOOKING_COUNTS_COMPACT_AT = 1_000;

/**
 * Folds booking_counts into one row per key with a non-zero count, in one statement: the rows it deletes are the ones
 * its snapshot sees, so rows appended meanwhile by other transactions stay as they are, and a concurrent fold skips
 * the rows this one deleted (each row is summed once). No count changes.
 */
export async function compactBookingCounts({ db }: { db: Executor }): Promise<void> {
  await db.execute(sql`with gone as (delete from ${bookingCounts} returning *)
    insert into ${bookingCounts} (agent_user_id, confirmed, cancel_status, payment_status, n)
    select agent_user_id, confirmed, cancel_status, payment_status, sum(n)::int from gone
    group by agent_user_id, confirmed, cancel_status, payment_status having sum(n) <> 0`);
}

export async function compactBookingCountsIfLong({ db, rows }: { db: Executor; rows: number }): Promise<void> {
  if (rows > BOOKING_COUNTS_COMPACT_AT) await compactBookingCounts({ db });
}
