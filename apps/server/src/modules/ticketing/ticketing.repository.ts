import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { allPassengersTicketed, bookingPassengers, bookings, holdsSeats } from '../bookings/bookings.table.js';
import { groups } from '../groups/groups.table.js';
import { users } from '../users/users.table.js';

/** Queries of ticket numbers and name lists (decision 031); every function takes the database or a transaction. */

/** The live (not deleted) group of a PNR; PNRs are stored upper-case (001 §5). */
export async function findLiveGroupIdByPnr({ db, pnr }: { db: Executor; pnr: string }) {
  const [row] = await db
    .select({ id: groups.id, pnr: groups.pnr })
    .from(groups)
    .where(and(eq(groups.pnr, pnr.toUpperCase()), isNull(groups.deletedAt)))
    .limit(1);
  return row;
}

/**
 * Passengers of the live bookings (holding seats: not cancelled, not a hold run out) of the live groups of these
 * PNRs, oldest booking first and in form order, with what matching and the screens need of their booking.
 */
export async function listLivePassengersOfPnrs({ db, pnrs }: { db: Executor; pnrs: string[] }) {
  if (pnrs.length === 0) return [];
  return db
    .select({
      passenger: bookingPassengers,
      pnr: groups.pnr,
      groupId: groups.id,
      booking: {
        id: bookings.id,
        confirmed: bookings.confirmed,
        cancelStatus: bookings.cancelStatus,
        agentUserId: bookings.agentUserId,
      },
      agentName: users.name,
      agencyName: users.agencyName,
    })
    .from(bookingPassengers)
    .innerJoin(bookings, eq(bookings.id, bookingPassengers.bookingId))
    .innerJoin(groups, eq(groups.id, bookings.groupId))
    .leftJoin(users, eq(users.id, bookings.agentUserId))
    .where(and(inArray(groups.pnr, pnrs), isNull(groups.deletedAt), holdsSeats))
    .orderBy(asc(bookings.id), asc(bookingPassengers.position));
}

export type LivePassengerRow = Awaited<ReturnType<typeof listLivePassengersOfPnrs>>[number];

/** Locks bookings FOR UPDATE before their numbers change. */
export async function lockBookings({ db, bookingIds }: { db: Executor; bookingIds: number[] }): Promise<void> {
  if (bookingIds.length === 0) return;
  // Ascending ids: two imports touching the same bookings take the locks in the same order and never deadlock.
  await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(inArray(bookings.id, bookingIds))
    .orderBy(asc(bookings.id))
    .for('update');
}

/** Who holds these ticket numbers now. */
export async function findTicketHolders({ db, ticketNos }: { db: Executor; ticketNos: string[] }) {
  if (ticketNos.length === 0) return [];
  return db
    .select({ passengerId: bookingPassengers.id, ticketNo: bookingPassengers.ticketNo })
    .from(bookingPassengers)
    .where(inArray(bookingPassengers.ticketNo, ticketNos));
}

/**
 * Writes the numbers: first clears them on every passenger written, then sets each, so numbers can move between
 * these passengers (a corrected sheet that swaps two) without passing through a duplicate.
 */
export async function writeTicketNumbers({
  db,
  tickets,
}: {
  db: Executor;
  tickets: Array<{ passengerId: number; ticketNo: string | null }>;
}): Promise<void> {
  if (tickets.length === 0) return;
  await db
    .update(bookingPassengers)
    .set({ ticketNo: null })
    .where(inArray(bookingPassengers.id, tickets.map((ticket) => ticket.passengerId)));
  for (const ticket of tickets) {
    if (ticket.ticketNo === null) continue;
    await db.update(bookingPassengers).set({ ticketNo: ticket.ticketNo }).where(eq(bookingPassengers.id, ticket.passengerId));
  }
}

/** Of these bookings, those whose passengers all have numbers now. */
export async function findFullyNumberedBookingIds({ db, bookingIds }: { db: Executor; bookingIds: number[] }): Promise<number[]> {
  if (bookingIds.length === 0) return [];
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(inArray(bookings.id, bookingIds), allPassengersTicketed));
  return rows.map((row) => row.id);
}
