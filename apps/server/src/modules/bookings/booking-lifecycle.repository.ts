import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, notExists, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database.js';
import { fixedStatement, preparedStatement, runFixedStatement, type FixedRun, type FixedStatement } from '../../lib/prepared.js';
import { airlines } from '../airlines/airlines.table.js';
import { files } from '../files/files.table.js';
import { groupLegs, groups, type GroupRow } from '../groups/groups.table.js';
import { intArrayParam, isAnyOfPlaceholder } from '../groups/groups.repository.js';
import { ledgerEntries, type NewLedgerEntryRow } from '../ledger/ledger.table.js';
import { payments } from '../payments/payments.table.js';
import { sectors } from '../sectors/sectors.table.js';
import { users } from '../users/users.table.js';
import { compactBookingCountsIfLong, countedBookings } from '../dashboard/booking-counts.repository.js';
import { bookingCounts } from '../dashboard/booking-counts.table.js';
import { TBA_NAME } from '@portal/contract/ticketing';
import { allPassengersTicketed, bookingPassengers, bookings, holdsSeats, missingNamesCount, type BookingPassengerRow, type BookingRow, type NewBookingRow } from './bookings.table.js';

/**
 * Queries of the bookings lists, details and lifecycle (issue 4). Every function takes the database or the
 * use case's transaction; a transaction runs its queries one at a time, so none is issued in parallel.
 */

const agentUsers = alias(users, 'agent_user');
const addedByUsers = alias(users, 'added_by_user');
const editedByUsers = alias(users, 'edited_by_user');
const confirmedByUsers = alias(users, 'confirmed_by_user');
const cancelledByUsers = alias(users, 'cancelled_by_user');

/** Which bookings a list holds (000 §2, §4 states; PRODUCT §4 payment status). */
export type BookingStateFilter = 'hold' | 'confirmed' | 'cancelled' | 'unpaid';

