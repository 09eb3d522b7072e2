import { and, asc, between, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { airlines } from '../airlines/airlines.table.js';
import { bookingPassengers, bookings, holdsSeats } from '../bookings/bookings.table.js';
import { groups } from '../groups/groups.table.js';

/** Open, live groups with a deadline between `from` and `to` (inclusive), with their airline's name. */
export async function findGroupsWithDeadlines({ db, from, to }: { db: Executor; from: Date; to: Date }) {
  return db
    .select({
      id: groups.id,
      pnr: groups.pnr,
      airlineName: airlines.fullName,
      depositDeadline: groups.depositDeadline,
      nameDeadline: groups.nameDeadline,
      ticketingDeadline: groups.ticketingDeadline,
    })
    .from(groups)
    .innerJoin(airlines, eq(airlines.id, groups.airlineId))
    .where(
      and(
        isNull(groups.deletedAt),
        eq(groups.closeStatus, false),
        or(
          between(groups.depositDeadline, from, to),
          between(groups.nameDeadline, from, to),
          between(groups.ticketingDeadline, from, to),
        ),
      ),
    )
    .orderBy(asc(groups.id));
}

export interface GroupMissing {
  missingNames: number;
  ticketsMissing: number;
  amountDue: number;
  bookingsDue: number;
}

/** What each group's live bookings still miss (contract deadlines.ts); groups without live bookings are absent. */
export async function findMissingByGroup({ db, groupIds }: { db: Executor; groupIds: number[] }): Promise<Map<number, GroupMissing>> {
  if (groupIds.length === 0) return new Map();
  const passengerRows = await db
    .select({
      groupId: bookings.groupId,
      missingNames: sql<number>`count(*) filter (where ${bookingPassengers.firstname} is null)::int`.mapWith(Number),
      ticketsMissing: sql<number>`count(*) filter (where ${bookings.confirmed} and ${bookingPassengers.ticketNo} is null)::int`.mapWith(Number),
    })
    .from(bookingPassengers)
    .innerJoin(bookings, eq(bookings.id, bookingPassengers.bookingId))
    .where(and(inArray(bookings.groupId, groupIds), holdsSeats))
    .groupBy(bookings.groupId);
  const moneyRows = await db
    .select({
      groupId: bookings.groupId,
      amountDue: sql<number>`coalesce(sum(${bookings.remainingAmount}), 0)::int`.mapWith(Number),
      bookingsDue: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(bookings)
    .where(
      and(
        inArray(bookings.groupId, groupIds),
        eq(bookings.confirmed, true),
        eq(bookings.cancelStatus, false),
        sql`${bookings.remainingAmount} > 0`,
      ),
    )
    .groupBy(bookings.groupId);
  const result = new Map<number, GroupMissing>();
  const entry = (groupId: number) => {
    let found = result.get(groupId);
    if (!found) {
      found = { missingNames: 0, ticketsMissing: 0, amountDue: 0, bookingsDue: 0 };
      result.set(groupId, found);
    }
    return found;
  };
  for (const row of passengerRows) Object.assign(entry(row.groupId), { missingNames: row.missingNames, ticketsMissing: row.ticketsMissing });
  for (const row of moneyRows) Object.assign(entry(row.groupId), { amountDue: row.amountDue, bookingsDue: row.bookingsDue });
  return result;
}
