import { and, asc, count, desc, eq, exists, ilike, inArray, isNull, ne, type Column, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database.js';
import { airlines } from '../airlines/airlines.table.js';
import { bookings, holdsSeats } from '../bookings/bookings.table.js';
import { files } from '../files/files.table.js';
import { mySectors } from '../my-sectors/my-sectors.table.js';
import { sectors } from '../sectors/sectors.table.js';
import { users } from '../users/users.table.js';
import { groupLegs, groupSeats, groups, type GroupRow, type NewGroupLegRow, type NewGroupRow } from './groups.table.js';

/** Active and not deleted: what the group form may choose (001 §7 general). */
export async function findLookups({ db }: { db: Executor }) {
  // One query at a time: an executor may be a transaction, whose single connection runs queries in turn.
  const airlineRows = await db
    .select({ id: airlines.id, full_name: airlines.fullName })
    .from(airlines)
    .where(and(isNull(airlines.deletedAt), eq(airlines.status, true)))
    .orderBy(asc(airlines.fullName), asc(airlines.id));
  const mySectorRows = await db
    .select({ id: mySectors.id, name: mySectors.name })
    .from(mySectors)
    .where(and(isNull(mySectors.deletedAt), eq(mySectors.status, true)))
    .orderBy(asc(mySectors.name), asc(mySectors.id));
  const sectorRows = await db
    .select({ id: sectors.id, sector_name: sectors.sectorName })
    .from(sectors)
    .where(and(isNull(sectors.deletedAt), eq(sectors.status, true)))
    .orderBy(asc(sectors.sectorName), asc(sectors.id));
  return { airline: airlineRows, my_sectors: mySectorRows, sectors: sectorRows };
}

/**
 * `column` is one of `ids`, sent as one int[] parameter: drizzle builds an `in` list parameter by parameter, which for
 * a search's 174 groups cost more of the thread than reading the rows (decision 043, profile on PostgreSQL).
 */
export function isAnyOf(column: Column, ids: readonly number[]): SQL {
  return sql`${column} = any(${intArrayParam(ids)}::int[])`;
}

/** isAnyOf in a prepared statement: `column` is one of the ids the placeholder `name` carries (as intArrayParam). */
export function isAnyOfPlaceholder(column: Column, name: string): SQL {
  return sql`${column} = any(${sql.placeholder(name)}::int[])`;
}

/** Ids as one int[] parameter's text: `{1,2,3}`. */
export function intArrayParam(ids: readonly number[]): string {
  return `{${ids.join(',')}}`;
}

/**
 * A hold whose seats follow the clock (decision 043): not confirmed, not cancelled, cancel_at still ahead. With the
 * group's standing seats (group_seats) it makes holdsSeats: the two never share a booking. Written as
 * bookings_live_hold_group_idx's predicate so that index serves it.
 */
export const isUnexpiredHold = sql`not ${bookings.confirmed} and not ${bookings.cancelStatus} and ${bookings.cancelAt} > now()`;

/**
 * The seats the group's live bookings hold (holdsSeats: adults + children; infants take no seat, PRODUCT §4), as an
 * int expression over `groupId` (a number or a column): the group's standing seats, kept by the database
 * (group_seats, decision 043), plus its unexpired holds. Used inside other statements (add-booking's checks).
 */
export function soldSeatsExpression(db: Executor, groupId: number | typeof groups.id): SQL<number> {
  // Subqueries built as queries, not written in the template: a select from one table leaves the table names out
  // of its own columns, which would make `id` the booking's here.
  const standing = db.select({ seats: groupSeats.standingSeats }).from(groupSeats).where(eq(groupSeats.groupId, groupId));
  const holds = db
    .select({ seats: sql`sum(${bookings.adults} + ${bookings.children})` })
    .from(bookings)
    .where(and(eq(bookings.groupId, groupId), isUnexpiredHold));
  return sql<number>`(coalesce((${standing}), 0) + coalesce((${holds}), 0))::int`;
}

/**
 * Seats taken per group (holdsSeats), for the groups asked about: their standing seats (group_seats, one row each)
 * and their unexpired holds (bookings_live_hold_group_idx), added per group, so no read scans a group's confirmed
 * bookings (decision 043; before it, one pass over 14,000-23,000 live bookings for a search). Groups holding no
 * seat are absent from the map (sold 0), as they always were. Also used by the tickets (withSoldSeats).
 */
export async function sumSoldSeats({ db, groupIds }: { db: Executor; groupIds: readonly number[] }): Promise<Map<number, number>> {
  if (groupIds.length === 0) return new Map();
  const ids = [...new Set(groupIds)];
  const parts = unionAll(
    db
      .select({ groupId: groupSeats.groupId, seats: sql<number>`${groupSeats.standingSeats}`.as('seats') })
      .from(groupSeats)
      .where(isAnyOf(groupSeats.groupId, ids)),
    db
      .select({ groupId: bookings.groupId, seats: sql<number>`${bookings.adults} + ${bookings.children}`.as('seats') })
      .from(bookings)
      .where(and(isAnyOf(bookings.groupId, ids), isUnexpiredHold)),
  ).as('parts');
  const rows = await db
    .select({ groupId: parts.groupId, sold: sql<number>`sum(${parts.seats})::int`.mapWith(Number) })
    .from(parts)
    .groupBy(parts.groupId)
    .having(sql`sum(${parts.seats}) > 0`);
  return new Map(rows.map((row) => [row.groupId, row.sold]));
}

/** Adds `sold` to each row from sumSoldSeats. */
export async function withSoldSeats<T extends { group: { id: number } }>({
  db,
  rows,
}: {
  db: Executor;
  rows: T[];
}): Promise<Array<T & { sold: number }>> {
  const sold = await sumSoldSeats({ db, groupIds: rows.map((row) => row.group.id) });
  return rows.map((row) => ({ ...row, sold: sold.get(row.group.id) ?? 0 }));
}

export interface GroupListFilter {
  closed: boolean;
  pnr?: string | undefined;
  date?: string | undefined;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function listCondition({ closed, pnr, date }: GroupListFilter, db: Executor): SQL | undefined {
  const conditions: SQL[] = [isNull(groups.deletedAt), eq(groups.closeStatus, closed)];
  if (pnr) conditions.push(ilike(groups.pnr, `%${escapeLike(pnr)}%`));
  if (date) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(groupLegs)
          .where(and(eq(groupLegs.groupId, groups.id), eq(groupLegs.departureDate, date))),
      ),
    );
  }
  return and(...conditions);
}

