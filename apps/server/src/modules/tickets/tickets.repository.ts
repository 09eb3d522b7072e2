import { and, asc, desc, eq, gte, ilike, isNull, or, type Column, type SQL, sql } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database.js';
import { preparedStatement } from '../../lib/prepared.js';
import { airlines } from '../airlines/airlines.table.js';
import { TBA_NAME } from '@portal/contract/ticketing';
import { allPassengersTicketed, bookingPassengers, bookings, missingNamesCount } from '../bookings/bookings.table.js';
import { files } from '../files/files.table.js';
import { intArrayParam, isAnyOf, isAnyOfPlaceholder, isUnexpiredHold, withSoldSeats } from '../groups/groups.repository.js';
import { groupLegs, groupSeats, groups } from '../groups/groups.table.js';
import { mySectors } from '../my-sectors/my-sectors.table.js';
import { sectors } from '../sectors/sectors.table.js';
import { users } from '../users/users.table.js';

/**
 * Queries of search and tickets. Every list is three queries whatever its length: the groups with their
 * airline, the sold seats of those groups (sumSoldSeats), then the legs of all those groups.
 */

const firstLeg = alias(groupLegs, 'first_leg');

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * The group columns a ticket card and the PNR page use (toTicket, getPnrDetails): not the whole row, whose other
 * timestamps PGlite and drizzle would decode into Dates for nothing, 174 times per search (decision 043).
 */
const ticketGroupColumns = {
  id: groups.id,
  pnr: groups.pnr,
  airlineId: groups.airlineId,
  mySectorId: groups.mySectorId,
  ticketType: groups.ticketType,
  direction: groups.direction,
  meal: groups.meal,
  totalTicket: groups.totalTicket,
  price: groups.price,
  infantPrice: groups.infantPrice,
  closeStatus: groups.closeStatus,
  departureDate: groups.departureDate,
  updatedAt: groups.updatedAt,
  nameDeadline: groups.nameDeadline,
};

/** A live group with what a ticket card needs besides its legs and sold seats. */
function selectTicketRows(db: Executor) {
  return db
    .select({
      group: ticketGroupColumns,
      airlineName: airlines.fullName,
      logoPath: files.storagePath,
    })
    .from(groups)
    .innerJoin(airlines, eq(airlines.id, groups.airlineId))
    .innerJoin(firstLeg, and(eq(firstLeg.groupId, groups.id), eq(firstLeg.position, 0)))
    .leftJoin(files, eq(files.id, airlines.logoFileId));
}

/** Offered (PRODUCT §4): open, not deleted, first departure on or after `today` (Asia/Karachi, YYYY-MM-DD). */
function offeredCondition(today: string): SQL {
  return and(eq(groups.closeStatus, false), isNull(groups.deletedAt), gte(groups.departureDate, today))!;
}

/** A leg of the group at `position` (SQL) whose sector matches `place` by airport code or city on `side`. */
function legTouches({ db, position, side, place }: { db: Executor; position: SQL; side: 'from' | 'to'; place: string }): SQL {
  const code = side === 'from' ? sectors.fromSector : sectors.toSector;
  const city = side === 'from' ? sectors.fromCity : sectors.toCity;
  return sql`exists (${db
    .select({ one: sql`1` })
    .from(groupLegs)
    .innerJoin(sectors, eq(sectors.id, groupLegs.sectorId))
    .where(and(eq(groupLegs.groupId, groups.id), sql`${groupLegs.position} = ${position}`, sql`(${code} = ${place} or ${city} = ${place})`))})`;
}

export interface OfferedTicketFilter {
  mySectorId?: number;
  /** One group (share-text, decision 026). */
  groupId?: number;
  /** First departure on exactly this day (share-text's sector form). */
  departureDate?: string;
  /**
   * Search (000 §7 search-flights): the first leg leaves from `departure` and the last outbound leg lands at
   * `arrival` (codes or cities, upper-case), first departure on or after `fromDate`.
   */
  search?: { departure: string; arrival: string; fromDate: string; airline?: string | undefined };
}

