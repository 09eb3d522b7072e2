import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database.js';
import { preparedStatement } from '../../lib/prepared.js';
import { airlines } from '../airlines/airlines.table.js';
import { banners } from '../banners/banners.table.js';
import { bookings, type PaymentStatus } from '../bookings/bookings.table.js';
import { dashboardButtons } from '../dashboard-buttons/dashboard-buttons.table.js';
import { files } from '../files/files.table.js';
import { groups } from '../groups/groups.table.js';
import { users } from '../users/users.table.js';
import { compactBookingCountsIfLong, countedBookings } from './booking-counts.repository.js';
import { bookingCounts } from './booking-counts.table.js';

/** Queries of the dashboards (000 §2 Dashboard screen, §3 Dashboard response; dashboard.ts decisions). */

/** Confirmed and not cancelled: the bookings that are charged and paid against. */
const isLiveConfirmed = sql`(${bookings.confirmed} and not ${bookings.cancelStatus})`;

/**
 * A whole number written into the statement's text, not bound (decision 072): the dashboard's statements hold only
 * such constants, so each is planned once per connection with its real values (a statement with no parameters has
 * one plan), instead of planned again on every run.
 */
function inlined(value: number): SQL {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`not a whole number to inline: ${value}`);
  return sql.raw(String(value));
}

/** Booked on the placeholder `today` (YYYY-MM-DD, Asia/Karachi), as an instant range so the created_at index serves it. */
function bookedOnToday(): SQL {
  const today = sql.placeholder('today');
  return sql`(${bookings.createdAt} >= (${today}::date::timestamp at time zone 'Asia/Karachi') and ${bookings.createdAt} < ((${today}::date + 1)::timestamp at time zone 'Asia/Karachi'))`;
}

