import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { airlines } from '../airlines/airlines.table.js';
import { bookingPassengers, bookings } from '../bookings/bookings.table.js';
import { files, type FileRow } from '../files/files.table.js';
import { groupLegs, groups } from '../groups/groups.table.js';
import { sectors } from '../sectors/sectors.table.js';
import { users } from '../users/users.table.js';

/** Reads of the documents (issue 4); every function takes the database or a transaction. */

const agentColumns = {
  agentName: users.name,
  agencyName: users.agencyName,
  agentId: users.agentId,
};

/** A booking with its group, airline (and logo path) and agent; any booking, cancelled or of a deleted group too. */
export async function findBookingForDocument({ db, bookingId }: { db: Executor; bookingId: number }) {
  const [row] = await db
    .select({
      booking: bookings,
      pnr: groups.pnr,
      meal: groups.meal,
      airlineName: airlines.fullName,
      logoPath: files.storagePath,
      ...agentColumns,
    })
    .from(bookings)
    .innerJoin(groups, eq(groups.id, bookings.groupId))
    .innerJoin(airlines, eq(airlines.id, groups.airlineId))
    .leftJoin(files, eq(files.id, airlines.logoFileId))
    .leftJoin(users, eq(users.id, bookings.agentUserId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row;
}

/** The live (not deleted) group of a PNR with its airline; PNRs are stored upper-case (001 §5). */
export async function findLiveGroupForDocument({ db, pnr }: { db: Executor; pnr: string }) {
  const [row] = await db
    .select({ group: groups, airlineName: airlines.fullName, logoPath: files.storagePath })
    .from(groups)
    .innerJoin(airlines, eq(airlines.id, groups.airlineId))
    .leftJoin(files, eq(files.id, airlines.logoFileId))
    .where(and(eq(groups.pnr, pnr.toUpperCase()), isNull(groups.deletedAt)))
    .limit(1);
  return row;
}

/** Legs in form order (A-1, A-2, B-1, B-2) with their sector names. */
export async function listLegsForDocument({ db, groupId }: { db: Executor; groupId: number }) {
  return db
    .select({ leg: groupLegs, sectorName: sectors.sectorName })
    .from(groupLegs)
    .innerJoin(sectors, eq(sectors.id, groupLegs.sectorId))
    .where(eq(groupLegs.groupId, groupId))
    .orderBy(asc(groupLegs.position));
}

/** Bookings of a group that are not cancelled, oldest first, with their agents. */
export async function listLiveBookingsOfGroup({ db, groupId }: { db: Executor; groupId: number }) {
  return db
    .select({
      id: bookings.id,
      adults: bookings.adults,
      children: bookings.children,
      ...agentColumns,
    })
    .from(bookings)
    .leftJoin(users, eq(users.id, bookings.agentUserId))
    .where(and(eq(bookings.groupId, groupId), eq(bookings.cancelStatus, false)))
    .orderBy(asc(bookings.id));
}

/** Passengers of the bookings, in booking then form order. */
export async function listPassengersOfBookings({ db, bookingIds }: { db: Executor; bookingIds: number[] }) {
  if (bookingIds.length === 0) return [];
  return db
    .select()
    .from(bookingPassengers)
    .where(inArray(bookingPassengers.bookingId, bookingIds))
    .orderBy(asc(bookingPassengers.bookingId), asc(bookingPassengers.position));
}

export async function findFileById({ db, fileId }: { db: Executor; fileId: number }): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.id, fileId)).limit(1);
  return row;
}
