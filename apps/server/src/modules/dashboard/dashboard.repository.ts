import { and, asc, desc, eq, gt, gte, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database.js';
import { airlines } from '../airlines/airlines.table.js';
import { banners } from '../banners/banners.table.js';
import { bookings, type PaymentStatus } from '../bookings/bookings.table.js';
import { dashboardButtons } from '../dashboard-buttons/dashboard-buttons.table.js';
import { files } from '../files/files.table.js';
import { sumSoldSeats } from '../groups/groups.repository.js';
import { groupLegs, groups } from '../groups/groups.table.js';
import { sectors } from '../sectors/sectors.table.js';
import { users } from '../users/users.table.js';

/** Queries of the dashboards (000 §2 Dashboard screen, §3 Dashboard response; dashboard.ts decisions). */

/** Confirmed and not cancelled: the bookings that are charged and paid against. */
const isLiveConfirmed = sql`(${bookings.confirmed} and not ${bookings.cancelStatus})`;

/** Booked on `today` (YYYY-MM-DD, Asia/Karachi), as an instant range so the created_at index serves it. */
function bookedOn(today: string): SQL {
  return sql`(${bookings.createdAt} >= (${today}::date::timestamp at time zone 'Asia/Karachi') and ${bookings.createdAt} < ((${today}::date + 1)::timestamp at time zone 'Asia/Karachi'))`;
}

const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`.mapWith(Number);
const paidAs = (status: PaymentStatus) => sql`${isLiveConfirmed} and ${bookings.paymentStatus} = ${status}`;

/**
 * All-time counts in one pass over the bookings, then today's over the created_at index only: the Karachi day
 * bounds are stable, not immutable, so testing them in the all-time pass converted the time zone twice per
 * booking per count.
 */
export async function countBookingSummary({ db, today }: { db: Executor; today: string }) {
  const [overall] = await db
    .select({
      total: countWhere(sql`true`),
      confirmed: countWhere(isLiveConfirmed),
      cancelled: countWhere(sql`${bookings.cancelStatus}`),
      paid: countWhere(paidAs(2)),
      partial: countWhere(paidAs(1)),
      unpaid: countWhere(paidAs(0)),
    })
    .from(bookings);
  const [onToday] = await db
    .select({
      todayTotal: countWhere(sql`true`),
      todayConfirmed: countWhere(isLiveConfirmed),
      todayCancelled: countWhere(sql`${bookings.cancelStatus}`),
      todayPaid: countWhere(paidAs(2)),
      todayPartial: countWhere(paidAs(1)),
      todayUnpaid: countWhere(paidAs(0)),
    })
    .from(bookings)
    .where(bookedOn(today));
  return { ...overall!, ...onToday! };
}

const agentUsers = alias(users, 'agent_user');

/** The newest confirmed live bookings with this payment status (0 nothing received, 1 partly), with airline logo and agent. */
export async function listConfirmedBookingsByPaymentStatus({
  db,
  paymentStatus,
  limit,
}: {
  db: Executor;
  paymentStatus: 0 | 1;
  limit: number;
}) {
  return db
    .select({
      booking: bookings,
      pnr: groups.pnr,
      logoPath: files.storagePath,
      agentName: agentUsers.name,
      agencyName: agentUsers.agencyName,
    })
    .from(bookings)
    .innerJoin(groups, eq(groups.id, bookings.groupId))
    .innerJoin(airlines, eq(airlines.id, groups.airlineId))
    .leftJoin(files, eq(files.id, airlines.logoFileId))
    .leftJoin(agentUsers, eq(agentUsers.id, bookings.agentUserId))
    .where(paidAs(paymentStatus))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(limit);
}

export type DashboardBookingRow = Awaited<ReturnType<typeof listConfirmedBookingsByPaymentStatus>>[number];

/** How many rows the whole query matches, on each of its first rows: the list and its total in one statement. */
const totalRows = sql<number>`(count(*) over ())::int`.mapWith(Number);

/**
 * What waits for the admin among the bookings (issue 21 point 5, decision 023), the first `limit` with the total:
 * `holds` live holds whose time has not run out, soonest expiry first (the hold-expiry index's order);
 * `due` confirmed live bookings not fully paid, soonest first departure first, then the oldest booking.
 */
export async function listWaitingBookings({ db, kind, limit }: { db: Executor; kind: 'holds' | 'due'; limit: number }) {
  // The first `limit` ids and the total over narrow rows, then only those bookings with their names and logos: the
  // window count over every match's whole joined row cost ~300 ms for the 23,000 bookings due (decision 040).
  const candidates = db
    .select({ id: bookings.id, departureDate: groups.departureDate, createdAt: bookings.createdAt, cancelAt: bookings.cancelAt, total: totalRows.as('total') })
    .from(bookings)
    .innerJoin(groups, eq(groups.id, bookings.groupId))
    .$dynamic();
  const picked = (
    kind === 'holds'
      ? candidates
          .where(sql`not ${bookings.confirmed} and not ${bookings.cancelStatus} and ${bookings.cancelAt} > now()`)
          .orderBy(asc(bookings.cancelAt), asc(bookings.id))
      : candidates
          .where(sql`${isLiveConfirmed} and ${bookings.paymentStatus} < 2`)
          .orderBy(asc(groups.departureDate), asc(bookings.createdAt), asc(bookings.id))
  )
    .limit(limit)
    .as('picked');
  const rows = await db
    .select({
      booking: bookings,
      pnr: groups.pnr,
      departureDate: groups.departureDate,
      logoPath: files.storagePath,
      agentName: agentUsers.name,
      agencyName: agentUsers.agencyName,
      total: picked.total,
    })
    .from(picked)
    .innerJoin(bookings, eq(bookings.id, picked.id))
    .innerJoin(groups, eq(groups.id, bookings.groupId))
    .innerJoin(airlines, eq(airlines.id, groups.airlineId))
    .leftJoin(files, eq(files.id, airlines.logoFileId))
    .leftJoin(agentUsers, eq(agentUsers.id, bookings.agentUserId))
    .orderBy(...(kind === 'holds' ? [asc(picked.cancelAt), asc(picked.id)] : [asc(picked.departureDate), asc(picked.createdAt), asc(picked.id)]));
  return { rows, total: rows[0]?.total ?? 0 };
}

export type WaitingBookingRow = Awaited<ReturnType<typeof listWaitingBookings>>['rows'][number];

/** Live agents awaiting approval, the longest waiting first, the first `limit` with the total (decision 023). */
export async function listPendingAgents({ db, limit }: { db: Executor; limit: number }) {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      agencyName: users.agencyName,
      email: users.email,
      phone: users.phone,
      city: users.city,
      createdAt: users.createdAt,
      total: totalRows,
    })
    .from(users)
    .where(and(eq(users.role, 'user'), eq(users.activeStatus, 'pending'), isNull(users.deletedAt)))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(limit);
  return { rows, total: rows[0]?.total ?? 0 };
}

export type PendingAgentRow = Awaited<ReturnType<typeof listPendingAgents>>['rows'][number];

const firstLeg = alias(groupLegs, 'first_leg');
const lastOutboundLeg = alias(groupLegs, 'last_outbound_leg');
const firstSector = alias(sectors, 'first_sector');
const lastOutboundSector = alias(sectors, 'last_outbound_sector');

/**
 * Ending Soon: groups still offered (open, not deleted, first departure on or after `today`, PRODUCT §4) with seats
 * left, soonest departure first. The sector is the outbound journey, first leg's origin to the arrival of leg
 * direction - 1, as on the ticket cards and bookings lists. Offered groups are few and read in order; their sold
 * seats are summed a slice at a time (twice the limit, then doubling) until `limit` groups with seats are found,
 * so full groups at the front cost one slice, not a pass over every booking.
 */
export async function listEndingSoonGroups({ db, today, limit }: { db: Executor; today: string; limit: number }) {
  const offered = await db
    .select({
      id: groups.id,
      pnr: groups.pnr,
      departureDate: groups.departureDate,
      totalTicket: groups.totalTicket,
      sector: sql<string>`${firstSector.fromSector} || ' - ' || coalesce(${lastOutboundSector.toSector}, ${firstSector.toSector})`,
    })
    .from(groups)
    .innerJoin(firstLeg, and(eq(firstLeg.groupId, groups.id), eq(firstLeg.position, 0)))
    .innerJoin(firstSector, eq(firstSector.id, firstLeg.sectorId))
    .leftJoin(lastOutboundLeg, and(eq(lastOutboundLeg.groupId, groups.id), sql`${lastOutboundLeg.position} = ${groups.direction} - 1`))
    .leftJoin(lastOutboundSector, eq(lastOutboundSector.id, lastOutboundLeg.sectorId))
    .where(and(eq(groups.closeStatus, false), isNull(groups.deletedAt), gte(groups.departureDate, today), gt(groups.totalTicket, 0)))
    .orderBy(asc(groups.departureDate), asc(firstLeg.departureTime), asc(groups.id));
  const found: Array<(typeof offered)[number] & { sold: number }> = [];
  for (let start = 0, size = limit * 2; start < offered.length && found.length < limit; start += size, size *= 2) {
    const slice = offered.slice(start, start + size);
    const sold = await sumSoldSeats({ db, groupIds: slice.map((group) => group.id) });
    for (const group of slice) {
      const groupSold = sold.get(group.id) ?? 0;
      if (group.totalTicket - groupSold > 0) found.push({ ...group, sold: groupSold });
      if (found.length === limit) break;
    }
  }
  return found;
}

/** Active dashboard buttons in the order they were added, each with the count of its active banners. */
export async function listActiveDashboardButtons({ db }: { db: Executor }) {
  return db
    .select({
      id: dashboardButtons.id,
      title: dashboardButtons.title,
      target: dashboardButtons.target,
      imagePath: files.storagePath,
      bannerCount: sql<number>`(select count(*) from ${banners} where ${banners.dashBtnId} = ${dashboardButtons.id} and ${banners.status})::int`.mapWith(
        Number,
      ),
    })
    .from(dashboardButtons)
    .leftJoin(files, eq(files.id, dashboardButtons.imageFileId))
    .where(eq(dashboardButtons.status, true))
    .orderBy(asc(dashboardButtons.createdAt), asc(dashboardButtons.id));
}