const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`.mapWith(Number);
const paidAs = (status: PaymentStatus) => sql`${isLiveConfirmed} and ${bookings.paymentStatus} = ${inlined(status)}`;

/** The same conditions over booking_counts' keys. */
const countedLiveConfirmed = sql`(${bookingCounts.confirmed} and not ${bookingCounts.cancelStatus})`;
const countedPaidAs = (status: PaymentStatus) => sql`${countedLiveConfirmed} and ${bookingCounts.paymentStatus} = ${inlined(status)}`;

/**
 * The all-time counts from booking_counts (decision 045: a few hundred rows kept by triggers, not a pass over every
 * booking), today's over the created_at index, in one statement. The Karachi day bounds are stable, not immutable, so
 * they are computed once for the range, not per booking.
 */
export async function countBookingSummary({ db, today }: { db: Executor; today: string }) {
  const query = preparedStatement(db, 'dashboard_counts', (on) => countsQuery(on).prepare('dashboard_counts'));
  const [row] = await query.execute({ today });
  const { rows, ...counts } = row!.overall;
  await compactBookingCountsIfLong({ db, rows });
  return { ...counts, ...row!.on_today };
}

function countsQuery(db: Executor) {
  const overall = db
    .select({
      total: countedBookings().as('total'),
      confirmed: countedBookings(countedLiveConfirmed).as('confirmed'),
      cancelled: countedBookings(sql`${bookingCounts.cancelStatus}`).as('cancelled'),
      paid: countedBookings(countedPaidAs(2)).as('paid'),
      partial: countedBookings(countedPaidAs(1)).as('partial'),
      unpaid: countedBookings(countedPaidAs(0)).as('unpaid'),
      rows: sql<number>`count(*)::int`.as('rows'),
    })
    .from(bookingCounts)
    .as('overall');
  const onToday = db
    .select({
      todayTotal: countWhere(sql`true`).as('today_total'),
      todayConfirmed: countWhere(isLiveConfirmed).as('today_confirmed'),
      todayCancelled: countWhere(sql`${bookings.cancelStatus}`).as('today_cancelled'),
      todayPaid: countWhere(paidAs(2)).as('today_paid'),
      todayPartial: countWhere(paidAs(1)).as('today_partial'),
      todayUnpaid: countWhere(paidAs(0)).as('today_unpaid'),
    })
    .from(bookings)
    .where(bookedOnToday())
    .as('on_today');
  return db.select().from(overall).innerJoin(onToday, sql`true`);
}

const agentUsers = alias(users, 'agent_user');

/** How many rows the whole query matches, on each of its first rows: the list and its total in one statement. */
const totalRows = sql<number>`(count(*) over ())::int`.mapWith(Number);

const liveHold = sql`not ${bookings.confirmed} and not ${bookings.cancelStatus}`;

/** The dashboard's booking lists, each the first `limit` of its own order. */
export type BookingListKind = 'pending' | 'partials' | 'holds' | 'due';
const LIST_KINDS: BookingListKind[] = ['pending', 'partials', 'holds', 'due'];

/**
 * One list's first `limit` ids in its order, numbered (`ord`) and tagged with its kind and total.
 * - pending / partials: confirmed live bookings with nothing / part received, newest first (the created_at index
 *   read backwards); no total.
 * - holds: live holds whose time has not run out, soonest expiry first (the hold-expiry index in its order).
 * - due: confirmed live bookings not fully paid, soonest first departure first, then the oldest booking: the groups by
 *   departure date, each group's first `limit` due bookings by creation (the group index), merged; the fence
 *   (`offset 0`) keeps the groups sorted so the planner stops after the first groups instead of sorting all 23,000 due
 *   bookings (decision 045).
 */
function pickList(kind: BookingListKind, limit: number): SQL {
  switch (kind) {
    case 'pending':
    case 'partials':
      return sql`select ${sql.raw(`'${kind}'`)}::text as kind, row_number() over (order by created_at desc, id desc) as ord, id, 0 as total from (
          select ${bookings.id} as id, ${bookings.createdAt} as created_at from ${bookings} where ${paidAs(kind === 'pending' ? 0 : 1)}
          order by ${bookings.createdAt} desc, ${bookings.id} desc limit ${inlined(limit)}) newest`;
    case 'holds':
      return sql`select 'holds'::text as kind, row_number() over (order by cancel_at, id) as ord, id, ${countWaiting('holds')} as total from (
          select ${bookings.id} as id, ${bookings.cancelAt} as cancel_at from ${bookings} where ${liveHold} and ${bookings.cancelAt} > now()
          order by ${bookings.cancelAt}, ${bookings.id} limit ${inlined(limit)}) soonest`;
    case 'due':
      return sql`select 'due'::text as kind, row_number() over (order by departure_date, created_at, id) as ord, id, ${countWaiting('due')} as total from (
          select due.id, g.departure_date, due.created_at
          from (select ${groups.id} as id, ${groups.departureDate} as departure_date from ${groups} order by ${groups.departureDate} offset 0) g
          cross join lateral (select ${bookings.id} as id, ${bookings.createdAt} as created_at from ${bookings}
            where ${bookings.groupId} = g.id and ${isLiveConfirmed} and ${bookings.paymentStatus} < 2
            order by ${bookings.createdAt}, ${bookings.id} limit ${inlined(limit)}) due
          order by g.departure_date, due.created_at, due.id limit ${inlined(limit)}) first_due`;
  }
}

/**
 * How many wait, evaluated once per statement: from booking_counts (decision 045); for holds, the live holds counted
 * there less those whose time has run out (few: the sweeper cancels them) or that have none, each a range of the
 * hold-expiry index (one condition with `or` was a filter over every hold's heap row).
 */
function countWaiting(kind: 'holds' | 'due'): SQL {
  return kind === 'holds'
    ? sql`((select coalesce(sum(${bookingCounts.n}), 0) from ${bookingCounts} where not ${bookingCounts.confirmed} and not ${bookingCounts.cancelStatus})
        - (select count(*) from ${bookings} where ${liveHold} and ${bookings.cancelAt} <= now())
        - (select count(*) from ${bookings} where ${liveHold} and ${bookings.cancelAt} is null))::int`
    : sql`(select coalesce(sum(${bookingCounts.n}), 0) from ${bookingCounts} where ${countedLiveConfirmed} and ${bookingCounts.paymentStatus} < 2)::int`;
}

/**
 * The dashboard's four booking lists (Pending Payments, Partial Paid; what waits for the admin, issue 21 point 5,
 * decision 023: Holds and Payments Due with their totals) in one statement: each list's ids picked on narrow rows,
 * then those bookings joined once to their group, logo and agent (decision 045: one statement planned and sent
 * instead of four; the window count over every match cost ~300 ms for the 23,000 bookings due, decision 040).
 */
export async function listDashboardBookings({ db, limit }: { db: Executor; limit: number }) {
  const name = `dashboard_lists_${limit}`;
  const rows = await preparedStatement(db, name, (on) => listsQuery(on, limit).prepare(name)).execute();
  const lists = Object.fromEntries(LIST_KINDS.map((kind) => [kind, { rows: [] as typeof rows, total: 0 }])) as Record<BookingListKind, { rows: typeof rows; total: number }>;
  for (const row of rows) {
    const list = lists[row.kind];
    list.rows.push(row);
    list.total = row.total;
  }
  return lists;
}

/** The four lists' statement; every value in it is a constant (inlined), so it has no parameters. */
function listsQuery(db: Executor, limit: number) {
  const picked = { kind: sql<BookingListKind>`picked.kind`, ord: sql`picked.ord`, id: sql`picked.id`, total: sql<number>`picked.total`.mapWith(Number) };
  return db
    .select({
      kind: picked.kind,
      booking: bookings,
      pnr: groups.pnr,
      departureDate: groups.departureDate,
      logoPath: files.storagePath,
      agentName: agentUsers.name,
      agencyName: agentUsers.agencyName,
      total: picked.total,
    })
    .from(sql`(${sql.join(
      LIST_KINDS.map((kind) => sql`(${pickList(kind, limit)})`),
      sql` union all `,
    )}) picked`)
    .innerJoin(bookings, eq(bookings.id, picked.id))
    .innerJoin(groups, eq(groups.id, bookings.groupId))
    .innerJoin(airlines, eq(airlines.id, groups.airlineId))
    .leftJoin(files, eq(files.id, airlines.logoFileId))
    .leftJoin(agentUsers, eq(agentUsers.id, bookings.agentUserId))
    .orderBy(picked.kind, picked.ord);
}

export type DashboardBookingRow = Awaited<ReturnType<typeof listDashboardBookings>>[BookingListKind]['rows'][number];

/** Live agents awaiting approval, the longest waiting first, the first `limit` with the total (decision 023). */
export async function listPendingAgents({ db, limit }: { db: Executor; limit: number }) {
  const rows = await preparedStatement(db, 'dashboard_pending_agents', (on) =>
    on
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
      .where(and(sql`${users.role} = 'user'`, sql`${users.activeStatus} = 'pending'`, isNull(users.deletedAt)))
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(sql.placeholder('limit'))
      .prepare('dashboard_pending_agents'),
  ).execute({ limit });
  return { rows, total: rows[0]?.total ?? 0 };
}

export type PendingAgentRow = Awaited<ReturnType<typeof listPendingAgents>>['rows'][number];

/** Active dashboard buttons in the order they were added, each with the count of its active banners. */
export async function listActiveDashboardButtons({ db }: { db: Executor }) {
  return preparedStatement(db, 'dashboard_buttons', (on) => buttonsQuery(on).prepare('dashboard_buttons')).execute();
}

function buttonsQuery(db: Executor) {
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
    .where(sql`${dashboardButtons.status}`)
    .orderBy(asc(dashboardButtons.createdAt), asc(dashboardButtons.id));
}