/** The columns every group answer needs, joined once (airline, logo, added-by name); sold seats come from withSoldSeats. */
function selectGroupDetails(db: Executor) {
  return db
    .select({
      group: groups,
      airlineName: airlines.fullName,
      logoPath: files.storagePath,
      addedByName: users.name,
    })
    .from(groups)
    .innerJoin(airlines, eq(airlines.id, groups.airlineId))
    .leftJoin(files, eq(files.id, airlines.logoFileId))
    .leftJoin(users, eq(users.id, groups.addedBy));
}

export type GroupDetailsRow = Awaited<ReturnType<typeof findGroupDetails>>;

/**
 * Open list: soonest first departure first (what leaves next matters); history: latest first.
 * The id breaks ties so pages never overlap.
 */
export async function listGroups({
  db,
  filter,
  limit,
  offset,
}: {
  db: Executor;
  filter: GroupListFilter;
  limit: number;
  offset: number;
}) {
  const where = listCondition(filter, db);
  const order = filter.closed
    ? [desc(groups.departureDate), desc(groups.id)]
    : [asc(groups.departureDate), asc(groups.id)];
  const rows = await withSoldSeats({ db, rows: await selectGroupDetails(db).where(where).orderBy(...order).limit(limit).offset(offset) });
  const [total] = await db.select({ value: count() }).from(groups).where(where);
  return { rows, total: Number(total?.value ?? 0) };
}

export async function findGroupDetails({ db, groupId }: { db: Executor; groupId: number }) {
  const [row] = await selectGroupDetails(db)
    .where(and(eq(groups.id, groupId), isNull(groups.deletedAt)))
    .limit(1);
  if (!row) return undefined;
  const [withSold] = await withSoldSeats({ db, rows: [row] });
  return withSold;
}