/** Offered groups, soonest first departure (date, then the first leg's time) first, with their sold seats. */
export async function listOfferedTicketRows({ db, today, filter = {} }: { db: Executor; today: string; filter?: OfferedTicketFilter }) {
  return withSoldSeats({ db, rows: await listOfferedGroupRows({ db, today, filter }) });
}

/** Offered groups in listOfferedTicketRows's order, without their sold seats (the ticket board's catalogue, decision 047). */
export async function listOfferedGroupRows({ db, today, filter = {} }: { db: Executor; today: string; filter?: OfferedTicketFilter }) {
  const conditions: SQL[] = [offeredCondition(today)];
  if (filter.mySectorId !== undefined) conditions.push(eq(groups.mySectorId, filter.mySectorId));
  if (filter.groupId !== undefined) conditions.push(eq(groups.id, filter.groupId));
  if (filter.departureDate !== undefined) conditions.push(eq(groups.departureDate, filter.departureDate));
  if (filter.search) {
    const { departure, arrival, fromDate } = filter.search;
    conditions.push(gte(groups.departureDate, fromDate));
    conditions.push(legTouches({ db, position: sql`0`, side: 'from', place: departure }));
    // The outbound journey ends at leg direction - 1 in every layout: one-way direct A-1 (0), one-way via
    // A-2 (1), round trip direct A-1 (0, B-1 is 1), round trip via A-2 (1) (001 §2 trip layouts).
    conditions.push(legTouches({ db, position: sql`${groups.direction} - 1`, side: 'to', place: arrival }));
    if (filter.search.airline) conditions.push(airlineMatches(filter.search.airline));
  }
  return selectTicketRows(db)
    .where(and(...conditions))
    .orderBy(asc(groups.departureDate), asc(firstLeg.departureTime), asc(groups.id));
}

/** The live (not deleted) group of a PNR, open or closed, flown or not. */
export async function findLiveGroupByPnr({ db, pnr }: { db: Executor; pnr: string }) {
  const [row] = await selectTicketRows(db)
    .where(and(eq(groups.pnr, pnr), isNull(groups.deletedAt)))
    .limit(1);
  if (!row) return undefined;
  const [withSold] = await withSoldSeats({ db, rows: [row] });
  return withSold;
}

export type TicketRow = NonNullable<Awaited<ReturnType<typeof findLiveGroupByPnr>>>;

/**
 * Live groups whose PNR contains `query` (any case) for the header search (decision 023): only the offered ones
 * when `offeredOnly` (an agent's search), every live one otherwise. The exact PNR first, then the offered groups
 * soonest first, then closed and flown ones latest first. At most `limit` rows.
 */
export async function searchLiveGroupsByPnr({
  db,
  query,
  today,
  offeredOnly,
  limit,
}: {
  db: Executor;
  query: string;
  today: string;
  offeredOnly: boolean;
  limit: number;
}) {
  const offered = offeredCondition(today);
  const rows = await selectTicketRows(db)
    .where(and(ilike(groups.pnr, `%${escapeLike(query)}%`), offeredOnly ? offered : isNull(groups.deletedAt)))
    .orderBy(
      desc(sql`${groups.pnr} = ${query.toUpperCase()}`),
      desc(offered),
      asc(sql`case when ${offered} then ${groups.departureDate} end`),
      desc(groups.departureDate),
      desc(groups.id),
    )
    .limit(limit);
  return withSoldSeats({ db, rows });
}

/**
 * A leg as a ticket card shows it (tickets.usecases.ts toTicketLeg): the leg's columns and its sector's names. Times
 * are 'HH:MM:SS', as PostgreSQL writes them.
 */
export type TicketLegRow = Pick<
  typeof groupLegs.$inferSelect,
  | 'groupId'
  | 'position'
  | 'flightNumber'
  | 'baggageKg'
  | 'handCarryKg'
  | 'departureDate'
  | 'departureTime'
  | 'departureAirport'
  | 'departureTerminal'
  | 'arrivalDate'
  | 'arrivalTime'
  | 'arrivalAirport'
  | 'arrivalTerminal'
> &
  Pick<typeof sectors.$inferSelect, 'sectorName' | 'fromSector' | 'toSector' | 'fromCity' | 'toCity'>;

