import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { files } from '../files/files.table.js';
import { groups } from '../groups/groups.table.js';
import { users } from '../users/users.table.js';

/** 000 §3: payment_status 0 Unpaid, 1 partial, 2 Paid. */
export type PaymentStatus = 0 | 1 | 2;

/**
 * Booking (000 §3): seats of one group sold to an agent or, as a walk-in, by an admin.
 *
 * Money is whole rupees (PRODUCT §3). Which amounts are stored and which are derived (PRODUCT §4
 * "Payments and ledger": derived amounts are never out of step):
 * - total_amount is computed by the server from the counts and the unit prices copied from the group at
 *   booking time (a check constraint holds them together, so a later price change does not alter a booking);
 * - discount is set on confirmation; received_amount is the sum of the booking's live payments, rewritten
 *   from that sum (never incremented) by every payment write, in the same transaction;
 * - final_total, remaining_amount and payment_status are GENERATED columns computed by PostgreSQL from
 *   those three, so no code path can store a value that disagrees with them, and inserts cannot set them.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'restrict' }),
    /** The agent (users.id, not the Agent-{agent_id} number) charged for the booking; null for a walk-in sale. */
    agentUserId: integer('agent_user_id').references(() => users.id, { onDelete: 'restrict' }),
    /** Walk-in sale by an admin (PRODUCT §4: `agent` 0 with `walking` 1); exactly when there is no agent. */
    walking: boolean('walking').notNull().default(false),
    /** The API's confirmed 1 / 0 (Hold). */
    confirmed: boolean('confirmed').notNull().default(false),
    /** The API's cancel_status 1 cancelled. */
    cancelStatus: boolean('cancel_status').notNull().default(false),
    /** Hold expiry (000 §4); the sweeper cancels unconfirmed bookings past it (PRODUCT §4). */
    cancelAt: timestamp('cancel_at', { withTimezone: true }),
    adults: smallint('adults').notNull(),
    children: smallint('children').notNull().default(0),
    /** Infants take no seat (PRODUCT §4). */
    infants: smallint('infants').notNull().default(0),
    /** Group price and infant price when booked. */
    price: integer('price').notNull(),
    infantPrice: integer('infant_price').notNull(),
    totalAmount: integer('total_amount').notNull(),
    discount: integer('discount').notNull().default(0),
    finalTotal: integer('final_total')
      .notNull()
      .generatedAlwaysAs(sql`"total_amount" - "discount"`),
    receivedAmount: integer('received_amount').notNull().default(0),
    remainingAmount: integer('remaining_amount')
      .notNull()
      .generatedAlwaysAs(sql`"total_amount" - "discount" - "received_amount"`),
    paymentStatus: smallint('payment_status')
      .$type<PaymentStatus>()
      .notNull()
      .generatedAlwaysAs(
        sql`(case when "received_amount" >= "total_amount" - "discount" then 2 when "received_amount" > 0 then 1 else 0 end)::smallint`,
      ),
    /**
     * What an admin kept when cancelling this confirmed booking (PRODUCT §6, decision 032): its reversal credited
     * final_total minus this, so the agent still owes it. 0 unless cancelled with a charge; a re-confirmation waives it.
     */
    cancellationCharge: integer('cancellation_charge').notNull().default(0),
    /**
     * An admin's `override` let this booking's hold or confirmation pass its agent's credit limit (PRODUCT §6,
     * decision 032). Set when the override was needed, never cleared: the audit trail reads it.
     */
    creditOverride: boolean('credit_override').notNull().default(false),
    remarks: text('remarks'),
    /** Idempotency-Key header of add-booking (PRODUCT §4), unique per caller. */
    idempotencyKey: text('idempotency_key'),
    addedBy: integer('added_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    editedBy: integer('edited_by').references(() => users.id, { onDelete: 'set null' }),
    confirmedBy: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledBy: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The booking date of the lists and searches (shown in Asia/Karachi). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    // PRODUCT §4 "Booking": 1 to 5 adults, infants not more than adults, non-negative counts.
    check('bookings_counts', sql`${t.adults} between 1 and 5 and ${t.children} >= 0 and ${t.infants} between 0 and ${t.adults}`),
    check('bookings_walk_in', sql`${t.walking} = (${t.agentUserId} is null)`),
    check('bookings_prices', sql`${t.price} >= 0 and ${t.infantPrice} >= 0`),
    // Adults and children pay the group price, infants the infant price (PRODUCT §4).
    check(
      'bookings_total',
      sql`${t.totalAmount} = (${t.adults} + ${t.children}) * ${t.price} + ${t.infants} * ${t.infantPrice}`,
    ),
    check('bookings_discount', sql`${t.discount} between 0 and ${t.totalAmount}`),
    check('bookings_received', sql`${t.receivedAmount} >= 0`),
    check('bookings_cancellation_charge', sql`${t.cancellationCharge} between 0 and ${t.totalAmount} - ${t.discount}`),
    check('bookings_confirmed_at', sql`not ${t.confirmed} or ${t.confirmedAt} is not null`),
    check('bookings_cancelled_at', sql`not ${t.cancelStatus} or ${t.cancelledAt} is not null`),
    index('bookings_group_idx').on(t.groupId),
    // Sold seats of some groups (groups.repository sumSoldSeats, add-booking's count under the group lock): live
    // bookings only, with the seat counts, so PostgreSQL can answer from the index once the heap is vacuumed.
    index('bookings_live_group_idx').on(t.groupId, t.adults, t.children).where(sql`not ${t.cancelStatus}`),
    // An agent's bookings newest first, the id breaking ties (decision 073): a first page walks it in the page's order,
    // so its plan is kept whatever the agent. It replaced (agent_user_id, created_at).
    index('bookings_agent_created_id_idx').on(t.agentUserId, t.createdAt, t.id),
    index('bookings_created_idx').on(t.createdAt),
    // Insights' sales per day (decision 034): live confirmed bookings by confirmation instant.
    index('bookings_confirmed_at_idx').on(t.confirmedAt).where(sql`${t.confirmed} and not ${t.cancelStatus}`),
    // Sold seats' part that follows the clock (decision 043; the rest is group_seats): a group's holds not cancelled,
    // whose cancel_at the reader compares with now(). Holds are few (3 % of the workload's bookings).
    index('bookings_live_hold_group_idx')
      .on(t.groupId, t.cancelAt, t.adults, t.children)
      .where(sql`not ${t.confirmed} and not ${t.cancelStatus}`),
    // The hold sweeper's scan: live holds by expiry.
    index('bookings_hold_expiry_idx').on(t.cancelAt).where(sql`not ${t.confirmed} and not ${t.cancelStatus}`),
    uniqueIndex('bookings_idempotency_unique')
      .on(t.addedBy, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);

/** Passenger type (000 §3); ages on the first departure decide it (PRODUCT §4). */
export const passengerTypeEnum = pgEnum('passenger_type', ['adult', 'child', 'infant']);

/** Passenger of a booking (000 §3 booking_sub entry). */
export const bookingPassengers = pgTable(
  'booking_passengers',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** Order in the booking form, from 0. */
    position: smallint('position').notNull(),
    type: passengerTypeEnum('type').notNull(),
    /**
     * The details below are all null for a passenger booked with names later (PRODUCT §6, decision 030: 'TBA'
     * until booking-update fills them, every §4 rule applied then), and all present otherwise
     * (booking_passengers_details_all_or_none).
     */
    title: text('title'),
    /** Trimmed, inner spaces collapsed, upper-cased (PRODUCT §4). */
    firstname: text('firstname'),
    lastname: text('lastname'),
    dob: date('dob', { mode: 'string' }),
    passportNo: text('passport_no'),
    passportExpiryDate: date('passport_expiry_date', { mode: 'string' }),
    /** Passport scan, required per passenger with a name (PRODUCT §4); private file. */
    passportFileId: integer('passport_file_id').references(() => files.id, { onDelete: 'restrict' }),
    /** Visa copy, optional; private file. */
    visaFileId: integer('visa_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** The airline's 13-digit e-ticket number once issued (PRODUCT §6 "Ticket numbers"; decision 031); unique in the system. */
    ticketNo: text('ticket_no'),
  },
  (t) => [
    // 000 §5: adults Mr, Mrs, Ms; children Mstr, Miss; infants Inf.
    check(
      'booking_passengers_title',
      sql`(${t.type} = 'adult' and ${t.title} in ('Mr', 'Mrs', 'Ms')) or (${t.type} = 'child' and ${t.title} in ('Mstr', 'Miss')) or (${t.type} = 'infant' and ${t.title} = 'Inf')`,
    ),
    check(
      'booking_passengers_details_all_or_none',
      sql`(${t.title} is null and ${t.firstname} is null and ${t.lastname} is null and ${t.dob} is null and ${t.passportNo} is null and ${t.passportExpiryDate} is null and ${t.passportFileId} is null and ${t.visaFileId} is null and ${t.ticketNo} is null)
        or (${t.title} is not null and ${t.firstname} is not null and ${t.lastname} is not null and ${t.dob} is not null and ${t.passportNo} is not null and ${t.passportExpiryDate} is not null and ${t.passportFileId} is not null)`,
    ),
    uniqueIndex('booking_passengers_booking_position_unique').on(t.bookingId, t.position),
    // PNR Excel and admin search by passport number.
    index('booking_passengers_passport_no_idx').on(t.passportNo),
    // Whether a scan file is still used (deleteUnusedScanFiles) and the foreign key checks of a files delete:
    // without them each is a pass over every passenger.
    index('booking_passengers_passport_file_idx').on(t.passportFileId),
    index('booking_passengers_visa_file_idx').on(t.visaFileId).where(sql`${t.visaFileId} is not null`),
    // An e-ticket is one passenger's: the index is also what settles two imports racing for one number (decision 031).
    uniqueIndex('booking_passengers_ticket_no_unique').on(t.ticketNo),
    check('booking_passengers_ticket_no', sql`${t.ticketNo} ~ '^[0-9]{13}$'`),
  ],
);

export type BookingRow = typeof bookings.$inferSelect;
export type NewBookingRow = typeof bookings.$inferInsert;
export type BookingPassengerRow = typeof bookingPassengers.$inferSelect;
export type NewBookingPassengerRow = typeof bookingPassengers.$inferInsert;
export type PassengerType = (typeof passengerTypeEnum.enumValues)[number];

/**
 * PRODUCT §6: passengers of a booking still without a name (a select column over `bookings`, decision 030). The
 * columns are written qualified: in a select from `bookings` alone drizzle leaves table names out, and an unqualified
 * "id" inside the subquery would be the passenger's.
 */
export const missingNamesCount = sql<number>`(
  select count(*)::int from "booking_passengers" p
  where p."booking_id" = "bookings"."id" and p."firstname" is null
)`.mapWith(Number);

/**
 * A booking that holds seats: not cancelled, and not a hold whose cancel_at has passed (issue 16.14: an expired hold
 * is expired for every rule whether or not the sweeper has cancelled it yet). Starts with bookings_live_group_idx's
 * predicate so that index still serves the seat sums.
 */
export const holdsSeats = sql`not ${bookings.cancelStatus} and (${bookings.confirmed} or ${bookings.cancelAt} is null or ${bookings.cancelAt} > now())`;

/** A hold whose time is up, as every rule sees it (holdsSeats' complement among the bookings not cancelled). */
export function isExpiredHold(booking: { confirmed: boolean; cancelStatus: boolean; cancelAt: Date | null }, now: Date): boolean {
  return !booking.confirmed && !booking.cancelStatus && booking.cancelAt !== null && booking.cancelAt.getTime() <= now.getTime();
}

/**
 * Every passenger of the booking has a ticket number (a select column over `bookings`). With isTicketed it makes the
 * booking's `ticketed` flag, derived rather than stored so it can never disagree with the numbers (decision 031).
 * A count, not `not exists`: PostgreSQL may plan a `not exists` column as one hashed pass over every passenger
 * (150,000 rows for a page of 10 bookings); a count is probed per booking through its passengers' index (decision 040).
 */
export const allPassengersTicketed = sql<boolean>`(
  select count(*) from ${bookingPassengers}
  where ${bookingPassengers.bookingId} = ${bookings.id} and ${bookingPassengers.ticketNo} is null
) = 0`;

/** PRODUCT §6: a confirmed, live booking whose passengers all have ticket numbers is ticketed. */
export function isTicketed(
  booking: { confirmed: boolean; cancelStatus: boolean },
  allTicketed: boolean | null | undefined,
): boolean {
  return booking.confirmed && !booking.cancelStatus && allTicketed === true;
}
