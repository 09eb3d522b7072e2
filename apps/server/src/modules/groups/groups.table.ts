import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { airlines } from '../airlines/airlines.table.js';
import { mySectors } from '../my-sectors/my-sectors.table.js';
import { sectors } from '../sectors/sectors.table.js';
import { users } from '../users/users.table.js';

/** 001 §9: ticket_type 1 one way, 2 round trip. Kept as the contract's numbers (smallint + check), not a pgEnum. */
export type TicketType = 1 | 2;
/** 001 §9: direction 1 direct, 2 via. */
export type Direction = 1 | 2;

/** Legs a layout has (001 §2 "Trip layouts"): one-way direct 1, one-way via 2, round trip direct 2, round trip via 4. */
export function getLegCount(ticketType: TicketType, direction: Direction): 1 | 2 | 4 {
  if (ticketType === 1) return direction === 1 ? 1 : 2;
  return direction === 1 ? 2 : 4;
}

/**
 * Group (001 §3): a block of seats under one PNR. `sold` and `remaining` are derived from the bookings (PRODUCT §4
 * "Inventory"): the standing part is kept in group_seats by a database trigger (decision 043), so it cannot drift.
 */
export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    /** The airline's booking reference; stored upper-case, unique among live groups (routes address a group by it). */
    pnr: text('pnr').notNull(),
    airlineId: integer('airline_id')
      .notNull()
      .references(() => airlines.id, { onDelete: 'restrict' }),
    /** The API spells it my_section_id in one place (001 §3). */
    mySectorId: integer('my_sector_id')
      .notNull()
      .references(() => mySectors.id, { onDelete: 'restrict' }),
    ticketType: smallint('ticket_type').$type<TicketType>().notNull(),
    direction: smallint('direction').$type<Direction>().notNull(),
    /** The API's meal 1 yes / 0 no. */
    meal: boolean('meal').notNull().default(false),
    /** Seats held from the airline (T.T We Have). */
    ticketsWehave: integer('tickets_wehave').notNull(),
    /** Seats offered for sale (T.T Selling); never above tickets_wehave (PRODUCT §4). */
    totalTicket: integer('total_ticket').notNull(),
    /** Whole rupees per adult or child seat; 0 or less shows 'Fare on call' (000 §9). */
    price: integer('price').notNull().default(0),
    infantPrice: integer('infant_price').notNull().default(0),
    /** The API's close_status 1 closed / 0 open. */
    closeStatus: boolean('close_status').notNull().default(false),
    /**
     * Copy of legs[0].departure_date, kept by the group use case in the same write as the legs, so the
     * search, the open list and the "not offered after departure" rule (PRODUCT §4) use one index.
     */
    departureDate: date('departure_date', { mode: 'string' }).notNull(),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The booking dialog sends it back (000 §7 add-booking) so a stale price can be detected. */
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    /** Soft delete (deletegroup): bookings keep their group. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * PRODUCT §6 deadlines, optional instants (entered and shown in Asia/Karachi). Each is before the first
     * departure (checked with the legs' times by the contract); names not after ticketing (also a check here).
     */
    depositDeadline: timestamp('deposit_deadline', { withTimezone: true }),
    nameDeadline: timestamp('name_deadline', { withTimezone: true }),
    ticketingDeadline: timestamp('ticketing_deadline', { withTimezone: true }),
    /**
     * When the name-deadline job handled this name deadline (decision 030): set in the same transaction as its
     * cancellations, so a second run or process does nothing twice; cleared when the name deadline changes.
     */
    nameDeadlineDoneAt: timestamp('name_deadline_done_at', { withTimezone: true }),
  },
  (t) => [
    check('groups_ticket_type', sql`${t.ticketType} in (1, 2)`),
    check('groups_direction', sql`${t.direction} in (1, 2)`),
    check('groups_seats', sql`${t.totalTicket} >= 0 and ${t.totalTicket} <= ${t.ticketsWehave}`),
    check('groups_prices', sql`${t.price} >= 0 and ${t.infantPrice} >= 0`),
    check('groups_pnr_upper', sql`${t.pnr} = upper(${t.pnr}) and ${t.pnr} <> ''`),
    check(
      'groups_name_before_ticketing',
      sql`${t.nameDeadline} is null or ${t.ticketingDeadline} is null or ${t.nameDeadline} <= ${t.ticketingDeadline}`,
    ),
    // The name-deadline job's scan: live groups whose name deadline has not been handled yet.
    index('groups_name_deadline_due_idx').on(t.nameDeadline).where(sql`${t.nameDeadlineDoneAt} is null and ${t.deletedAt} is null`),
    uniqueIndex('groups_pnr_unique').on(t.pnr).where(sql`${t.deletedAt} is null`),
    // Open list, offered tickets and search: open groups ordered by first departure.
    index('groups_open_departure_idx').on(t.closeStatus, t.departureDate).where(sql`${t.deletedAt} is null`),
    index('groups_my_sector_idx').on(t.mySectorId, t.departureDate),
    index('groups_airline_idx').on(t.airlineId),
  ],
);

