import { and, asc, count, desc, eq, exists, ilike, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { airlines } from '../airlines/airlines.table.js';
import { bookings, holdsSeats } from '../bookings/bookings.table.js';
import { files } from '../files/files.table.js';
import { mySectors } from '../my-sectors/my-sectors.table.js';
import { sectors } from '../sectors/sectors.table.js';
import { users } from '../users/users.table.js';
import { groupLegs, groups, type GroupRow, type NewGroupLegRow, type NewGroupRow } from './groups.table.js';

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

/** Not cancelled, written as the partial indexes' predicate so the planner can use them. */
// Expired holds hold no seats even before the sweeper cancels them (issue 16.14).
const isLiveBooking = holdsSeats;

/**
 * Seats taken per group: adults + children of bookings not cancelled; infants take no seat (PRODUCT §4).
 * Only for the groups asked about, in one pass over their live bookings (bookings_live_group_idx): a join to an
 * aggregate over every booking was planned as a nested loop re-reading that aggregate once per group, since
 * without statistics (PGlite never gathers any) the planner expects one live group. Groups without a live
 * booking are absent from the map (sold 0). Also used by the tickets and the dashboard's Ending Soon.
 */
export async function sumSoldSeats({ db, groupIds }: { db: Executor; groupIds: readonly number[] }): Promise<Map<number, number>> {
  if (groupIds.length === 0) return new Map();
  const rows = await db
    .select({ groupId: bookings.groupId, sold: sql<number>`sum(${bookings.adults} + ${bookings.children})::int`.mapWith(Number) })
    .from(bookings)
    .where(and(inArray(bookings.groupId, [...new Set(groupIds)]), isLiveBooking))
    .groupBy(bookings.groupId);
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

export async function countSoldSeats({ db, groupId }: { db: Executor; groupId: number }): Promise<number> {
  const [row] = await db
    .select({ sold: sql<number>`coalesce(sum(${bookings.adults} + ${bookings.children}), 0)::int` })
    .from(bookings)
    .where(and(eq(bookings.groupId, groupId), isLiveBooking));
  return Number(row?.sold ?? 0);
}

export async function countLiveBookings({ db, groupId }: { db: Executor; groupId: number }): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(bookings)
    .where(and(eq(bookings.groupId, groupId), isLiveBooking));
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