/**
 * Legs of some groups with their sectors' names, in group and position order, as one JSON value built by the
 * database (decision 043): a row per leg (332 for a search of 174 tickets) cost PGlite's protocol decoding and
 * drizzle's mapping per column, about 10 ms of the request's CPU; one JSON text is parsed at once. Dates and
 * times come as PostgreSQL writes them in JSON ('YYYY-MM-DD', 'HH:MM:SS'), as the columns read before.
 */
export async function listTicketLegs({ db, groupIds }: { db: Executor; groupIds: number[] }): Promise<TicketLegRow[]> {
  if (groupIds.length === 0) return [];
  const fields: Record<keyof TicketLegRow, Column> = {
    groupId: groupLegs.groupId,
    position: groupLegs.position,
    flightNumber: groupLegs.flightNumber,
    baggageKg: groupLegs.baggageKg,
    handCarryKg: groupLegs.handCarryKg,
    departureDate: groupLegs.departureDate,
    departureTime: groupLegs.departureTime,
    departureAirport: groupLegs.departureAirport,
    departureTerminal: groupLegs.departureTerminal,
    arrivalDate: groupLegs.arrivalDate,
    arrivalTime: groupLegs.arrivalTime,
    arrivalAirport: groupLegs.arrivalAirport,
    arrivalTerminal: groupLegs.arrivalTerminal,
    sectorName: sectors.sectorName,
    fromSector: sectors.fromSector,
    toSector: sectors.toSector,
    fromCity: sectors.fromCity,
    toCity: sectors.toCity,
  };
  const object = sql.join(
    Object.entries(fields).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
    sql`, `,
  );
  const [row] = await db
    .select({
      legs: sql<TicketLegRow[] | null>`json_agg(json_build_object(${object}) order by ${groupLegs.groupId}, ${groupLegs.position})`,
    })
    .from(groupLegs)
    .innerJoin(sectors, eq(sectors.id, groupLegs.sectorId))
    .where(isAnyOf(groupLegs.groupId, groupIds));
  return row?.legs ?? [];
}

/** Count of offered groups per my-sector (000 §3 totalpnr). */
function offeredGroupCountSql(today: string) {
  return sql<number>`(select count(*) from ${groups} where ${groups.mySectorId} = ${mySectors.id} and ${groups.closeStatus} = false and ${groups.deletedAt} is null and ${groups.departureDate} >= ${today})`.mapWith(
    Number,
  );
}

const mySectorCardColumns = (today: string) => ({
  id: mySectors.id,
  name: mySectors.name,
  status: mySectors.status,
  imagePath: files.storagePath,
  totalpnr: offeredGroupCountSql(today),
});

/** Active, live my-sectors by name (the home page and dashboard cards). */
export async function listActiveMySectorCards({ db, today }: { db: Executor; today: string }) {
  return db
    .select(mySectorCardColumns(today))
    .from(mySectors)
    .leftJoin(files, eq(files.id, mySectors.imageFileId))
    .where(and(isNull(mySectors.deletedAt), eq(mySectors.status, true)))
    .orderBy(asc(mySectors.name), asc(mySectors.id));
}

/** Every live my-sector (active or not) as a card with its status, by name (the ticket board's, decision 047). */
export async function listLiveMySectorCards({ db, today }: { db: Executor; today: string }) {
  return db
    .select(mySectorCardColumns(today))
    .from(mySectors)
    .leftJoin(files, eq(files.id, mySectors.imageFileId))
    .where(isNull(mySectors.deletedAt))
    .orderBy(asc(mySectors.name), asc(mySectors.id));
}

/** Ids of the airlines whose full or short name contains `text` (any case): search-flights' airline filter. */
export async function listAirlineIdsMatching({ db, text }: { db: Executor; text: string }): Promise<number[]> {
  const rows = await db.select({ id: airlines.id }).from(airlines).where(airlineMatches(text));
  return rows.map((row) => row.id);
}

function airlineMatches(text: string): SQL {
  const pattern = `%${escapeLike(text)}%`;
  return or(ilike(airlines.fullName, pattern), ilike(airlines.shortName, pattern))!;
}

/**
 * What a group's sold seats are made of (decision 043), for some groups, as one JSON value: `[group id, seats, null]`
 * for its standing seats (group_seats) and `[group id, seats, cancel_at in epoch ms]` for each unexpired hold. The
 * ticket board adds the holds whose cancel_at is still ahead at the instant it answers (decision 047).
 */