/** Legs of some groups with their sector names, in position order. */
export async function findLegs({ db, groupIds }: { db: Executor; groupIds: number[] }) {
  if (groupIds.length === 0) return [];
  return db
    .select({ leg: groupLegs, sectorName: sectors.sectorName })
    .from(groupLegs)
    .innerJoin(sectors, eq(sectors.id, groupLegs.sectorId))
    .where(inArray(groupLegs.groupId, groupIds))
    .orderBy(asc(groupLegs.groupId), asc(groupLegs.position));
}

/**
 * The live group, locked until the transaction ends: bookings lock the same row before taking seats,
 * so seats sold cannot change between the check and the write.
 */
export async function lockGroup({ db, groupId }: { db: Executor; groupId: number }): Promise<GroupRow | undefined> {
  const [row] = await db
    .select()
    .from(groups)
    .where(and(eq(groups.id, groupId), isNull(groups.deletedAt)))
    .for('update')
    .limit(1);
  return row;
}

/** The seats the group's live bookings hold (soldSeatsExpression): add-booking's count under the group's lock. */
export async function countSoldSeats({ db, groupId }: { db: Executor; groupId: number }): Promise<number> {
  const [row] = await db
    .select({ sold: soldSeatsExpression(db, groups.id).mapWith(Number) })
    .from(groups)
    .where(eq(groups.id, groupId));
  return row?.sold ?? 0;
}

export async function countLiveBookings({ db, groupId }: { db: Executor; groupId: number }): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(bookings)
    .where(and(eq(bookings.groupId, groupId), holdsSeats));
  return Number(row?.value ?? 0);
}

/** Status (true: active) of the given airline, my sector and sectors that are not deleted; absent ids are unknown or deleted. */
export async function findReferenceStatuses({
  db,
  airlineId,
  mySectorId,
  sectorIds,
}: {
  db: Executor;
  airlineId: number;
  mySectorId: number;
  sectorIds: number[];
}) {
  const airlineRows = await db
    .select({ status: airlines.status })
    .from(airlines)
    .where(and(eq(airlines.id, airlineId), isNull(airlines.deletedAt)));
  const mySectorRows = await db
    .select({ status: mySectors.status })
    .from(mySectors)
    .where(and(eq(mySectors.id, mySectorId), isNull(mySectors.deletedAt)));
  const sectorRows = await db
    .select({ id: sectors.id, status: sectors.status })
    .from(sectors)
    .where(and(inArray(sectors.id, sectorIds), isNull(sectors.deletedAt)));
  return {
    airline: airlineRows[0]?.status,
    mySector: mySectorRows[0]?.status,
    sectors: new Map(sectorRows.map((row) => [row.id, row.status])),
  };
}

export async function isPnrTaken({
  db,
  pnr,
  exceptGroupId,
}: {
  db: Executor;
  pnr: string;
  exceptGroupId?: number;
}): Promise<boolean> {
  const conditions = [eq(groups.pnr, pnr), isNull(groups.deletedAt)];
  if (exceptGroupId !== undefined) conditions.push(ne(groups.id, exceptGroupId));
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

export async function insertGroup({ db, group }: { db: Executor; group: NewGroupRow }): Promise<number> {
  const [row] = await db.insert(groups).values(group).returning({ id: groups.id });
  return row!.id;
}

export async function updateGroup({
  db,
  groupId,
  values,
}: {
  db: Executor;
  groupId: number;
  values: Partial<NewGroupRow>;
}): Promise<void> {
  await db.update(groups).set(values).where(eq(groups.id, groupId));
}

/** Replaces every leg of a group (the caller's transaction keeps departure_date in step). */
export async function replaceLegs({
  db,
  groupId,
  legs,
}: {
  db: Executor;
  groupId: number;
  legs: Array<Omit<NewGroupLegRow, 'groupId'>>;
}): Promise<void> {
  await db.delete(groupLegs).where(eq(groupLegs.groupId, groupId));
  await db.insert(groupLegs).values(legs.map((leg) => ({ ...leg, groupId })));
}

export async function softDeleteGroup({ db, groupId }: { db: Executor; groupId: number }): Promise<void> {
  await db.update(groups).set({ deletedAt: sql`now()` }).where(eq(groups.id, groupId));
}