/**
 * Seats of a group that no clock can free (decision 043): adults + children of its bookings not cancelled that are
 * confirmed or have no cancel_at (`standing`). A group's sold seats (holdsSeats) are this plus its holds whose
 * cancel_at is still ahead, read through bookings_live_hold_group_idx; the two parts never share a booking.
 * Kept by the database itself: the trigger of migration 0012 (`group_seats_follow_bookings`) adds and subtracts each
 * booking row's standing seats on every insert, delete and change of group, counts, confirmed, cancel_status or
 * cancel_at, in the writing statement's transaction, so no write path can forget it. A group without a row has none.
 */
export const groupSeats = pgTable(
  'group_seats',
  {
    groupId: integer('group_id')
      .primaryKey()
      .references(() => groups.id, { onDelete: 'cascade' }),
    standingSeats: integer('standing_seats').notNull().default(0),
  },
  (t) => [check('group_seats_standing', sql`${t.standingSeats} >= 0`)],
);

/**
 * One leg (trip block) of a group, position 0-3 in the form's order, B-1, B-2 (001 §2-3).
 * Names are plain English here; the contract's `arivval_*` spelling is mapped at the API edge.
 */
export const groupLegs = pgTable(
  'group_legs',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id, { onDelete: 'restrict' }),
    flightNumber: text('flight_number').notNull(),
    /** Kilograms, numbers only (001 §5); the arrival baggage is the departure baggage. */
    baggageKg: smallint('baggage_kg').notNull(),
    handCarryKg: smallint('hand_carry_kg').notNull(),
    departureDate: date('departure_date', { mode: 'string' }).notNull(),
    /** Local time at the departure airport, read back as 'HH:MM:SS'. */
    departureTime: time('departure_time').notNull(),
    departureAirport: text('departure_airport').notNull(),
    departureTerminal: text('departure_terminal'),
    arrivalDate: date('arrival_date', { mode: 'string' }).notNull(),
    arrivalTime: time('arrival_time').notNull(),
    arrivalAirport: text('arrival_airport').notNull(),
    arrivalTerminal: text('arrival_terminal'),
  },
  (t) => [
    check('group_legs_position', sql`${t.position} between 0 and 3`),
    check('group_legs_baggage', sql`${t.baggageKg} >= 0 and ${t.handCarryKg} >= 0`),
    uniqueIndex('group_legs_group_position_unique').on(t.groupId, t.position),
    // Flight search by sector and date (000 §7 search-flights).
    index('group_legs_sector_date_idx').on(t.sectorId, t.departureDate),
  ],
);

export type GroupRow = typeof groups.$inferSelect;
export type NewGroupRow = typeof groups.$inferInsert;
export type GroupLegRow = typeof groupLegs.$inferSelect;
export type NewGroupLegRow = typeof groupLegs.$inferInsert;