export async function listSeatParts({ db, groupIds }: { db: Executor; groupIds: readonly number[] }): Promise<Array<[number, number, number | null]>> {
  if (groupIds.length === 0) return [];
  // One group, what a write's refresh mostly asks (decision 074): `= $1`, whose one plan serves any group, so the
  // database keeps it. The list form is planned per call for its length until five calls make it compare a generic
  // plan, and which lists came first decided whether it kept one (40 times slower for a short list).
  if (groupIds.length === 1) {
    const one = preparedStatement(db, 'ticket_seat_parts_one', (on) =>
      seatPartsQuery(on, (column) => eq(column, sql.placeholder('groupId'))).prepare('ticket_seat_parts_one'),
    );
    const [row] = await one.execute({ groupId: groupIds[0] });
    return row?.parts ?? [];
  }
  const query = preparedStatement(db, 'ticket_seat_parts', (on) =>
    seatPartsQuery(on, (column) => isAnyOfPlaceholder(column, 'groupIds')).prepare('ticket_seat_parts'),
  );
  const [row] = await query.execute({ groupIds: intArrayParam(groupIds) });
  return row?.parts ?? [];
}

/** listSeatParts' statement, its groups chosen by `ofGroups` on a group id column. */
function seatPartsQuery(on: Executor, ofGroups: (column: Column) => SQL) {
  const parts = unionAll(
    on
      .select({ groupId: groupSeats.groupId, seats: sql<number>`${groupSeats.standingSeats}`.as('seats'), until: sql<number | null>`null::float8`.as('until') })
      .from(groupSeats)
      .where(ofGroups(groupSeats.groupId)),
    on
      .select({
        groupId: bookings.groupId,
        seats: sql<number>`${bookings.adults} + ${bookings.children}`.as('seats'),
        until: sql<number | null>`(extract(epoch from ${bookings.cancelAt}) * 1000)::float8`.as('until'),
      })
      .from(bookings)
      .where(and(ofGroups(bookings.groupId), isUnexpiredHold)),
  ).as('parts');
  return on.select({ parts: sql<Array<[number, number, number | null]> | null>`json_agg(json_build_array(${parts.groupId}, ${parts.seats}, ${parts.until}))` }).from(parts);
}

/** A live my-sector (active or not) as a card. */
export async function findLiveMySectorCard({ db, id, today }: { db: Executor; id: number; today: string }) {
  const [row] = await db
    .select(mySectorCardColumns(today))
    .from(mySectors)
    .leftJoin(files, eq(files.id, mySectors.imageFileId))
    .where(and(eq(mySectors.id, id), isNull(mySectors.deletedAt)))
    .limit(1);
  return row;
}

export type MySectorCardRow = NonNullable<Awaited<ReturnType<typeof findLiveMySectorCard>>>;

/** Passenger names of a booking, 'Mr JOHN SMITH' ('TBA' before names later are given), in form order (one correlated subquery per row, one statement). */
const passengerNamesSql = sql<string[] | null>`(select json_agg(coalesce(${bookingPassengers.title} || ' ' || ${bookingPassengers.firstname} || ' ' || ${bookingPassengers.lastname}, ${TBA_NAME}::text) order by ${bookingPassengers.position}) from ${bookingPassengers} where ${bookingPassengers.bookingId} = ${bookings.id})`;

/** Every booking of a group, cancelled or not, oldest first, with its agent and passenger names. */
export async function listGroupBookings({ db, groupId }: { db: Executor; groupId: number }) {
  return db
    .select({
      booking: bookings,
      agentName: users.name,
      agencyName: users.agencyName,
      agentNumber: users.agentId,
      passengerNames: passengerNamesSql,
      allTicketed: allPassengersTicketed,
      missingNames: missingNamesCount,
    })
    .from(bookings)
    .leftJoin(users, eq(users.id, bookings.agentUserId))
    .where(eq(bookings.groupId, groupId))
    .orderBy(asc(bookings.createdAt), asc(bookings.id));
}

export type GroupBookingRow = Awaited<ReturnType<typeof listGroupBookings>>[number];