export interface BookingListFilter {
  /** Only this agent's bookings (users.id). */
  agentUserId?: number | undefined;
  /** Only the bookings of the agent with this number ("Agent-{agent_id}"). */
  agentNumber?: number | undefined;
  state?: BookingStateFilter | undefined;
  /** Contains, any case. */
  pnr?: string | undefined;
  /** YYYY-MM-DD: the Asia/Karachi day of created_at. */
  bookingDate?: string | undefined;
  /** Contains, any case, in the agent's name or agency name. */
  agentName?: string | undefined;
  /** Contains, any case, in any passenger's 'FIRST LAST' or 'LAST FIRST' (inner spaces collapsed). */
  passengerName?: string | undefined;
  /** Exactly this booking. */
  bookingId?: number | undefined;
  /** YYYY-MM-DD, both included: the Asia/Karachi day of created_at (the General Report's range, decision 022). */
  bookedFrom?: string | undefined;
  bookedTo?: string | undefined;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function stateCondition(state: BookingStateFilter): SQL {
  switch (state) {
    case 'hold':
      return and(eq(bookings.confirmed, false), holdsSeats)!;
    case 'confirmed':
      return and(eq(bookings.confirmed, true), eq(bookings.cancelStatus, false))!;
    case 'cancelled':
      // An expired hold is listed as cancelled before the sweeper gets to it (issue 16.14).
      return sql`not (${holdsSeats})`;
    case 'unpaid':
      return and(eq(bookings.confirmed, true), eq(bookings.cancelStatus, false), lt(bookings.paymentStatus, 2))!;
  }
}

function listCondition(filter: BookingListFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.agentUserId !== undefined) conditions.push(eq(bookings.agentUserId, filter.agentUserId));
  if (filter.agentNumber !== undefined) conditions.push(eq(agentUsers.agentId, filter.agentNumber));
  if (filter.state) conditions.push(stateCondition(filter.state));
  if (filter.pnr) conditions.push(ilike(groups.pnr, `%${escapeLike(filter.pnr)}%`));
  conditions.push(...bookedWithin({ from: filter.bookingDate ?? filter.bookedFrom, to: filter.bookingDate ?? filter.bookedTo }));
  if (filter.agentName) {
    const pattern = `%${escapeLike(filter.agentName)}%`;
    conditions.push(or(ilike(agentUsers.name, pattern), ilike(agentUsers.agencyName, pattern))!);
  }
  if (filter.passengerName) conditions.push(hasPassengerNamed(filter.passengerName));
  if (filter.bookingId !== undefined) conditions.push(eq(bookings.id, filter.bookingId));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Booked on Karachi days from..to (both included, either open): an instant range, so the created_at index serves it. */
export function bookedWithin({ from, to }: { from?: string | undefined; to?: string | undefined }): SQL[] {
  const conditions: SQL[] = [];
  if (from) conditions.push(sql`${bookings.createdAt} >= (${from}::date::timestamp at time zone 'Asia/Karachi')`);
  if (to) conditions.push(sql`${bookings.createdAt} < ((${to}::date + 1)::timestamp at time zone 'Asia/Karachi')`);
  return conditions;
}

/** Names are stored upper-case with single spaces (PRODUCT §4), so the typed name is folded the same way. */
function hasPassengerNamed(name: string): SQL {
  const pattern = `%${escapeLike(name.replace(/\s+/g, ' ').trim())}%`;
  return sql`exists (
    select 1 from ${bookingPassengers}
    where ${bookingPassengers.bookingId} = ${bookings.id}
      and (${bookingPassengers.firstname} || ' ' || ${bookingPassengers.lastname} ilike ${pattern}
        or ${bookingPassengers.lastname} || ' ' || ${bookingPassengers.firstname} ilike ${pattern})
  )`;
}

/** The first passenger's title and names, in booking order ('Mr JOHN SMITH'; 'TBA' before names later are given, PRODUCT §6). */
const firstPassengerName = sql<string | null>`(
  select coalesce(${bookingPassengers.title} || ' ' || ${bookingPassengers.firstname} || ' ' || ${bookingPassengers.lastname}, ${TBA_NAME}::text)
  from ${bookingPassengers}
  where ${bookingPassengers.bookingId} = ${bookings.id}
  order by ${bookingPassengers.position}
  limit 1
)`;

/** The agent and the passengers' summary of a booking: the detail and the list rows show them alike. */
const agentAndPassengerFields = {
  agentName: agentUsers.name,
  agencyName: agentUsers.agencyName,
  agentNumber: agentUsers.agentId,
  firstPassengerName,
  allTicketed: allPassengersTicketed,
  missingNames: missingNamesCount,
};

/** A booking with its group, airline and agent: what the detail needs. */
function selectBookingRows(db: Executor) {
  return db
    .select({
      booking: bookings,
      group: groups,
      airlineId: airlines.id,
      airlineName: airlines.fullName,
      logoPath: files.storagePath,
      ...agentAndPassengerFields,
    })
    .from(bookings)
    .innerJoin(groups, eq(groups.id, bookings.groupId))
    .innerJoin(airlines, eq(airlines.id, groups.airlineId))
    .leftJoin(files, eq(files.id, airlines.logoFileId))
    .leftJoin(agentUsers, eq(agentUsers.id, bookings.agentUserId));
}

/**
 * The outbound journey of the group, first departure to last outbound arrival ('LHE - JED'; '' without legs): the
 * outbound part ends at leg direction - 1 in every layout (001 §2 trip layouts), or at the last leg when there are
 * fewer, as getOutboundSector (booking-lists.usecases.ts) reads it from the legs of the detail.
 */
const outboundSector = sql<string>`coalesce((
  select (array_agg(${sectors.fromSector} order by ${groupLegs.position}))[1] || ' - '
    || (array_agg(${sectors.toSector} order by ${groupLegs.position}))[greatest(least(${groups.direction}, count(*)::int), 1)]
  from ${groupLegs} inner join ${sectors} on ${sectors.id} = ${groupLegs.sectorId}
  where ${groupLegs.groupId} = ${groups.id}
), '')`;

/**
 * What a list row shows (booking-lists.usecases.ts toListRow), in one statement (decision 056): only the columns it
 * reads, the airline and its logo as look-ups and the sector from the legs, so the planner of the embedded database
 * (which plans every statement anew) searches two joins instead of four and no second statement reads the legs.
 */
const listRowFields = {
  booking: {
    id: bookings.id,
    agentUserId: bookings.agentUserId,
    walking: bookings.walking,
    confirmed: bookings.confirmed,
    cancelStatus: bookings.cancelStatus,
    cancelAt: bookings.cancelAt,
    adults: bookings.adults,
    children: bookings.children,
    infants: bookings.infants,
    totalAmount: bookings.totalAmount,
    discount: bookings.discount,
    finalTotal: bookings.finalTotal,
    receivedAmount: bookings.receivedAmount,
    remainingAmount: bookings.remainingAmount,
    paymentStatus: bookings.paymentStatus,
    createdAt: bookings.createdAt,
    updatedAt: bookings.updatedAt,
  },
  group: { id: groups.id, pnr: groups.pnr, departureDate: groups.departureDate },
  airlineName: sql<string>`(select ${airlines.fullName} from ${airlines} where ${airlines.id} = ${groups.airlineId})`,
  logoPath: sql<string | null>`(
    select ${files.storagePath} from ${airlines} inner join ${files} on ${files.id} = ${airlines.logoFileId}
    where ${airlines.id} = ${groups.airlineId}
  )`,
  ...agentAndPassengerFields,
  sector: outboundSector,
};

function selectListRows(db: Executor) {
  return db
    .select(listRowFields)
    .from(bookings)
    .innerJoin(groups, eq(groups.id, bookings.groupId))
    .leftJoin(agentUsers, eq(agentUsers.id, bookings.agentUserId));
}

export type BookingListSqlRow = Awaited<ReturnType<ReturnType<typeof selectListRows>['execute']>>[number];

/** Nothing but (at most) the agent narrows the list: every booking, or one agent's. */
function isOnlyAgent(filter: BookingListFilter): boolean {
  const { agentUserId: _agent, ...narrowing } = filter;
  return Object.values(narrowing).every((value) => value === undefined);
}

/** Newest first; the id breaks ties so pages never overlap. */
export async function listBookings({
  db,
  filter,
  limit,
  offset,
}: {
  db: Executor;
  filter: BookingListFilter;
  limit: number;
  offset: number;
}) {
  if (isOnlyAgent(filter)) {
    const { agentUserId } = filter;
    const [page] =
      agentUserId === undefined
        ? await runFixedStatement<BookingPageJson>(db, bookingPage(false, limit, offset)(db), { limit, offset })
        : await runFixedStatement<BookingPageJson>(db, bookingPage(true, limit, offset)(db), { agentUserId, limit, offset });
    if (!page) throw new Error('the bookings page statement answered no row');
    await compactBookingCountsIfLong({ db, rows: page.counted_rows });
    return { rows: (page.page_rows ?? []).map(toBookingListSqlRow), total: page.counted_total };
  }
  const where = listCondition(filter);
  const rows = await selectListRows(db).where(where).orderBy(desc(bookings.createdAt), desc(bookings.id)).limit(limit).offset(offset);
  return { rows, total: await countBookings({ db, where, filter }) };
}

/**
 * A list row's values as one JSON array, in toBookingListSqlRow's order (decision 068): the fields listRowFields selects,
 * timestamps and dates as PostgreSQL's text (what the drivers hand Drizzle, which makes the same Dates of it).
 */
const bookingPageRowValues = sql`json_build_array(
  ${bookings.id}, ${bookings.agentUserId}, ${bookings.walking}, ${bookings.confirmed}, ${bookings.cancelStatus}, ${bookings.cancelAt}::text,
  ${bookings.adults}, ${bookings.children}, ${bookings.infants}, ${bookings.totalAmount}, ${bookings.discount}, ${bookings.finalTotal},
  ${bookings.receivedAmount}, ${bookings.remainingAmount}, ${bookings.paymentStatus}, ${bookings.createdAt}::text, ${bookings.updatedAt}::text,
  ${groups.id}, ${groups.pnr}, ${groups.departureDate}::text, ${listRowFields.airlineName}, ${listRowFields.logoPath},
  ${agentUsers.name}, ${agentUsers.agencyName}, ${agentUsers.agentId}, ${firstPassengerName}, ${allPassengersTicketed}, ${missingNamesCount},
  ${outboundSector}
)`;

/** bookingPageRowValues' values by type, line for line as the SQL lists them (toBookingListSqlRow names them). */
type BookingPageRowValues = [
  ...[number, number | null, boolean, boolean, boolean, string | null],
  ...[number, number, number, number, number, number],
  ...[number, number, BookingRow['paymentStatus'], string, string],
  ...[number, string, string, string, string | null],
  ...[string | null, string | null, number | null, string | null, boolean, number],
  string,
];

/** What a bookings page statement answers: its rows (null when the page is past the end) and the booking_counts total. */
interface BookingPageJson {
  counted_total: number;
  /** How many booking_counts rows the total read (compactBookingCountsIfLong). */
  counted_rows: number;
  page_rows: BookingPageRowValues[] | null;
}

/**
 * A page row as selectListRows maps it (the Dates made from the same text, as Drizzle's timestamp columns do). Rows
 * travel as arrays, not objects keyed by these names: keyed rows cost own bookings 0.23 ms more a request (3.57-3.65
 * -> 3.80-3.88 ms of server CPU, measured in turn), a third of what decision 068 saved.
 */
function toBookingListSqlRow(values: BookingPageRowValues): BookingListSqlRow {
  const [
    id,
    agentUserId,
    walking,
    confirmed,
    cancelStatus,
    cancelAt,
    adults,
    children,
    infants,
    totalAmount,
    discount,
    finalTotal,
    receivedAmount,
    remainingAmount,
    paymentStatus,
    createdAt,
    updatedAt,
    groupId,
    pnr,
    departureDate,
    airlineName,
    logoPath,
    agentName,
    agencyName,
    agentNumber,
    firstPassengerName,
    allTicketed,
    missingNames,
    sector,
  ] = values;
  return {
    booking: {
      id,
      agentUserId,
      walking,
      confirmed,
      cancelStatus,
      cancelAt: cancelAt === null ? null : new Date(cancelAt),
      adults,
      children,
      infants,
      totalAmount,
      discount,
      finalTotal,
      receivedAmount,
      remainingAmount,
      paymentStatus,
      createdAt: new Date(createdAt),
      updatedAt: new Date(updatedAt),
    },
    group: { id: groupId, pnr, departureDate },
    airlineName,
    logoPath,
    agentName,
    agencyName,
    agentNumber,
    firstPassengerName,
    allTicketed,
    missingNames,
    sector,
  };
}

/**
 * A page of bookings, newest first (the id breaks ties), nothing but the agent narrowing it, with the total of
 * booking_counts (decision 045) for the same bookings, in one statement and one snapshot (decision 056). The page is
 * one JSON value (decision 068): on the embedded database every column of every row was a value its protocol reader
 * decoded on the serving thread (a 20-row page, 33 columns: about as long as running the statement), and Drizzle then
 * mapped each row; one value is one decode and one JSON.parse. A fixed statement: built once, named on PostgreSQL,
 * PREPAREd on PGlite.
 */
function bookingPageStatement(name: string, oneAgent: boolean, firstPage?: { limit: number }) {
  return fixedStatement(name, () => {
    const counted = oneAgent ? sql`${bookingCounts.agentUserId} = ${sql.placeholder('agentUserId')}` : sql`true`;
    const where = oneAgent ? sql`where ${bookings.agentUserId} = ${sql.placeholder('agentUserId')}` : sql``;
    return sql`select
      (select ${countedBookings()} from ${bookingCounts} where ${counted}) as counted_total,
      (select count(*)::int from ${bookingCounts} where ${counted}) as counted_rows,
      (select json_agg(page.row_values order by page.created_at desc, page.id desc) from (
        select ${bookingPageRowValues} as row_values, ${bookings.createdAt} as created_at, ${bookings.id} as id
          from ${bookings}
          inner join ${groups} on ${groups.id} = ${bookings.groupId}
          left join ${users} "agent_user" on ${agentUsers.id} = ${bookings.agentUserId}
          ${where}
         order by ${bookings.createdAt} desc, ${bookings.id} desc
         ${firstPage ? sql`limit ${sql.raw(String(firstPage.limit))}` : sql`limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`}
      ) page) as page_rows`;
  });
}

/**
 * One agent's bookings: what an agent's own bookings screen asks on every visit (agnetlistofbookings, the mixed
 * workload's "own bookings").
 */
const ownBookingsPage = bookingPageStatement('own_bookings_page', true);

/** Every booking: the administrator's all bookings screen unfiltered (listofbookings). */
const everyBookingPage = bookingPageStatement('every_booking_page', false);

/**
 * First pages, by page size (decision 073): the limit in the text and no offset, so the statement's only parameter is
 * the agent (none for every booking). PostgreSQL then plans it once per connection, where with a limit and an offset
 * it did not know it planned it again on every call (1.1 ms, as long as the run). For one agent the plan it keeps
 * walks bookings_agent_created_id_idx in the page's order; before that index, it was bookings_created_idx, scanned
 * until 20 of the agent's bookings, every booking for an agent with a few old ones.
 */
const firstPages = new Map<string, (db: Executor) => FixedStatement>();
/** Page sizes given a first-page statement; another size uses the general one (the sizes are the routes' constants). */
const FIRST_PAGE_SIZES_MAX = 4;

function bookingPage(oneAgent: boolean, limit: number, offset: number): (db: Executor) => FixedStatement {
  const general = oneAgent ? ownBookingsPage : everyBookingPage;
  if (offset !== 0 || !Number.isSafeInteger(limit) || limit < 1) return general;
  const name = `${oneAgent ? 'own_bookings' : 'every_booking'}_first_${limit}`;
  let statement = firstPages.get(name);
  if (!statement) {
    if (firstPages.size >= FIRST_PAGE_SIZES_MAX * 2) return general;
    statement = bookingPageStatement(name, oneAgent, { limit });
    firstPages.set(name, statement);
  }
  return statement;
}

/**
 * How many bookings match: joins only what the filter reads. Every booking has exactly one group (not null, foreign
 * key) and at most one agent, so neither join changes the count, but the planner cannot drop the inner one and
 * joined every booking to its group for nothing.
 */
async function countBookings({ db, filter, where }: { db: Executor; filter: BookingListFilter; where: SQL | undefined }): Promise<number> {
  let query = db.select({ value: count() }).from(bookings).$dynamic();
  if (filter.pnr) query = query.innerJoin(groups, eq(groups.id, bookings.groupId));
  if (filter.agentNumber !== undefined || filter.agentName) query = query.leftJoin(agentUsers, eq(agentUsers.id, bookings.agentUserId));
  const [total] = await query.where(where);
  return Number(total?.value ?? 0);
}

/** Every booking of a filter, newest first, unpaged: the General Report's lists (issue 5). */
export async function listAllBookings({ db, filter }: { db: Executor; filter: BookingListFilter }): Promise<BookingListSqlRow[]> {
  return selectListRows(db).where(listCondition(filter)).orderBy(desc(bookings.createdAt), desc(bookings.id));
}

/**
 * The header search's bookings (contract search.ts, decision 023): the PNR contains `query`, the booking's number
 * is `query`, or a passenger's name (first then last, or last then first) contains it or its passport number is it;
 * only `agentUserId`'s bookings when given. Newest first, at most `limit`. The passenger match is one pass over the
 * passengers (a hashed semi-join), not a probe per booking.
 */
export async function searchBookings({
  db,
  query,
  agentUserId,
  limit,
}: {
  db: Executor;
  query: string;
  agentUserId: number | undefined;
  limit: number;
}): Promise<BookingListSqlRow[]> {
  const pattern = `%${escapeLike(query)}%`;
  const passengerMatches = db
    .select({ bookingId: bookingPassengers.bookingId })
    .from(bookingPassengers)
    .where(
      or(
        ilike(sql`${bookingPassengers.firstname} || ' ' || ${bookingPassengers.lastname}`, pattern),
        ilike(sql`${bookingPassengers.lastname} || ' ' || ${bookingPassengers.firstname}`, pattern),
        eq(bookingPassengers.passportNo, query.toUpperCase()),
      ),
    );
  const matches: SQL[] = [ilike(groups.pnr, pattern), inArray(bookings.id, passengerMatches)];
  const id = /^\d{1,9}$/.test(query) ? Number(query) : undefined;
  if (id !== undefined) matches.push(eq(bookings.id, id));
  return selectListRows(db)
    .where(and(agentUserId === undefined ? undefined : eq(bookings.agentUserId, agentUserId), or(...matches)))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(limit);
}

export async function findBookingWithGroup({ db, bookingId }: { db: Executor; bookingId: number }) {
  const query = preparedStatement(db, 'lifecycle_booking_with_group', (on) =>
    selectBookingRows(on).where(eq(bookings.id, sql.placeholder('bookingId'))).limit(1).prepare('lifecycle_booking_with_group'),
  );
  const [row] = await query.execute({ bookingId });
  return row;
}

/** Names of who added, edited, confirmed and cancelled a booking. */
export async function findBookingPeople({ db, bookingId }: { db: Executor; bookingId: number }) {
  const query = preparedStatement(db, 'lifecycle_booking_people', (on) =>
    on
      .select({
        addedBy: addedByUsers.name,
        editedBy: editedByUsers.name,
        confirmedBy: confirmedByUsers.name,
        cancelledBy: cancelledByUsers.name,
      })
      .from(bookings)
      .leftJoin(addedByUsers, eq(addedByUsers.id, bookings.addedBy))
      .leftJoin(editedByUsers, eq(editedByUsers.id, bookings.editedBy))
      .leftJoin(confirmedByUsers, eq(confirmedByUsers.id, bookings.confirmedBy))
      .leftJoin(cancelledByUsers, eq(cancelledByUsers.id, bookings.cancelledBy))
      .where(eq(bookings.id, sql.placeholder('bookingId')))
      .limit(1)
      .prepare('lifecycle_booking_people'),
  );
  const [row] = await query.execute({ bookingId });
  return row;
}

/** Legs of some groups with their sector codes, in position order. */
export async function listLegs({ db, groupIds }: { db: Executor; groupIds: number[] }) {
  if (groupIds.length === 0) return [];
  const query = preparedStatement(db, 'lifecycle_legs', (on) =>
    on
      .select({ leg: groupLegs, sectorName: sectors.sectorName, fromSector: sectors.fromSector, toSector: sectors.toSector })
      .from(groupLegs)
      .innerJoin(sectors, eq(sectors.id, groupLegs.sectorId))
      .where(isAnyOfPlaceholder(groupLegs.groupId, 'groupIds'))
      .orderBy(asc(groupLegs.groupId), asc(groupLegs.position))
      .prepare('lifecycle_legs'),
  );
  return query.execute({ groupIds: intArrayParam(groupIds) });
}

export type LegWithSector = Awaited<ReturnType<typeof listLegs>>[number];

export async function listPassengers({ db, bookingId }: { db: Executor; bookingId: number }): Promise<BookingPassengerRow[]> {
  const query = preparedStatement(db, 'lifecycle_passengers', (on) =>
    on
      .select()
      .from(bookingPassengers)
      .where(eq(bookingPassengers.bookingId, sql.placeholder('bookingId')))
      .orderBy(asc(bookingPassengers.position))
      .prepare('lifecycle_passengers'),
  );
  return query.execute({ bookingId });
}

const paymentAddedBy = alias(users, 'payment_added_by');
const paymentEditedBy = alias(users, 'payment_edited_by');

/** Live (not deleted) payments, oldest first, with who added and edited them. */
export async function listLivePayments({ db, bookingId }: { db: Executor; bookingId: number }) {
  return db
    .select({ payment: payments, addedBy: paymentAddedBy.name, editedBy: paymentEditedBy.name })
    .from(payments)
    .leftJoin(paymentAddedBy, eq(paymentAddedBy.id, payments.addedBy))
    .leftJoin(paymentEditedBy, eq(paymentEditedBy.id, payments.editedBy))
    .where(and(eq(payments.bookingId, bookingId), isNull(payments.deletedAt)))
    .orderBy(asc(payments.receiveDate), asc(payments.id));
}

// ---- Locks and writes -------------------------------------------------------------------------------------

/** The booking's group id without a lock: which group to lock first (groups before bookings, as add-booking does). */
export async function findBookingGroupId({ db, bookingId }: { db: Executor; bookingId: number }): Promise<number | undefined> {
  const query = preparedStatement(db, 'lifecycle_booking_group_id', (on) =>
    on.select({ groupId: bookings.groupId }).from(bookings).where(eq(bookings.id, sql.placeholder('bookingId'))).limit(1).prepare('lifecycle_booking_group_id'),
  );
  const [row] = await query.execute({ bookingId });
  return row?.groupId;
}

/** The group row locked until the transaction ends, deleted or not (a cancelled booking may outlive its group). */
export async function lockGroupRow({ db, groupId }: { db: Executor; groupId: number }): Promise<GroupRow | undefined> {
  const query = preparedStatement(db, 'lifecycle_group_row_lock', (on) =>
    on.select().from(groups).where(eq(groups.id, sql.placeholder('groupId'))).for('update').limit(1).prepare('lifecycle_group_row_lock'),
  );
  const [row] = await query.execute({ groupId });
  return row;
}

/** The booking row locked until the transaction ends: a concurrent confirm or cancel waits, then sees this one's result. */
export async function lockBooking({ db, bookingId }: { db: Executor; bookingId: number }): Promise<BookingRow | undefined> {
  const query = preparedStatement(db, 'lifecycle_booking_lock', (on) =>
    on.select().from(bookings).where(eq(bookings.id, sql.placeholder('bookingId'))).for('update').limit(1).prepare('lifecycle_booking_lock'),
  );
  const [row] = await query.execute({ bookingId });
  return row;
}

/**
 * lockGroupRow as a fixed run (decisions 048, 069): the group's lock in a message with the statements after it. Reads
 * nothing: a deleted group is locked too.
 */
export function lockGroupRowRun(groupId: number): FixedRun<void> {
  return { statement: lockGroupRowStatement, values: { groupId }, read: () => undefined };
}

const lockGroupRowStatement = fixedStatement(
  'lifecycle_group_lock',
  () => sql`select ${groups.id} from ${groups} where ${groups.id} = ${sql.placeholder('groupId')}::int for update`,
);

/** What a cancel decides on (cancelBooking): the booking's owner, state and final total. */
export interface BookingToCancel {
  agentUserId: number | null;
  confirmed: boolean;
  cancelStatus: boolean;
  finalTotal: number;
}

/** lockBooking for a cancel, as a fixed run: the booking row locked, read as cancelBooking needs it; undefined when there is none. */
export function lockBookingToCancelRun(bookingId: number): FixedRun<BookingToCancel | undefined> {
  type Raw = { agent_user_id: number | null; confirmed: boolean; cancel_status: boolean; final_total: number };
  const read = ([row]: Raw[]): BookingToCancel | undefined =>
    row && {
      agentUserId: row.agent_user_id === null ? null : Number(row.agent_user_id),
      confirmed: row.confirmed,
      cancelStatus: row.cancel_status,
      finalTotal: Number(row.final_total),
    };
  return { statement: lockBookingToCancelStatement, values: { bookingId }, read };
}

const lockBookingToCancelStatement = fixedStatement(
  'cancel_booking_lock',
  () => sql`select ${bookings.agentUserId} as agent_user_id, ${bookings.confirmed} as confirmed, ${bookings.cancelStatus} as cancel_status,
      ${bookings.finalTotal} as final_total
    from ${bookings} where ${bookings.id} = ${sql.placeholder('bookingId')}::int for update`,
);

/** The cancel itself (PRODUCT §4): who, when and the charge the booking keeps; updated_at as Drizzle's $onUpdate sets it. */
export function cancelBookingRowRun(cancel: { bookingId: number; cancelledBy: number; cancelledAt: Date; cancellationCharge: number }): FixedRun<void> {
  const values = {
    bookingId: cancel.bookingId,
    cancelledBy: cancel.cancelledBy,
    cancelledAt: cancel.cancelledAt.toISOString(),
    cancellationCharge: cancel.cancellationCharge,
    updatedAt: new Date().toISOString(),
  };
  return { statement: cancelBookingRowStatement, values, read: () => undefined };
}

const cancelBookingRowStatement = fixedStatement(
  'cancel_booking_update',
  () => sql`update ${bookings} set cancel_status = true, cancellation_charge = ${sql.placeholder('cancellationCharge')}::int,
      cancelled_by = ${sql.placeholder('cancelledBy')}::int, cancelled_at = ${sql.placeholder('cancelledAt')}::timestamptz,
      updated_at = ${sql.placeholder('updatedAt')}::timestamptz
    where ${bookings.id} = ${sql.placeholder('bookingId')}::int`,
);

/** The seats the group's live bookings hold (PRODUCT §4: infants take no seat; decision 043). */
export { countSoldSeats } from '../groups/groups.repository.js';

export async function updateBooking({
  db,
  bookingId,
  values,
}: {
  db: Executor;
  bookingId: number;
  values: Partial<NewBookingRow>;
}): Promise<BookingRow> {
  const [row] = await db.update(bookings).set(values).where(eq(bookings.id, bookingId)).returning();
  return row!;
}

export async function insertPayment({
  db,
  payment,
}: {
  db: Executor;
  payment: typeof payments.$inferInsert;
}): Promise<number> {
  const [row] = await db.insert(payments).values(payment).returning({ id: payments.id });
  return row!.id;
}

/** received_amount is rewritten from the sum of live payments, never incremented (bookings.table.ts). */
export async function refreshReceivedAmount({ db, bookingId }: { db: Executor; bookingId: number }): Promise<BookingRow> {
  const [row] = await db
    .update(bookings)
    .set({
      receivedAmount: sql`(select coalesce(sum(${payments.receiveAmount}), 0)::int from ${payments} where ${payments.bookingId} = ${bookingId} and ${payments.deletedAt} is null)`,
    })
    .where(eq(bookings.id, bookingId))
    .returning();
  return row!;
}

export async function insertLedgerEntries({ db, entries }: { db: Executor; entries: NewLedgerEntryRow[] }): Promise<void> {
  if (entries.length > 0) await db.insert(ledgerEntries).values(entries);
}

/** One ledger row as a fixed run (decision 069): a posting sent in the message that commits it. */
export function insertLedgerEntryRun(entry: Pick<NewLedgerEntryRow, 'agentUserId' | 'bookingId' | 'type' | 'amount' | 'entryDate' | 'text'>): FixedRun<void> {
  const values = {
    agentUserId: entry.agentUserId,
    bookingId: entry.bookingId ?? null,
    type: entry.type,
    amount: entry.amount,
    entryDate: entry.entryDate,
    text: entry.text ?? '',
  };
  return { statement: insertLedgerEntryStatement, values, read: () => undefined };
}

const insertLedgerEntryStatement = fixedStatement(
  'ledger_entry_insert',
  () => sql`insert into ${ledgerEntries} (agent_user_id, booking_id, type, amount, entry_date, text)
    values (${sql.placeholder('agentUserId')}::int, ${sql.placeholder('bookingId')}::int, ${sql.placeholder('type')}::ledger_entry_type,
      ${sql.placeholder('amount')}::int, ${sql.placeholder('entryDate')}::date, ${sql.placeholder('text')}::text)`,
);

/** What booking-update writes to one passenger: always these fields, so one prepared statement (decision 070). */
export type PassengerDetails = Required<
  Pick<typeof bookingPassengers.$inferInsert, 'title' | 'firstname' | 'lastname' | 'dob' | 'passportNo' | 'passportExpiryDate' | 'passportFileId' | 'visaFileId'>
>;

export async function updatePassenger({ db, passengerId, values }: { db: Executor; passengerId: number; values: PassengerDetails }): Promise<void> {
  const query = preparedStatement(db, 'lifecycle_passenger_update', (on) =>
    on
      .update(bookingPassengers)
      .set({
        title: sql`${sql.placeholder('title')}`,
        firstname: sql`${sql.placeholder('firstname')}`,
        lastname: sql`${sql.placeholder('lastname')}`,
        dob: sql`${sql.placeholder('dob')}`,
        passportNo: sql`${sql.placeholder('passportNo')}`,
        passportExpiryDate: sql`${sql.placeholder('passportExpiryDate')}`,
        passportFileId: sql`${sql.placeholder('passportFileId')}`,
        visaFileId: sql`${sql.placeholder('visaFileId')}`,
      })
      .where(eq(bookingPassengers.id, sql.placeholder('passengerId')))
      .prepare('lifecycle_passenger_update'),
  );
  await query.execute({ ...values, passengerId });
}

/** Who edited the booking last, and updated_at as Drizzle's $onUpdate sets it (a prepared statement cannot). */
export async function markBookingEdited({ db, bookingId, editedBy }: { db: Executor; bookingId: number; editedBy: number }): Promise<void> {
  const query = preparedStatement(db, 'lifecycle_booking_edited', (on) =>
    on
      .update(bookings)
      .set({ editedBy: sql`${sql.placeholder('editedBy')}`, updatedAt: sql`${sql.placeholder('updatedAt')}::timestamptz` })
      .where(eq(bookings.id, sql.placeholder('bookingId')))
      .prepare('lifecycle_booking_edited'),
  );
  await query.execute({ editedBy, updatedAt: new Date().toISOString(), bookingId });
}

/**
 * Deletes the files rows no passenger points at any more and answers their storage paths, so the caller can
 * remove the bytes after its commit. A scan still used by another passenger (the same bytes uploaded twice are
 * one file, files.usecases.ts) is kept.
 */
export async function deleteUnusedScanFiles({ db, fileIds }: { db: Executor; fileIds: number[] }): Promise<string[]> {
  if (fileIds.length === 0) return [];
  const rows = await db
    .delete(files)
    .where(
      and(
        inArray(files.id, [...new Set(fileIds)]),
        inArray(files.kind, ['passport', 'visa']),
        notExists(
          db
            .select({ one: sql`1` })
            .from(bookingPassengers)
            .where(or(eq(bookingPassengers.passportFileId, files.id), eq(bookingPassengers.visaFileId, files.id))),
        ),
      ),
    )
    .returning({ storagePath: files.storagePath });
  return rows.map((row) => row.storagePath);
}

/** True when a files row still names this storage path (a new upload of the same bytes after the delete). */
export async function isStoragePathInUse({ db, storagePath }: { db: Executor; storagePath: string }): Promise<boolean> {
  const [row] = await db.select({ id: files.id }).from(files).where(eq(files.storagePath, storagePath)).limit(1);
  return row !== undefined;
}
